package fetch

// unpublishedLimits are the limits of a crawler whose vendor publishes no
// number: Cutoff's 15,000,000-byte assumption, with no binary reading since
// the vendor states nothing in MB.
func unpublishedLimits() map[Kind]Limit {
	l := Limit{Bytes: DefaultUnsetLimit}
	return map[Kind]Limit{KindHTML: l, KindPDF: l, KindOther: l}
}

// unpublishedLimitSources say that the vendor publishes no limit; extra is
// appended to the note and date is that of the copy read.
func unpublishedLimitSources(vendor, extra, date string) []Source {
	note := vendor + " publishes no byte limit (UNCONFIRMED); Cutoff assumes 15,000,000" + extra
	return []Source{
		src(fieldLimitHTML, note, date),
		src(fieldLimitPDF, note, date),
		src(fieldLimitOther, note, date),
	}
}

// vendorOperators names who runs each non-Google built-in crawler.
var vendorOperators = map[string]string{
	"bingbot": "Bing", "applebot": "Apple", "duckduckbot": "DuckDuckGo", "yandexbot": "Yandex",
	"gptbot": "OpenAI", "oai-searchbot": "OpenAI", "claudebot": "Anthropic", "perplexitybot": "Perplexity",
	"ccbot": "Common Crawl",
}

// vendorProfile assembles a non-Google profile. uaSrc and tokenSrc are the
// Sources of its User-Agent and robots.txt tokens.
func vendorProfile(id, name, desc, ua string, tokens []string, uaSrc, tokenSrc, limitSrc []Source) Profile {
	sources := append(append([]Source{}, uaSrc...), tokenSrc...)
	sources = append(sources, limitSrc...)
	sources = append(sources, vendorTail()...)
	return Profile{
		ID: id, Name: name, Description: desc, Operator: vendorOperators[id],
		UserAgentTemplate: ua,
		RobotsTokens:      tokens,
		ObeysRobots:       true,
		Limits:            unpublishedLimits(),
		AcceptEncoding:    googleAcceptEncoding,
		MaxRedirects:      DefaultMaxRedirects,
		Sources:           sources,
	}
}

// robotsSources cite a vendor's robots.txt behaviour.
func robotsSources(tokenNote, obeysNote, date string) []Source {
	return []Source{
		src(fieldRobotsTokens, tokenNote, date),
		src(fieldIgnoresStar, noteUsesStar+" (not documented otherwise by the vendor)", date),
		src(fieldObeysRobots, obeysNote, date),
	}
}

func bingbot() Profile {
	return vendorProfile("bingbot", "Bingbot",
		"Microsoft Bing's crawler; it also honours msnbot groups when no bingbot group exists.",
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; "+
			"+http://www.bing.com/bingbot.htm) Chrome/W.X.Y.Z Safari/537.36",
		[]string{"bingbot", "msnbot"},
		[]Source{src(fieldUserAgent, "Bing, \"Which crawlers does Bing use\": desktop bingbot "+
			"User-Agent; W.X.Y.Z is the Microsoft Edge version, which follows Chrome's", dateVendorUndated)},
		robotsSources("Bing (secondary sources and a 2012 Bing blog post): token bingbot; old "+
			"msnbot groups are honoured, a bingbot group wins", "Bing: bingbot obeys robots.txt",
			dateVendorUndated),
		unpublishedLimitSources("Bing", "", dateVendorUndated))
}

func applebot() Profile {
	return vendorProfile("applebot", "Applebot",
		"Apple's crawler for Siri and Spotlight; it follows googlebot groups when none names it.",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) "+
			"Version/8.0.2 Safari/600.2.5 (Applebot/0.1)",
		[]string{"applebot", "googlebot"},
		[]Source{src(fieldUserAgent, "Apple, support page HT204683 (older copy): Apple's example "+
			"User-Agent", dateVendorUndated)},
		robotsSources("Apple, HT204683: token Applebot; if robots.txt does not mention Applebot "+
			"but mentions Googlebot, Applebot follows the Googlebot rules",
			"Apple, HT204683: Applebot respects robots.txt", dateVendorUndated),
		unpublishedLimitSources("Apple", "", dateVendorUndated))
}

func duckDuckBot() Profile {
	return vendorProfile("duckduckbot", "DuckDuckBot",
		"DuckDuckGo's crawler.",
		"DuckDuckBot-Https/1.1; (+https://duckduckgo.com/duckduckbot)",
		[]string{"duckduckbot"},
		[]Source{src(fieldUserAgent, "DuckDuckGo help pages (duckduckgo-help-pages, "+
			"duckduckbot.md): latest User-Agent", dateVendorUndated)},
		robotsSources("DuckDuckGo help pages: token DuckDuckBot",
			"DuckDuckGo help pages: respects robots.txt (WWW::RobotRules)", dateVendorUndated),
		unpublishedLimitSources("DuckDuckGo", "", dateVendorUndated))
}

func yandexBot() Profile {
	return vendorProfile("yandexbot", "YandexBot",
		"Yandex's main search crawler.",
		"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
		[]string{"yandexbot", "yandex"},
		[]Source{src(fieldUserAgent, "Yandex Webmaster help, \"Check Yandex robots\": YandexBot "+
			"User-Agent", dateVendorUndated)},
		robotsSources("Yandex Webmaster help: a group may name YandexBot or Yandex (all Yandex "+
			"robots)", "Yandex Webmaster help: YandexBot obeys robots.txt", dateVendorUndated),
		unpublishedLimitSources("Yandex", "; Yandex does not index documents over 10 MB, "+
			"an indexing limit rather than a fetch cutoff", dateVendorUndated))
}

func gptBot() Profile {
	return vendorProfile("gptbot", "GPTBot",
		"OpenAI's crawler for training data; a disallow means \"do not use for training\".",
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; "+
			"+https://openai.com/gptbot",
		[]string{"gptbot"},
		[]Source{src(fieldUserAgent, "OpenAI bots page (copies): GPTBot/1.1 string, version 1.3 "+
			"per the later mirror", dateVendorUndated)},
		robotsSources("OpenAI bots page: token GPTBot, set independently of OpenAI's other "+
			"tokens", "OpenAI bots page: obeys robots.txt", dateVendorUndated),
		unpublishedLimitSources("OpenAI", "", dateVendorUndated))
}

func oaiSearchBot() Profile {
	return vendorProfile("oai-searchbot", "OAI-SearchBot",
		"OpenAI's crawler for ChatGPT search results.",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "+
			"Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot",
		[]string{"oai-searchbot"},
		[]Source{src(fieldUserAgent, "OpenAI bots page (later mirror): OAI-SearchBot/1.3 "+
			"User-Agent, verbatim", dateVendorUndated)},
		robotsSources("OpenAI bots page: token OAI-SearchBot",
			"OpenAI bots page: obeys robots.txt; changes take about 24 hours", dateVendorUndated),
		unpublishedLimitSources("OpenAI", "", dateVendorUndated))
}

func claudeBot() Profile {
	return vendorProfile("claudebot", "ClaudeBot",
		"Anthropic's crawler for training data.",
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; "+
			"+claudebot@anthropic.com)",
		[]string{"claudebot"},
		[]Source{src(fieldUserAgent, "Third-party crawler lists (TryGeoSuite/ai-crawler-bots); "+
			"no Anthropic text seen (UNCONFIRMED)", dateAnthropicDocs)},
		robotsSources("Anthropic crawler docs (as reported): token ClaudeBot",
			"Anthropic crawler docs (as reported): honours robots.txt, including Crawl-delay",
			dateAnthropicDocs),
		unpublishedLimitSources("Anthropic", "", dateAnthropicDocs))
}

func perplexityBot() Profile {
	return vendorProfile("perplexitybot", "PerplexityBot",
		"Perplexity's crawler for its search answers.",
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; "+
			"+https://perplexity.ai/perplexitybot)",
		[]string{"perplexitybot"},
		[]Source{src(fieldUserAgent, "Third-party crawler lists; the vendor's table was not "+
			"readable in the stored copy (UNCONFIRMED)", dateVendorUndated)},
		robotsSources("Perplexity crawlers page: token PerplexityBot",
			"Perplexity crawlers page: honours robots.txt; changes take up to 24 hours",
			dateVendorUndated),
		unpublishedLimitSources("Perplexity", "", dateVendorUndated))
}

func ccBot() Profile {
	p := vendorProfile("ccbot", "CCBot",
		"Common Crawl's crawler, whose archive feeds many AI training sets.",
		"CCBot/2.0 (https://commoncrawl.org/faq/)",
		[]string{"ccbot"},
		[]Source{src(fieldUserAgent, "Common Crawl FAQ (verbatim diff on crawlerpolicy.com)",
			dateCommonCrawlFAQ)},
		robotsSources("Common Crawl FAQ: token CCBot; robots.txt checked first",
			"Common Crawl FAQ: obeys robots.txt, supports Crawl-delay", dateCommonCrawlFAQ),
		unpublishedLimitSources("Common Crawl", "; its archive truncates payloads at 1 MiB "+
			"(1,048,576 decoded bytes), a storage cutoff, while the live fetch cutoff is unknown", dateCommonCrawlFAQ))
	p.MaxRedirects = 4
	for i, s := range p.Sources {
		if s.Field == fieldMaxRedirects {
			p.Sources[i] = src(fieldMaxRedirects, "Common Crawl FAQ: follows up to 4 redirects "+
				"(5 for robots.txt)", dateCommonCrawlFAQ)
		}
	}
	return p
}
