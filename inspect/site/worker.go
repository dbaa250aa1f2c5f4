package site

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// job is one URL to inspect.
type job struct {
	url   string // normalised
	depth int
}

// result is a finished job: its row, and what the crawl and the link graph
// need from the page before its body is dropped.
type result struct {
	row       Row
	links     pageLinks
	canonical string // the kept canonical, normalised, when it names another URL
	cancelled bool
}

// inspector inspects single URLs politely; any goroutine may use it.
type inspector struct {
	cfg     *Config
	robots  *robots.Cache
	gates   *gates
	inScope func(string) bool
}

// inspect makes the row of one URL: a robots.txt verdict first (a
// disallowed URL is not fetched), then inspect.Page, retried after a pause
// when the server answers 429 or 503.
func (in *inspector) inspect(ctx context.Context, j job) result {
	start := time.Now()
	if row, blocked := in.disallowed(ctx, j.url); blocked {
		row.Depth = j.depth
		return result{row: row, cancelled: ctx.Err() != nil}
	}
	res := in.fetch(ctx, j)
	res.row.Depth = j.depth
	res.row.Millis = time.Since(start).Milliseconds()
	return res
}

// disallowed checks robots.txt; blocked is true with the row saying so.
func (in *inspector) disallowed(ctx context.Context, u string) (Row, bool) {
	p := in.cfg.Profile
	if !p.ObeysRobots {
		return Row{}, false
	}
	o := in.robots.Get(ctx, u)
	if ctx.Err() != nil {
		return Row{URL: u}, true
	}
	v := o.Check(p.RobotsTokens, p.IgnoresStar, u)
	if v.Allowed {
		return Row{}, false
	}
	if o.Policy == robots.PolicyDisallowAll {
		return Row{URL: u, RobotsUnchecked: true, RobotsReason: o.Reason, CriticalBeyond: []string{},
			Findings: []FindingRef{{inspect.CodeRobotsUnreachable, finding.Critical}},
			Error:    i18n.T("site.error-robots-unchecked", "Crawler", p.Name, "Reason", o.Reason)}, true
	}
	reason := v.Reason
	if v.Rule != "" {
		reason = i18n.T("site.robots-rule", "Robots", o.RobotsURL, "Line", strconv.Itoa(v.Line), "Rule", strconv.Quote(v.Rule))
	}
	return Row{URL: u, RobotsAllowed: false, RobotsLine: v.Line, RobotsRule: v.Rule, RobotsReason: reason,
		CriticalBeyond: []string{}, Findings: []FindingRef{{CodeRobotsDisallowed, finding.Warning}},
		Error: i18n.T("site.error-robots-disallowed", "Crawler", p.Name)}, true
}

// fetch inspects the page, backing off on 429 and 503.
func (in *inspector) fetch(ctx context.Context, j job) result {
	host := hostOf(j.url)
	opt := inspect.Options{Fetch: in.cfg.Fetch, NoResources: !in.cfg.Resources, Robots: in.robots, Links: true}
	for attempt := 0; ; attempt++ {
		release, err := in.gates.acquire(ctx, host)
		if err != nil {
			return result{row: Row{URL: j.url}, cancelled: true}
		}
		r, err := inspect.Page(ctx, in.cfg.Fetcher, j.url, in.cfg.Profile, opt)
		if err == nil && isBusy(r.Fetch.Status) && attempt < in.cfg.MaxRetries {
			wait, why := in.backoff(r, attempt)
			if why == "" {
				in.gates.pause(host, wait)
				release()
				continue
			}
			release()
			res := in.rowOf(ctx, j, r, nil)
			res.row.Error, res.row.Retries = why, attempt
			return res
		}
		release()
		res := in.rowOf(ctx, j, r, err)
		res.row.Retries = attempt
		return res
	}
}

// backoff is the pause after a busy answer: its Retry-After, or Backoff
// doubled per attempt. why is set when the server asks for a longer wait
// than MaxWait, which is then not honoured by waiting but reported.
func (in *inspector) backoff(r *inspect.Report, attempt int) (wait time.Duration, why string) {
	wait, ok := retryAfter(r.Fetch.Header, time.Now())
	if !ok {
		wait = in.cfg.Backoff << attempt
	}
	if wait > in.cfg.MaxWait {
		return 0, i18n.T("site.error-retry-after-too-long", "Status", strconv.Itoa(r.Fetch.Status),
			"Wait", wait.Round(time.Second).String(), "MaxWait", in.cfg.MaxWait.String())
	}
	return wait, ""
}

// rowOf turns an inspection (or its error) into the result, reading the
// page's links before the body is dropped.
func (in *inspector) rowOf(ctx context.Context, j job, r *inspect.Report, err error) result {
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, context.Canceled) {
			return result{row: Row{URL: j.url}, cancelled: true}
		}
		return result{row: Row{URL: j.url, RobotsAllowed: true, CriticalBeyond: []string{}, Findings: []FindingRef{},
			Error: prose.EndSentence(err.Error())}}
	}
	res := result{row: rowFromReport(r)}
	res.row.URL = j.url
	if isBusy(r.Fetch.Status) && res.row.Error == "" {
		res.row.Error = i18n.T("site.error-busy", "Status", strconv.Itoa(r.Fetch.Status), "Count", strconv.Itoa(in.cfg.MaxRetries))
	}
	if r.Fetch.Status >= 200 && r.Fetch.Status < 300 && r.Fetch.Kind == fetch.KindHTML {
		res.links, res.canonical = in.pageLinks(r) // a PDF's bytes hold no <a href>
	}
	return res
}

// pageLinks reads the in-scope links and the kept canonical of a page.
func (in *inspector) pageLinks(r *inspect.Report) (pageLinks, string) {
	page, err := url.Parse(r.FinalURL)
	if err != nil {
		return pageLinks{}, ""
	}
	cut := int64(-1)
	if r.Fetch.CutoffOffset != nil {
		cut = *r.Fetch.CutoffOffset
	}
	links := extractLinks(r.Fetch.Body, r.Analysis.Links, page, cut, in.inScope)
	return links, keptCanonical(r, page)
}

// keptCanonical is the first canonical the crawler sees, normalised, when it
// names a URL other than the page's own.
func keptCanonical(r *inspect.Report, page *url.URL) string {
	for _, c := range r.Critical {
		if c.Kind != scan.ElementCanonical || c.BeyondCutoff {
			continue
		}
		ref, err := url.Parse(c.Value)
		if err != nil {
			return ""
		}
		n, err := normaliseURL(page.ResolveReference(ref))
		self, _ := normaliseURL(page)
		if err != nil || n == self {
			return ""
		}
		return n
	}
	return ""
}
