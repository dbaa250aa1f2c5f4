package sitetab

import (
	"html"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/site"
)

// The site table and its lines speak to people: element and finding
// names, counts with separators and agreeing nouns, the near-limit range
// the filter uses.
func TestSiteWordsForPeople(t *testing.T) {
	m := newSiteModel()
	m.add([]site.Row{{URL: "http://127.0.0.1/a", Status: 200, Fetched: true, RobotsAllowed: true, LostLinks: 1389,
		CriticalBeyond: []string{scan.ElementMain, scan.ElementLastInternalLink},
		Findings:       []site.FindingRef{{Code: inspect.CodePageOverLimit, Severity: finding.Critical}, {Code: inspect.CodeCanonicalBeyondCutoff, Severity: finding.Critical}}}})
	for col, want := range map[int]string{
		siteColLost:     "1,389",
		siteColBeyond:   "<main> element, last internal link",
		siteColFindings: "Page over limit, Canonical past the cutoff",
	} {
		if got := m.cell(0, col); got != want {
			t.Errorf("column %s: %q, want %q", siteColumns[col].title(), got, want)
		}
	}
	if got := progressText(site.Progress{Done: 1, Queued: 1200}); !strings.HasPrefix(got, "1 page done, 1,200 queued") {
		t.Errorf("progress %q", got)
	}
	sum := siteSummaryText(&site.Summary{Pages: 1234, Fetched: 1234, Truncated: 30, NearLimit: 30})
	if !strings.HasPrefix(sum, "1,234 pages: 1,234 fetched") || !strings.Contains(sum, "30 over the limit, 30 near it (above 90 %)") ||
		!strings.Contains(siteFilters()[filterNear], "(above 90 %)") {
		t.Errorf("summary %q, filter %q", sum, siteFilters()[filterNear])
	}
}

// Before a run the tab shows neither an empty plot under a lone limit
// label nor a progress bar at 0 %.
func TestSiteIdleHidesPlotAndBar(t *testing.T) {
	tu := newSiteTestUI(t)
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

// TestSiteHTMLSaysWhatTheTabSays renders the HTML summary of the same row
// and summary: every cell the tab shows, and the summary's counts and
// near-limit range, read the same there.
func TestSiteHTMLSaysWhatTheTabSays(t *testing.T) {
	row := site.Row{URL: "http://127.0.0.1/a", Status: 200, Fetched: true, RobotsAllowed: true, LostLinks: 1389, Percent: 97.25,
		CriticalBeyond: []string{scan.ElementMain, scan.ElementLastInternalLink},
		Findings:       []site.FindingRef{{Code: inspect.CodePageOverLimit, Severity: finding.Critical}}}
	m := newSiteModel()
	m.add([]site.Row{row})
	var b strings.Builder
	sum := &site.Summary{Pages: 1234, Fetched: 1234, Truncated: 30, NearLimit: 1500}
	if err := site.WriteHTML(&b, []site.Row{row}, sum, site.Meta{Input: "list", Profile: "Googlebot"}); err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(b.String())
	for _, col := range []int{siteColLost, siteColBeyond, siteColFindings, siteColPercent} {
		if cell := m.cell(0, col); !strings.Contains(page, cell) {
			t.Errorf("the tab's %s cell %q is not in the HTML summary", siteColumns[col].title(), cell)
		}
	}
	for _, want := range []string{"1,234 pages", "1,500 more " + site.NearLimitRange()} {
		if !strings.Contains(page, want) {
			t.Errorf("the HTML summary does not say %q", want)
		}
	}
}
