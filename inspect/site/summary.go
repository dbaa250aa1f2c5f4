package site

import (
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// NearLimitPercent is the share of the limit from which a page that is not
// cut counts as near the limit in a site summary.
const NearLimitPercent = 90

// NearLimitRange says for people which pages IsNearLimit counts: "above 90 %".
func NearLimitRange() string { return i18n.T("site.near-limit-range", "Percent", NearLimitPercent) }

// Summary is what a run found across its rows; its JSON form is the last
// line of `cutoff site --jsonl`.
type Summary struct {
	Pages      int `json:"pages"`
	Fetched    int `json:"fetched"`
	Errors     int `json:"errors"`
	Disallowed int `json:"robots_disallowed"`
	// RobotsUnchecked counts the URLs not fetched because their host's
	// robots.txt could not be read (Row.RobotsUnchecked).
	RobotsUnchecked int `json:"robots_unchecked"`
	// Redirected counts the pages reached through redirects, Retried those
	// answered 429 or 503 first and fetched again, HTTPErrors those fetched
	// with a 4xx or 5xx answer.
	Redirected int   `json:"redirected"`
	Retried    int   `json:"retried"`
	HTTPErrors int   `json:"http_errors"`
	Truncated  int   `json:"truncated"`
	NearLimit  int   `json:"near_limit"`
	LimitBytes int64 `json:"limit_bytes"`
	// CriticalBeyond counts the pages per kind of critical element past
	// the cutoff; Findings the pages per finding code.
	CriticalBeyond map[string]int `json:"critical_beyond"`
	Findings       map[string]int `json:"findings"`
	// LinkedOnlyPastCutoff lists the URLs the run's pages link to only
	// from bytes past their cutoff.
	LinkedOnlyPastCutoff []Orphan `json:"linked_only_past_cutoff"`
	// Notes are sentences about inputs that could not be read in full
	// (a sitemap that is not XML, too large, listed twice).
	Notes []string `json:"notes"`
	// Resumed counts the rows read back from an earlier run.
	Resumed      int  `json:"resumed"`
	Cancelled    bool `json:"cancelled"`
	StoppedAtMax bool `json:"stopped_at_max_pages"`
	// Seconds and PagesPerSecond are this run's, resumed rows left out.
	Seconds        float64 `json:"seconds"`
	PagesPerSecond float64 `json:"pages_per_second"`
}

func newSummary() *Summary {
	return &Summary{CriticalBeyond: map[string]int{}, Findings: map[string]int{},
		LinkedOnlyPastCutoff: []Orphan{}, Notes: []string{}}
}

// Add counts one row.
func (s *Summary) Add(r *Row) {
	s.Pages++
	switch {
	case r.Fetched:
		s.Fetched++
	case r.RobotsUnchecked:
		s.RobotsUnchecked++
	case !r.RobotsAllowed:
		s.Disallowed++
	default:
		s.Errors++
	}
	if len(r.Redirects) > 0 {
		s.Redirected++
	}
	if r.Retries > 0 {
		s.Retried++
	}
	if r.IsHTTPError() {
		s.HTTPErrors++
	}
	if r.Truncated {
		s.Truncated++
	}
	if IsNearLimit(r) {
		s.NearLimit++
	}
	if r.LimitBytes > s.LimitBytes {
		s.LimitBytes = r.LimitBytes
	}
	for _, k := range r.CriticalBeyond {
		s.CriticalBeyond[k]++
	}
	for _, f := range r.Findings {
		s.Findings[f.Code]++
	}
}

// IsNearLimit reports whether a page that is not cut takes more than
// NearLimitPercent of its limit.
func IsNearLimit(r *Row) bool {
	return r.Fetched && !r.Truncated && r.Percent > NearLimitPercent
}

// HasSeverityAtLeast reports whether any of rows has a finding of severity
// min or worse.
func HasSeverityAtLeast(rows []Row, min string) bool {
	for i := range rows {
		if rows[i].HasSeverityAtLeast(min) {
			return true
		}
	}
	return false
}

// MarkOrphans adds the linked-only-past-cutoff finding to the rows the
// summary names, once the run is over (the last page read may be the one
// that links to a row before its cutoff).
func MarkOrphans(rows []Row, s *Summary) {
	names := make(map[string]bool, len(s.LinkedOnlyPastCutoff))
	for _, o := range s.LinkedOnlyPastCutoff {
		names[o.URL] = true
	}
	for i := range rows {
		r := &rows[i]
		if names[r.URL] && !r.HasFinding(CodeLinkedOnlyPastCutoff) {
			r.Findings = append(r.Findings, FindingRef{CodeLinkedOnlyPastCutoff, finding.Warning})
		}
	}
}
