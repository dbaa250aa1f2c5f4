package fetch

// Dates of the copies the built-in values were read from. A copy that
// carries no finer date is dated by year only.
const (
	dateGooglebotDoc   = "2026-07-08" // ceoguy/google-seo mirror, front matter "fetched"
	dateOverview       = "2026-07-08" // same mirror, overview-google-crawlers.md
	dateRobotsSpec     = "2026-07-08" // same mirror, robots-txt-spec.md
	dateCrawlerBlog    = "2026-03-31" // "Inside Googlebot" blog post
	dateCommonCapture  = "2026-09-22" // verbatim capture of the common-crawlers page
	dateSpecialCase    = "2026-02-11" // special-case crawlers page, LAST-UPDATED
	dateInspectionFix  = "2026-07-14" // changelog: InspectionTool UA corrected
	dateHTTPErrors     = "2021"       // 2021-era copy of the HTTP and network errors page
	dateOldAppendix    = "2019"       // 2019 mirror of Google's old crawler appendix
	dateVendorUndated  = "2026"       // vendor pages read in 2026 without a date of their own
	dateAnthropicDocs  = "2026-02"    // Anthropic crawler docs, updated around 2026-02-20
	dateCommonCrawlFAQ = "2025"       // Common Crawl FAQ and its 2025 notebook
)

// Field names used in Source.Field, one per sourced Profile value.
const (
	fieldUserAgent      = "user_agent"
	fieldRobotsTokens   = "robots_tokens"
	fieldIgnoresStar    = "ignores_star"
	fieldObeysRobots    = "obeys_robots"
	fieldLimitHTML      = "limit_html"
	fieldLimitPDF       = "limit_pdf"
	fieldLimitOther     = "limit_other"
	fieldCountsHeaders  = "counts_headers"
	fieldAcceptEncoding = "accept_encoding"
	fieldMaxRedirects   = "max_redirects"
)

// SourcedFields lists the Source.Field names every built-in profile carries
// a Source for.
func SourcedFields() []string {
	return []string{
		fieldUserAgent, fieldRobotsTokens, fieldIgnoresStar, fieldObeysRobots,
		fieldLimitHTML, fieldLimitPDF, fieldLimitOther,
		fieldCountsHeaders, fieldAcceptEncoding, fieldMaxRedirects,
	}
}

func src(field, note, date string) Source {
	return Source{Field: field, Note: note, Date: date}
}

// Notes shared by several profiles.
const (
	noteGoogleEncodings = "Google, overview of Google's crawlers: each crawler advertises " +
		"its encodings in Accept-Encoding, e.g. \"gzip, deflate, br\""
	noteGooglebotRedirects = "Google, HTTP status and network errors page (2021-era copy): " +
		"Googlebot follows up to 10 redirect hops; the count varies by user agent"
	noteGoogleOtherRedirects = "Not published for this crawler; Googlebot's 10 hops assumed " +
		"(Google: the hop count varies by user agent)"
	noteGoogleHeaders = "Google blog \"Inside Googlebot\": Googlebot fetches the first 2MB " +
		"of a resource, including the HTTP header"
	noteGoogleHeadersAssumed = "Stated for Googlebot in the blog \"Inside Googlebot\" (the limit " +
		"includes the HTTP header); assumed for this crawler, which uses the same infrastructure"
	noteCommonObeys = "Google, common crawlers page: common crawlers always obey robots.txt " +
		"for automatic crawls"
	noteSpecialObeys = "Google, special-case crawlers page: obeys the group that names it " +
		"(may ignore robots.txt in general)"
	noteSpecialStar = "Google, special-case crawlers page: ignores the * group; follows only " +
		"a group that names it"
	noteUsesStar      = "Falls back to the * group like any RFC 9309 crawler"
	noteVendorEncoded = "Not documented by the vendor; Cutoff sends the common " +
		"\"gzip, deflate, br\""
	noteVendorRedirects = "Not documented by the vendor; Cutoff assumes 10 hops " +
		"(DefaultMaxRedirects)"
	noteVendorHeaders = "Not documented by the vendor; only the body is counted"
)

// googleCommonTail returns the Sources shared by the Google profiles for
// Accept-Encoding and redirects; headers says how the header note reads.
func googleCommonTail(googlebot bool) []Source {
	redirects, headers := noteGoogleOtherRedirects, noteGoogleHeadersAssumed
	headerDate := dateCrawlerBlog
	if googlebot {
		redirects, headers = noteGooglebotRedirects, noteGoogleHeaders
	}
	return []Source{
		src(fieldCountsHeaders, headers, headerDate),
		src(fieldAcceptEncoding, noteGoogleEncodings, dateOverview),
		src(fieldMaxRedirects, redirects, dateHTTPErrors),
	}
}

// vendorTail returns the Sources for values a non-Google vendor does not
// document.
func vendorTail() []Source {
	return []Source{
		src(fieldCountsHeaders, noteVendorHeaders, dateVendorUndated),
		src(fieldAcceptEncoding, noteVendorEncoded, dateVendorUndated),
		src(fieldMaxRedirects, noteVendorRedirects, dateVendorUndated),
	}
}
