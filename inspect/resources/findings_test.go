package resources

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// fetchedResource is a script fetched with a 200 and 141 header bytes
// under a 2,000,000-byte limit, to be adjusted by each test.
func fetchedResource(kind Kind, url string, body int64) Resource {
	r := Resource{URL: url, Kind: kind, Fetched: true, DiscoveredBeforeCutoff: true,
		Accounting: fetch.Accounting{Status: 200, HeaderBytes: 141, BodyBytes: body, LimitBytes: 2_000_000}}
	r.References = 1
	r.Requested, r.CountsHeaders, r.ReadComplete, r.CapBytes = true, true, true, 8_000_000
	r.Truncated = 141+body > 2_000_000
	return r
}

func TestResourceFindingMessages(t *testing.T) {
	p := fetch.Profile{Name: "Googlebot Smartphone"}
	blocked := fetchedResource(Script, "https://cdn.example/lib.js", 1000)
	blocked.Fetched, blocked.BlockedByRobots, blocked.FetchedAnyway = false, true, true
	blocked.Robots = &Robots{URL: "https://cdn.example/robots.txt", Line: 2, Rule: "Disallow: /"}
	late := fetchedResource(Script, "https://example.com/late.js", 10)
	late.DiscoveredBeforeCutoff, late.DiscoveredOffset = false, 2_431_007
	notFound := fetchedResource(Stylesheet, "https://example.com/gone.css", 10)
	notFound.Status = 404
	unreachable := Resource{URL: "https://down.example/x.js", Kind: Script, Fetched: true,
		DiscoveredBeforeCutoff: true}
	unreachable.Requested, unreachable.Error = true, "The host down.example was not found"
	capped := fetchedResource(Iframe, "https://example.com/frame", 8_000_000)
	capped.ReadComplete = false
	cycle := Resource{URL: "https://example.com/a.css", Kind: Import, DiscoveredBeforeCutoff: true}
	cycle.ImportCycle, cycle.Parent = true, "https://example.com/b.css"
	ignored := Resource{URL: "https://example.com/late.css", Kind: Import, DiscoveredBeforeCutoff: true,
		ExcludedReason: cssImportAfterRules()}
	ignored.Parent = "https://example.com/site.css"

	tests := []struct {
		name string
		r    Resource
		want string // "severity code: message", "" for no finding
	}{
		{"truncated script", fetchedResource(Script, "https://cdn.example/app.js", 3_145_728),
			"critical resource-truncated: The script https://cdn.example/app.js is 3,145,728 bytes decoded plus a 141-byte header; " +
				"Googlebot Smartphone keeps only the first 2,000,000 bytes, header included, so the rendering crawler gets a " +
				"cut-off script, which almost always fails to parse: none of it runs."},
		{"truncated stylesheet", fetchedResource(Stylesheet, "https://example.com/s.css", 2_500_000),
			"critical resource-truncated: The stylesheet https://example.com/s.css is 2,500,000 bytes decoded plus a 141-byte header; " +
				"Googlebot Smartphone keeps only the first 2,000,000 bytes, header included, so the rules after the cut never apply " +
				"when the page is rendered."},
		{"truncated iframe at the cap", capped,
			"warning resource-truncated: The iframe document https://example.com/frame is at least 8,000,000 bytes decoded plus a " +
				"141-byte header; Googlebot Smartphone keeps only the first 2,000,000 bytes, header included, so the content after " +
				"the cut is never seen."},
		{"over 80 percent", fetchedResource(Script, "https://example.com/big.js", 1_700_000),
			"warning resource-over-80-percent: The script https://example.com/big.js counts 1,700,141 bytes, 85% of Googlebot " +
				"Smartphone's limit of 2,000,000: a little growth and its end gets cut."},
		{"under 80 percent", fetchedResource(Script, "https://example.com/ok.js", 1_500_000), ""},
		{"blocked", blocked,
			"critical resource-blocked-by-robots: https://cdn.example/robots.txt blocks the script https://cdn.example/lib.js for " +
				"Googlebot Smartphone with line 2 (Disallow: /), so the page is rendered without this script."},
		{"after cutoff", late,
			"critical resource-referenced-after-cutoff: The script https://example.com/late.js is referenced at byte 2,431,007 of " +
				"the page, past Googlebot Smartphone's cutoff at body byte 1,999,788: the crawler never sees the reference, so the page " +
				"is rendered without this script."},
		{"404", notFound,
			"warning resource-failed: The stylesheet https://example.com/gone.css answered 404 Not Found, so the page is rendered " +
				"without these styles."},
		{"unreachable", unreachable,
			"warning resource-failed: The script https://down.example/x.js could not be fetched: The host down.example was not found."},
		{"import cycle", cycle,
			"warning resource-import-cycle: The stylesheet https://example.com/b.css imports https://example.com/a.css, which is " +
				"already being imported on the way there (an @import cycle); browsers skip the repeated import."},
		{"ignored import", ignored,
			"warning resource-import-ignored: The @import of https://example.com/late.css in the stylesheet " +
				"https://example.com/site.css is ignored by browsers: browsers ignore an @import that comes after other rules."},
		{"excluded image", Resource{URL: "https://example.com/i.png", Kind: Image, ExcludedReason: exclImage()}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range Findings([]Resource{tt.r}, p, int64p(1_999_788)) {
				got = append(got, f.Severity+" "+f.Code+": "+f.Message)
			}
			if g := strings.Join(got, "\n"); g != tt.want {
				t.Errorf("findings\n%s\nwant\n%s", g, tt.want)
			}
		})
	}
}

func TestResourceFindingsCap(t *testing.T) {
	var rs []Resource
	for i := range 30 {
		r := fetchedResource(Script, fmt.Sprintf("https://example.com/%d.js", i), 10)
		r.Status = 500
		rs = append(rs, r)
	}
	fs := Findings(rs, fetch.Profile{Name: "Googlebot"}, nil)
	if got, want := len(fs), finding.MaxPerCode+1; got != want {
		t.Fatalf("%d findings, want %d", got, want)
	}
	last := fs[len(fs)-1]
	if want := fmt.Sprintf("%d more resources have the same problem (resource-failed)", 30-finding.MaxPerCode); !strings.HasPrefix(last.Message, want) || last.Severity != finding.Info {
		t.Errorf("summary %s %q, want info starting with %q", last.Severity, last.Message, want)
	}
}

// TestResourceFindingsSite checks the findings of the test site, end to
// end.
func TestResourceFindingsSite(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, 0)
	p := testProfile(t)
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, p, s.page, s.html, &s.cutoff, testOptions())
	fs := Findings(rs, p, &s.cutoff)
	want := []struct{ code, url string }{
		{CodeImportCycle, s.main.URL + "/css/cycle1.css,"},
		{CodeTruncated, s.main.URL + "/big.js "},
		{CodeBlocked, s.cdn.URL + "/blocked/lib.js "},
		{CodeFailed, s.main.URL + "/missing.js "},
		{CodeTruncated, s.main.URL + "/endless.js "},
		{CodeAfterCutoff, s.main.URL + "/late.js "},
	}
	if len(fs) != len(want) {
		t.Errorf("%d findings, want %d", len(fs), len(want))
	}
	for i, w := range want {
		if i >= len(fs) {
			t.Errorf("missing %s about %s", w.code, w.url)
			continue
		}
		if f := fs[i]; f.Code != w.code || !strings.Contains(f.Message, w.url) {
			t.Errorf("finding %d: %s %q, want %s about %s", i, f.Code, f.Message, w.code, w.url)
		}
	}
	for _, f := range fs {
		if f.Code == CodeImportCycle && f.Offset != nil {
			t.Errorf("finding about a stylesheet's reference has a page offset %d", *f.Offset)
		}
		if f.Code == CodeAfterCutoff && (f.Offset == nil || *f.Offset <= s.cutoff) {
			t.Errorf("after-cutoff finding offset %v, want past %d", f.Offset, s.cutoff)
		}
	}
}
