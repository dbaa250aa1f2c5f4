package app

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/resourcestab"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// cutReport is a report for a page whose canonical sits past a cutoff at
// body byte 2,000, analysed by the real engine.
func cutReport(t *testing.T) (*inspect.Report, fetch.Profile) {
	t.Helper()
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatal("no default profile")
	}
	body := []byte("<!doctype html><html><head><title>Cut</title><script>" + strings.Repeat("x", 3000) +
		"</script><link rel=canonical href=\"http://h/page\"></head><body><h1>Hi</h1><a href=/a>a</a></body></html>")
	cut := int64(2000)
	res := &fetch.Result{
		URL: "http://h/page", FinalURL: "http://h/page", StatusLine: "HTTP/1.1 200 OK", Body: body,
		Accounting: fetch.Accounting{Status: 200, HeaderBytes: 100, BodyBytes: int64(len(body)), LimitBytes: 2100,
			CountsHeaders: true, Truncated: true, CutoffOffset: &cut, ReadComplete: true},
	}
	an := inspect.Analyze(inspect.NewInput(res, &p))
	rep := &inspect.Report{URL: res.URL, FinalURL: res.FinalURL, Fetch: res, Analysis: an,
		Profile: inspect.ProfileSummary{ID: p.ID, Name: p.Name},
		Resources: []resources.Resource{
			{URL: "http://h/app.js", Kind: resources.Script, DiscoveredBeforeCutoff: true, Fetched: true, Accounting: fetch.Accounting{Status: 200}},
			{URL: "http://other/x.js", Kind: resources.Script, DiscoveredBeforeCutoff: false},
			{URL: "http://h/font.woff2", Kind: resources.Font, ExcludedReason: "Fonts are not fetched."},
		}}
	return rep, p
}

func TestPrepareViews(t *testing.T) {
	rep, p := cutReport(t)
	v := prepareViews(rep, p)

	m := v.overview.model
	if got, want := m.HeaderBytes, int64(100); got != want {
		t.Errorf("ruler header = %d, want %d", got, want)
	}
	if m.Cutoff == nil || *m.Cutoff != 2000 {
		t.Errorf("ruler cutoff = %v, want 2000", m.Cutoff)
	}
	var canonical *byteview.RulerMarker
	for i := range m.Markers {
		if m.Markers[i].Kind == scan.ElementCanonical {
			canonical = &m.Markers[i]
		}
	}
	if canonical == nil || !canonical.Beyond || canonical.Label != "canonical link" {
		t.Errorf("canonical marker = %+v, want one beyond the cutoff labelled \"canonical link\"", canonical)
	}
	var sum int64
	for _, s := range m.Segments {
		sum += s.End - s.Start
	}
	if sum != m.BodyBytes {
		t.Errorf("segments cover %d bytes, want the body's %d", sum, m.BodyBytes)
	}
	if len(v.source.highlights) != len(rep.Critical) || v.source.cutoff == nil {
		t.Errorf("source: %d highlights for %d critical elements, cutoff %v", len(v.source.highlights), len(rep.Critical), v.source.cutoff)
	}
	if !strings.Contains(v.overview.summary, "stops at body byte 2,000") {
		t.Errorf("summary = %q", v.overview.summary)
	}
	if !strings.Contains(v.impact.Compare, "Canonical") || !strings.Contains(v.impact.Compare, "LOST") {
		t.Errorf("impact table lacks the lost canonical:\n%s", v.impact.Compare)
	}
	if got, want := v.robots.URLs, []string{"http://h/page", "http://h/app.js", "http://h/font.woff2"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("robots URLs = %q, want the page and its same-host resources %q", got, want)
	}
	if len(v.resources) != 3 || !v.resources[1].Problem || !v.resources[2].Greyed || v.resources[0].Problem {
		t.Errorf("resource rows: problem/greyed flags wrong: %+v", v.resources)
	}
}

func TestResourceCells(t *testing.T) {
	cut := int64(1_999_000)
	tests := []struct {
		name string
		res  resources.Resource
		col  int
		want string
	}{
		{"counted bytes", resources.Resource{Response: resources.Response{Requested: true, CountedBytes: 1_000_200}, Accounting: fetch.Accounting{Status: 200, HeaderBytes: 200, BodyBytes: 1_000_000}}, resourcestab.ColBytes, "1,000,200"},
		{"no response, no bytes", resources.Resource{Response: resources.Response{Requested: true}}, resourcestab.ColBytes, "—"},
		{"not requested", resources.Resource{}, resourcestab.ColBytes, "—"},
		{"robots with line", resources.Resource{Robots: &resources.Robots{Allowed: false, Line: 7}}, resourcestab.ColRobots, "disallowed (line 7)"},
		{"robots not checked", resources.Resource{Robots: &resources.Robots{Policy: "disallow-all", Unreachable: true}}, resourcestab.ColRobots, "could not be checked"},
		{"robots skipped", resources.Resource{Robots: &resources.Robots{Skipped: true}}, resourcestab.ColRobots, "not consulted"},
		{"after the cutoff", resources.Resource{Kind: resources.Script}, resourcestab.ColFound, "after cutoff"},
		{"truncated note", resources.Resource{Accounting: fetch.Accounting{Truncated: true, LimitBytes: 2_000_000, CutoffOffset: &cut}, DiscoveredBeforeCutoff: true}, resourcestab.ColNote, "truncated: over its own 2,000,000-byte limit"},
		{"failed request", resources.Resource{Response: resources.Response{Requested: true}}, resourcestab.ColStatus, "failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resourcestab.CellsOf(&tt.res)[tt.col]; got != tt.want {
				t.Errorf("cell %d = %q, want %q", tt.col, got, tt.want)
			}
		})
	}
}

func TestLegendOf(t *testing.T) {
	got := legendOf(scan.Composition{"markup": 10, "json-ld": 5, "text": 0}, 120)
	var kinds []string
	for _, it := range got {
		kinds = append(kinds, it.kind)
	}
	if want := "header json-ld markup"; strings.Join(kinds, " ") != want {
		t.Errorf("legend kinds = %q, want %q", kinds, want)
	}
	if got[0].bytes != 120 {
		t.Errorf("header bytes = %d, want 120", got[0].bytes)
	}
}

func TestStatusInSummaries(t *testing.T) {
	tests := []struct {
		name string
		res  *fetch.Result
		want string
	}{
		{"HTTP response", &fetch.Result{StatusLine: "HTTP/1.1 200 OK", Accounting: fetch.Accounting{BodyBytes: 10}}, "HTTP/1.1 200 OK"},
		{"local file", &fetch.Result{FinalURL: "file:///tmp/p.html", Local: true, Accounting: fetch.Accounting{BodyBytes: 10}}, "local file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := &inspect.Report{Fetch: tt.res}
			for _, got := range []string{doneText(rep), summaryText(rep)} {
				if !strings.Contains(got, tt.want) || strings.Contains(got, ": ,") || strings.Contains(got, "·  ·") {
					t.Errorf("%q: want %q in it and no empty status", got, tt.want)
				}
			}
		})
	}
}

func TestHighlightsMarkOnlyTheStartOfMain(t *testing.T) {
	an := &inspect.Analysis{Critical: []scan.Critical{
		{Kind: scan.ElementTitle, Offset: 10, End: 40},
		{Kind: scan.ElementMain, Offset: 100, End: 2_000_000},
	}}
	hs := highlightsOf(an)
	if len(hs) != 2 || hs[0].End != 40 || hs[1].End != 100+mainHighlightBytes {
		t.Errorf("highlights = %+v, want the whole title and the start of <main>", hs)
	}
}
