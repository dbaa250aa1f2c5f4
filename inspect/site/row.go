package site

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// FindingRef is a finding of a row by code and severity; the sentence is in
// the single-page report.
type FindingRef struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
}

// Row is what a run keeps of one URL. Its JSON form is one line of
// `cutoff site --jsonl` (CLI.md: url, status, header_bytes, body_bytes,
// limit_bytes, truncated, cutoff_offset, robots_allowed, critical_beyond,
// lost_links, findings, error are a contract).
type Row struct {
	URL      string `json:"url"`
	FinalURL string `json:"final_url,omitempty"`
	// Redirects are the hops followed before the final answer, in order:
	// each URL requested and the redirect status it answered.
	Redirects []Hop `json:"redirects,omitempty"`
	Status    int   `json:"status"`
	// HeaderBytes and BodyBytes are the crawler's count of the page: the
	// header block and the decoded body read (a lower bound when
	// ReadComplete is false).
	HeaderBytes int64 `json:"header_bytes"`
	BodyBytes   int64 `json:"body_bytes"`
	LimitBytes  int64 `json:"limit_bytes"`
	// Percent is the counted bytes (header included when the profile counts
	// it) as a percentage of LimitBytes.
	Percent      float64 `json:"percent_of_limit"`
	Truncated    bool    `json:"truncated"`
	CutoffOffset *int64  `json:"cutoff_offset"`
	ReadComplete bool    `json:"read_complete"`
	// Fetched is false when the URL was not fetched: robots.txt disallows
	// it, it is not a URL, or the fetch failed.
	Fetched       bool   `json:"fetched"`
	RobotsAllowed bool   `json:"robots_allowed"`
	RobotsLine    int    `json:"robots_line,omitempty"`
	RobotsRule    string `json:"robots_rule,omitempty"`
	// RobotsReason says why when robots.txt disallows the URL.
	RobotsReason string `json:"robots_reason,omitempty"`
	// RobotsUnchecked is true when the host's robots.txt could not be
	// fetched (unreachable, 429 or a server error): no rule disallows the
	// URL, but the crawler does not fetch it until the file can be read.
	// RobotsAllowed is then false too.
	RobotsUnchecked bool `json:"robots_unchecked,omitempty"`
	// CriticalBeyond lists the kinds of critical elements that do not lie
	// wholly before the cutoff, each kind once, in document order.
	CriticalBeyond []string `json:"critical_beyond"`
	// LostLinks counts the crawlable links past the cutoff.
	LostLinks int64        `json:"lost_links"`
	Findings  []FindingRef `json:"findings"`
	Error     string       `json:"error"`

	// Canonical is the canonical URL the crawler sees when it names
	// another URL than the page's own (normalised).
	Canonical string `json:"canonical,omitempty"`
	// Depth is the crawl depth (0 for the start URL and for listed URLs).
	Depth int `json:"depth"`
	// Retries counts the fetches answered 429 or 503 before this one.
	Retries int `json:"retries,omitempty"`
	// Millis is how long the inspection took.
	Millis int64 `json:"duration_ms"`
	// KeptLinks and LostOnlyLinks are the in-scope links of the page
	// (normalised, each once): those the crawler sees in the kept prefix,
	// and those that appear only past the cutoff. A run reads them back on
	// resume; they are not kept in memory once the row is handed on.
	KeptLinks     []string `json:"kept_links,omitempty"`
	LostOnlyLinks []string `json:"lost_only_links,omitempty"`
}

// Hop is one redirect a row's fetch followed: the URL requested and the
// status that sent the crawler on.
type Hop struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
}

// RedirectStatuses is the chain of redirect statuses joined by sep,
// "301 → 302" for " → ", or "" when the fetch was not redirected.
func (r *Row) RedirectStatuses(sep string) string {
	parts := make([]string, len(r.Redirects))
	for i, h := range r.Redirects {
		parts[i] = strconv.Itoa(h.Status)
	}
	return strings.Join(parts, sep)
}

// RedirectChain is the whole chain, every URL with its answer, joined by
// arrow: "/old (301) → /mid (302) → /new (200)" for " → ".
func (r *Row) RedirectChain(arrow string) string {
	if len(r.Redirects) == 0 {
		return ""
	}
	var b strings.Builder
	for _, h := range r.Redirects {
		fmt.Fprintf(&b, "%s (%d)%s", h.URL, h.Status, arrow)
	}
	fmt.Fprintf(&b, "%s (%d)", cmp.Or(r.FinalURL, r.URL), r.Status)
	return b.String()
}

// IsHTTPError reports whether the page was fetched and answered 4xx or 5xx.
func (r *Row) IsHTTPError() bool { return r.Fetched && r.Status >= 400 }

// Site finding codes, beside inspect's page codes.
const (
	// CodeLinkedOnlyPastCutoff: every link to the page from the pages of
	// the run lies past those pages' cutoff, so the crawler does not
	// discover it from them.
	CodeLinkedOnlyPastCutoff = "linked-only-past-cutoff"
	// CodeRobotsDisallowed: robots.txt disallows the URL for the profile;
	// it was not fetched.
	CodeRobotsDisallowed = "robots-disallowed"
)

// RobotsWord says for people what robots.txt decided: "allowed",
// "disallowed", or "could not be checked" when the file could not be read.
func (r *Row) RobotsWord() string {
	switch {
	case r.RobotsUnchecked:
		return i18n.T("site.robots-unchecked")
	case r.RobotsAllowed:
		return i18n.T("site.robots-allowed")
	}
	return i18n.T("site.robots-disallowed")
}

// HasFinding reports whether the row has a finding with code.
func (r *Row) HasFinding(code string) bool {
	for _, f := range r.Findings {
		if f.Code == code {
			return true
		}
	}
	return false
}

// HasSeverityAtLeast reports whether the row has a finding of severity min
// or worse ("critical", "warning"): the command line's --fail-on.
func (r *Row) HasSeverityAtLeast(min string) bool {
	for _, f := range r.Findings {
		if finding.AtLeast(finding.Finding{Severity: f.Severity}, min) {
			return true
		}
	}
	return false
}

// rowFromReport is the compact row of one inspection: every number is the
// report's own, so a row and the single-page view agree.
func rowFromReport(r *inspect.Report) Row {
	res := r.Fetch
	row := Row{
		URL: r.URL, FinalURL: r.FinalURL, Status: res.Status,
		HeaderBytes: res.HeaderBytes, BodyBytes: res.BodyBytes, LimitBytes: res.LimitBytes,
		Truncated: res.Truncated, CutoffOffset: res.CutoffOffset, ReadComplete: res.ReadComplete,
		Fetched: true, RobotsAllowed: r.Robots == nil || r.Robots.Allowed,
		CriticalBeyond: beyondKinds(r.Critical), Findings: findingRefs(r.Findings),
	}
	if row.FinalURL == row.URL {
		row.FinalURL = ""
	}
	for _, h := range res.Redirects {
		row.Redirects = append(row.Redirects, Hop{URL: h.URL, Status: h.Status})
	}
	if r.Robots != nil && !r.Robots.Skipped {
		row.RobotsLine, row.RobotsRule = r.Robots.Line, r.Robots.Rule
	}
	row.Percent = percentOf(counted(res.HeaderBytes, res.BodyBytes, res.CountsHeaders), res.LimitBytes)
	if r.Impact != nil {
		row.LostLinks = r.Impact.Links.Internal.Lost() + r.Impact.Links.External.Lost()
	}
	return row
}

func counted(header, body int64, countsHeaders bool) int64 {
	if countsHeaders {
		return header + body
	}
	return body
}

// percentOf is n as a percentage of limit, to two decimals.
func percentOf(n, limit int64) float64 {
	if limit <= 0 {
		return 0
	}
	return float64(n*10000/limit) / 100
}

func beyondKinds(crit []scan.Critical) []string {
	kinds := []string{}
	for _, c := range crit {
		if c.BeyondCutoff && !contains(kinds, c.Kind) {
			kinds = append(kinds, c.Kind)
		}
	}
	return kinds
}

func findingRefs(fs []finding.Finding) []FindingRef {
	out := make([]FindingRef, 0, len(fs))
	for _, f := range fs {
		ref := FindingRef{Code: f.Code, Severity: f.Severity}
		if !containsRef(out, ref) {
			out = append(out, ref)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func containsRef(list []FindingRef, r FindingRef) bool {
	for _, v := range list {
		if v == r {
			return true
		}
	}
	return false
}
