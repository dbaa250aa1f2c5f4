package app

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/site"
)

// The site table and its lines speak to people: element and finding
// names, counts with separators and agreeing nouns, the near-limit range
// the filter uses.
func TestSiteWordsForPeople(t *testing.T) {
	m := newSiteModel()
	m.add([]site.Row{{URL: "http://127.0.0.1/a", Status: 200, Fetched: true, RobotsAllowed: true, LostLinks: 1389,
		CriticalBeyond: []string{inspect.ElementMain, inspect.ElementLastInternalLink},
		Findings:       []site.FindingRef{{Code: inspect.CodePageOverLimit, Severity: inspect.SeverityCritical}, {Code: inspect.CodeCanonicalBeyondCutoff, Severity: inspect.SeverityCritical}}}})
	for col, want := range map[int]string{
		siteColLost:     "1,389",
		siteColBeyond:   "<main> element, last internal link",
		siteColFindings: "Page over limit, Canonical past the cutoff",
	} {
		if got := m.cell(0, col); got != want {
			t.Errorf("column %s: %q, want %q", siteColumns[col].title, got, want)
		}
	}
	if got := progressText(site.Progress{Done: 1, Queued: 1200}); !strings.HasPrefix(got, "1 page done, 1,200 queued") {
		t.Errorf("progress %q", got)
	}
	sum := siteSummaryText(&site.Summary{Pages: 1234, Fetched: 1234, Truncated: 30, NearLimit: 30})
	if !strings.HasPrefix(sum, "1,234 pages: 1,234 fetched") || !strings.Contains(sum, "30 over the limit, 30 near it (90-100 %)") ||
		!strings.Contains(siteFilters[filterNear], "(90-100 %)") {
		t.Errorf("summary %q, filter %q", sum, siteFilters[filterNear])
	}
}

// Before a run the tab shows neither an empty plot under a lone limit
// label nor a progress bar at 0 %.
func TestSiteIdleHidesPlotAndBar(t *testing.T) {
	tu := newTestUI(t, Options{})
	a := tu.site
	tu.act(func() {
		if a.plot.Visible() || a.bar.Visible() {
			t.Errorf("idle: plot visible %v, bar visible %v", a.plot.Visible(), a.bar.Visible())
		}
		a.plot.setBuckets(site.Histogram([]site.Row{{Fetched: true, Percent: 50}}))
		if !a.plot.Visible() {
			t.Errorf("a plot with a page is hidden")
		}
	})
}
