package fetch

import "github.com/cutoffapp/cutoff/internal/i18n"

// Kind is the class of document a response carries, which decides the byte
// limit a profile applies to it.
type Kind string

// Document kinds.
const (
	KindHTML  Kind = "html"  // HTML and the other text types Google indexes
	KindPDF   Kind = "pdf"   // application/pdf
	KindOther Kind = "other" // anything else (images, scripts, stylesheets, ...)
)

// Text names the documents of kind k for people, in the language in use,
// as a limit applies to them: "HTML", "PDFs", "other files". The kind
// itself is a code, and JSON and CSV keep it.
func (k Kind) Text() string {
	switch k {
	case KindHTML, KindPDF, KindOther:
		return i18n.T("fetch.kind-" + string(k))
	}
	return string(k)
}

// Source says where a profile value comes from: a document and the date of
// the copy that was read.
type Source struct {
	Field string `json:"field"` // which value, e.g. "user_agent", "limit_html"
	Note  string `json:"note"`  // the document and what it says, short
	// Date is the date of the copy read, YYYY-MM-DD, or YYYY-MM or YYYY
	// when the copy gives no finer date.
	Date string `json:"date"`
}

// Limit is a byte limit for one kind of document.
type Limit struct {
	// Bytes is the limit in bytes, the decimal reading of a limit stated in
	// MB (2 MB = 2,000,000).
	Bytes int64 `json:"bytes"`
	// BinaryBytes is the binary reading of the same statement (2 MB =
	// 2,097,152), or 0 when the limit is not stated in MB.
	BinaryBytes int64 `json:"binary_bytes,omitempty"`
	// Published is false when the vendor publishes no number and Bytes is
	// the 15 MB default Cutoff assumes.
	Published bool `json:"published"`
}

// Profile describes how one crawler fetches: what it sends, which robots.txt
// group it obeys and how many bytes it keeps. A Profile is plain data; the
// built-ins carry a Source for every value.
type Profile struct {
	ID          string `json:"id"`   // stable identifier, e.g. "googlebot-smartphone"
	Name        string `json:"name"` // display name, e.g. "Googlebot Smartphone"
	Description string `json:"description"`
	// UserAgentTemplate is the User-Agent with the placeholder W.X.Y.Z where
	// the crawler's Chrome version goes; UserAgent fills it in.
	UserAgentTemplate string `json:"user_agent_template"`
	// RobotsTokens is the chain of robots.txt product tokens the crawler
	// tries, most specific first, lower case, without "*".
	RobotsTokens []string `json:"robots_tokens"`
	// IgnoresStar is true for crawlers that follow only a group naming them
	// and never the "*" group (AdsBot-Google and kin).
	IgnoresStar bool `json:"ignores_star"`
	// ObeysRobots is false for fetchers that ignore robots.txt.
	ObeysRobots bool `json:"obeys_robots"`
	// Limits maps a document kind to its byte limit.
	Limits map[Kind]Limit `json:"limits"`
	// CountsHeaders is true when the response header block counts toward
	// the limit.
	CountsHeaders bool `json:"counts_headers"`
	// AcceptEncoding is sent as the Accept-Encoding header.
	AcceptEncoding string `json:"accept_encoding"`
	// MaxRedirects is the number of redirect hops followed before the
	// fetch fails; zero means DefaultMaxRedirects.
	MaxRedirects int      `json:"max_redirects"`
	Sources      []Source `json:"sources"`
	// Custom is true for the user-editable "Custom" profile and saved ones.
	Custom bool `json:"custom,omitempty"`
	// Operator is who runs the crawler ("Google", "Bing", "OpenAI"), so
	// that sentences state a vendor's rule only for that vendor's
	// crawlers; empty for custom profiles, whose operator is not known.
	Operator string `json:"operator,omitempty"`
}

// OperatorGoogle is the Operator of Google's crawlers.
const OperatorGoogle = "Google"

// IsGoogle reports whether Google runs the crawler, so that Google's
// documented rules are its own.
func (p Profile) IsGoogle() bool { return p.Operator == OperatorGoogle }

// OperatorName names the operator in a sentence: "Bing", or "its operator"
// for a custom profile.
func (p Profile) OperatorName() string {
	if p.Operator == "" {
		return "its operator"
	}
	return p.Operator
}
