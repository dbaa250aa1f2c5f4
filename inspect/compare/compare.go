// Package compare fetches one URL as several crawlers at once and says, in
// sentences, where what they got differs: status, redirects, bytes, cutoff,
// critical elements, robots.txt verdict and findings. Each fetch is a whole
// inspect.Page, so a column of a comparison never disagrees with the single
// inspection of the same profile.
package compare

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// CaveatText is said with every comparison, in the language in use: the
// fetches come from this machine, not from the crawlers' own addresses.
func CaveatText() string { return i18n.T("compare.caveat") }

// Subject is one column of a comparison: a label and the profile fetched.
type Subject struct {
	Label   string // the column's key in JSON, e.g. "googlebot-smartphone" or "browser"
	Profile fetch.Profile
	// Browser is true for an ad-hoc browser's User-Agent: a browser has no
	// crawler's byte limit and keeps the whole page.
	Browser bool
}

// ProfileSubject makes the subject of a profile, labelled by its ID.
func ProfileSubject(p fetch.Profile) Subject { return Subject{Label: p.ID, Profile: p} }

// AdHoc makes a subject sending userAgent as it is: Cutoff's custom profile
// with that User-Agent, no robots.txt token (it is not a crawler Cutoff
// knows, so robots.txt is not consulted) and the 15 MB default limit, or,
// for a browser, no limit but Cutoff's read cap (see keepsAll). n
// numbers the ad-hoc subjects from 1; the first is labelled "browser",
// later ones "browser-2" and on, or "user-agent-N" when the string names a
// bot.
func AdHoc(userAgent string, n int) Subject {
	p, _ := fetch.Lookup("custom")
	label, name := "browser", i18n.T("compare.name-browser")
	lower := strings.ToLower(userAgent)
	bot := strings.Contains(lower, "bot") || strings.Contains(lower, "crawl") || strings.Contains(lower, "spider")
	if bot {
		label, name = "user-agent", i18n.T("compare.name-user-agent")
	}
	if n > 1 || label == "user-agent" {
		label, name = fmt.Sprintf("%s-%d", label, n), fmt.Sprintf("%s %d", name, n)
	}
	p.ID, p.Name = label, name
	p.Description = i18n.T("compare.ad-hoc-description", "UserAgent", quoteShort(userAgent))
	p.UserAgentTemplate = userAgent
	p.RobotsTokens, p.ObeysRobots, p.IgnoresStar = nil, false, false
	p.Limits = map[fetch.Kind]fetch.Limit{
		fetch.KindHTML: {Bytes: fetch.DefaultUnsetLimit}, fetch.KindPDF: {Bytes: fetch.DefaultUnsetLimit},
		fetch.KindOther: {Bytes: fetch.DefaultUnsetLimit},
	}
	p.CountsHeaders = false
	if !bot {
		p = keepsAll(p, 0)
	}
	return Subject{Label: label, Profile: p, Browser: !bot}
}

// keepsAll gives a browser's profile, which has no crawler limit, a limit
// at Cutoff's read cap (capBytes, or fetch.MaxCap when unset): nothing is
// cut before reading stops, and a page longer than that is cut where
// reading stopped, which the Cutoff row says as Cutoff's read limit.
func keepsAll(p fetch.Profile, capBytes int64) fetch.Profile {
	limit := int64(fetch.MaxCap)
	if capBytes > 0 {
		limit = min(capBytes, limit)
	}
	l := fetch.Limit{Bytes: limit}
	p.Limits = map[fetch.Kind]fetch.Limit{fetch.KindHTML: l, fetch.KindPDF: l, fetch.KindOther: l}
	return p
}

// quoteShort quotes s, cut to 40 characters.
func quoteShort(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:39]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// Fetch is one subject's inspection, shaped for the JSON of `cutoff compare`.
type Fetch struct {
	Label     string `json:"profile"`
	Name      string `json:"name"`
	UserAgent string `json:"user_agent"`
	// Browser is true for a browser's column: no crawler limit applies.
	Browser  bool                   `json:"browser,omitempty"`
	Fetch    *fetch.Result          `json:"fetch"`
	Critical []scan.Critical        `json:"critical"`
	Findings []finding.Finding      `json:"findings"`
	Robots   *inspect.RobotsSummary `json:"robots"`
	// Error is the sentence of a fetch that failed (DNS, TLS, timeout, too
	// many redirects); the other fields are then empty.
	Error string `json:"error,omitempty"`
	// Report is the whole inspection, nil when Error is set.
	Report *inspect.Report `json:"-"`
	err    error
}

// Result is a comparison: every fetch, the differences between them, and
// the caveat.
type Result struct {
	URL         string       `json:"url"`
	Fetches     []Fetch      `json:"fetches"`
	Differences []Difference `json:"differences"`
	Caveat      string       `json:"caveat"`
	rows        []Row        // the table, worked out with Differences
}

// ErrTooFew is returned when fewer than two subjects are given.
var ErrTooFew error = message("compare.err-too-few")

// message is an error whose text is a catalog message without values, read
// in the language in use when it is shown; being a string, it compares
// equal to itself, so errors.Is finds it through wrapping.
type message string

func (m message) Error() string { return i18n.T(string(m)) }

// Run inspects target as every subject, concurrently, and compares the
// results against the first subject's. A fetch that fails is a column with
// its error, not a failed comparison; Run fails only on too few subjects or
// when ctx ends.
func Run(ctx context.Context, f *fetch.Fetcher, target string, subjects []Subject, opt inspect.Options) (*Result, error) {
	if len(subjects) < 2 {
		return nil, ErrTooFew
	}
	opt.Progress = nil // several inspections at once cannot share one progress
	res := &Result{URL: target, Fetches: make([]Fetch, len(subjects)), Caveat: CaveatText()}
	var wg sync.WaitGroup
	for i, s := range subjects {
		wg.Go(func() { res.Fetches[i] = inspectOne(ctx, f, target, s, opt) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("compare %s: %w", target, err)
	}
	res.rows, res.Differences = compareAll(res.Fetches)
	return res, nil
}

// inspectOne runs one subject's inspection.
func inspectOne(ctx context.Context, f *fetch.Fetcher, target string, s Subject, opt inspect.Options) Fetch {
	out := Fetch{Label: s.Label, Name: s.Profile.Name, UserAgent: s.Profile.UserAgent(opt.Fetch.ChromeVersion), Browser: s.Browser}
	p := s.Profile
	if s.Browser {
		p = keepsAll(p, opt.Fetch.Cap)
	}
	r, err := inspect.Page(ctx, f, target, p, opt)
	if err != nil {
		out.Error, out.err = err.Error(), err
		return out
	}
	out.Report, out.Fetch, out.Robots = r, r.Fetch, r.Robots
	if r.Analysis != nil {
		out.Critical, out.Findings = r.Critical, r.Findings
	}
	return out
}

// AllFailed returns the first fetch's error when no fetch got a response
// (a bad URL, a host that does not resolve), else nil.
func (r *Result) AllFailed() error {
	for _, f := range r.Fetches {
		if f.err == nil {
			return nil
		}
	}
	return r.Fetches[0].err
}
