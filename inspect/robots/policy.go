package robots

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Policy is what a robots.txt fetch outcome means for crawling.
type Policy string

// Policies.
const (
	// PolicyParsed: the file was fetched (2xx) or read; its rules apply.
	PolicyParsed Policy = "parsed"
	// PolicyAllowAll: no robots.txt (4xx other than 429, or too many
	// redirects): everything may be crawled.
	PolicyAllowAll Policy = "allow-all"
	// PolicyDisallowAll: robots.txt unreachable (429, 5xx, network error):
	// nothing may be crawled.
	PolicyDisallowAll Policy = "disallow-all"
	// PolicyInvalid: the page URL has no robots.txt location (no host or an
	// unsupported scheme); no verdict is possible.
	PolicyInvalid Policy = "invalid"
)

// Text is the policy as a word for people, in the language in use
// ("parsed", "regole applicate"); the policy itself is a code, and JSON
// keeps it.
func (p Policy) Text() string {
	switch p {
	case PolicyParsed, PolicyAllowAll, PolicyDisallowAll, PolicyInvalid:
		return i18n.T("robots.policy-word-" + string(p))
	}
	return string(p)
}

// Sources of a robots.txt in an Outcome.
const (
	SourceFetched = "fetched"
	SourceFile    = "file"
)

// SourceText is an Outcome's Source as a word for people, in the language
// in use; the source itself is a code, and JSON keeps it.
func SourceText(source string) string {
	switch source {
	case SourceFetched, SourceFile:
		return i18n.T("robots.source-" + source)
	}
	return source
}

// Outcome is the result of getting a host's robots.txt and what it means.
// An Outcome is read-only once returned and safe for concurrent use.
type Outcome struct {
	// RobotsURL is scheme://host[:port]/robots.txt, or the file path.
	RobotsURL string `json:"url"`
	// Source is SourceFetched or SourceFile.
	Source string `json:"source"`
	// Status is the final HTTP status, 0 for a file or a failed fetch.
	Status int    `json:"status"`
	Policy Policy `json:"policy"`
	// Reason says in one sentence how the outcome was treated and why.
	Reason string `json:"reason"`
	// File is the parsed file when Policy is PolicyParsed, else nil.
	File *File `json:"-"`
	// Bytes is the decoded body bytes read (at most ReadCap).
	Bytes int64 `json:"bytes"`
	// SizeBytes is the file's real size when it is longer than what was
	// read: the Content-Length the server announced; 0 when the whole file
	// was read or its size is unknown. ReadAll is false when reading
	// stopped at ReadCap.
	SizeBytes int64 `json:"size_bytes,omitempty"`
	ReadAll   bool  `json:"read_all"`
	// Body is the file as read, byte for byte (at most ReadCap bytes, BOM
	// and bytes past MaxBytes included), when Policy is PolicyParsed; nil
	// otherwise. It is a copy owned by the Outcome: do not modify it.
	Body []byte `json:"-"`
	// TruncatedAt is MaxBytes when the body is longer, else 0.
	TruncatedAt   int64       `json:"truncated_at"`
	LooksLikeHTML bool        `json:"looks_like_html,omitempty"`
	Redirects     []fetch.Hop `json:"redirects,omitempty"`
	// Err is the fetch error, for network failures and invalid URLs.
	Err string `json:"error,omitempty"`

	second *Second // the second-opinion parse of the same bytes

	told i18n.Retelling[Outcome] // how Reason and Err were said
}

// sayReason makes the sentence say says the outcome's Reason, now and
// whenever the outcome is retold.
func (o *Outcome) sayReason(say func() string) {
	o.told.Say(o, func(o *Outcome) { o.Reason = say() })
}

// Retold is a copy of the outcome with its sentences (Reason, Err) said
// again in the language in use; the facts and the parsed file are shared.
func (o *Outcome) Retold() *Outcome {
	if o == nil {
		return nil
	}
	t := *o
	t.told.Again(&t)
	return &t
}

// FromFile returns the Outcome for a robots.txt read from a file or edited
// by hand: its rules apply. body should hold at most ReadCap bytes; only
// the first ReadCap are kept and parsed.
func FromFile(path string, body []byte) *Outcome {
	o := &Outcome{RobotsURL: path, Source: SourceFile, Policy: PolicyParsed, ReadAll: true}
	o.sayReason(i18n.Later("robots.policy-file"))
	o.setBody(body)
	return o
}

// AllowAll returns an outcome under which every URL is allowed, for a
// reason stated in one sentence (for example a crawler that ignores
// robots.txt). Its verdicts carry that reason.
func AllowAll(robotsURL, reason string) *Outcome {
	return &Outcome{RobotsURL: robotsURL, Source: SourceFetched, Policy: PolicyAllowAll, Reason: reason}
}

// DisallowAll returns an outcome under which every URL but /robots.txt is
// disallowed, for a reason stated in one sentence.
func DisallowAll(robotsURL, reason string) *Outcome {
	return &Outcome{RobotsURL: robotsURL, Source: SourceFetched, Policy: PolicyDisallowAll, Reason: reason}
}

// setBody parses body, keeps a copy of it (at most ReadCap bytes) and
// records its sizes.
func (o *Outcome) setBody(body []byte) {
	body = body[:min(len(body), ReadCap)]
	o.Body = bytes.Clone(body)
	if o.Body == nil {
		o.Body = []byte{}
	}
	o.File = Parse(body)
	o.second = NewSecond(body)
	o.Bytes = int64(len(body))
	o.TruncatedAt = o.File.TruncatedAt
	o.LooksLikeHTML = o.File.LooksLikeHTML
}

// statusPolicy maps a final HTTP status to a policy and the sentence that
// explains it (said when called), following Google's documented handling.
func statusPolicy(status int) (Policy, func() string) {
	text := statusText(status)
	switch {
	case status >= 200 && status < 300:
		return PolicyParsed, i18n.Later("robots.policy-2xx", "Status", text)
	case status >= 300 && status < 400:
		return PolicyAllowAll, i18n.Later("robots.policy-3xx", "Status", text)
	case status == http.StatusTooManyRequests:
		return PolicyDisallowAll, i18n.Later("robots.policy-429", "Status", text)
	case status >= 400 && status < 500:
		return PolicyAllowAll, i18n.Later("robots.policy-4xx", "Status", text)
	}
	return PolicyDisallowAll, i18n.Later("robots.policy-5xx", "Status", text)
}

// statusText is a status code with its standard name: "404 Not Found".
func statusText(status int) string {
	if t := http.StatusText(status); t != "" {
		return strconv.Itoa(status) + " " + t
	}
	return strconv.Itoa(status)
}

// Check evaluates rawURL for a crawler's token chain under the outcome: the
// file's rules when parsed (see File.CheckChain), otherwise a verdict that
// states the fetch policy. /robots.txt itself is always allowed.
// rawURL is matched as the crawler requests it (see CheckRequested).
func (o *Outcome) Check(tokens []string, ignoreStar bool, rawURL string) Verdict {
	return CheckRequested(rawURL, func(requested string) Verdict { return o.check(tokens, ignoreStar, requested) })
}

// check is Check on a URL matched as given.
func (o *Outcome) check(tokens []string, ignoreStar bool, rawURL string) Verdict {
	if o.Policy == PolicyParsed && o.File != nil {
		return o.File.CheckChain(tokens, ignoreStar, rawURL)
	}
	v := newVerdict(first(tokens), rawURL)
	v.Reason = o.Reason
	v.Allowed = o.Policy == PolicyAllowAll
	v.Trace = append(v.Trace, i18n.T("robots.trace-outcome", "URL", o.RobotsURL, "Policy", o.Policy.Text()), o.Reason)
	if v.Path == "/robots.txt" && !v.Allowed {
		allowRobotsTxt(&v, decision{win: -1})
	}
	return v
}

// Second returns the second-opinion parse of the same bytes, or nil when no
// file was parsed.
func (o *Outcome) Second() *Second {
	if o.Policy != PolicyParsed {
		return nil
	}
	return o.second
}

// Lint is the file's lint (File.Lint) with its size as the outcome knows
// it: the whole file's when reading stopped before its end.
func (o *Outcome) Lint() []Issue {
	if o.File == nil {
		return nil
	}
	switch {
	case o.ReadAll:
		return o.File.lint(o.File.Size)
	case o.SizeBytes > o.File.Size:
		return o.File.lint(o.SizeBytes)
	}
	return o.File.lint(-1)
}

// SizeText says how big the file is and how much of it was read, naming
// both when reading stopped early: "20,000,037 bytes (Cutoff read the first
// 2,097,152; Google reads the first 512,000)". It is "" when nothing was
// read.
func (o *Outcome) SizeText() string {
	if o.Bytes == 0 && o.SizeBytes == 0 {
		return ""
	}
	id := "robots.size-more-than"
	switch {
	case o.ReadAll:
		id = "robots.size-read-all"
	case o.SizeBytes > o.Bytes:
		id = "robots.size-read-part"
	}
	if o.TruncatedAt > 0 {
		id += "-google"
	}
	return i18n.T(id, "Bytes", o.Bytes, "Size", o.SizeBytes, "Google", o.TruncatedAt)
}
