package compare

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// bigPage is a page of about 16 MB whose JSON-LD block starts past 15 MB:
// past the limit of crawlers without one of their own, and past
// Googlebot's read cap of 8,000,000 bytes.
func bigPage() string {
	pad := strings.Repeat("<p>filler text of the page</p>\n", 15_500_000/31)
	ld := `<script type="application/ld+json">{"@type":"Product","name":"Big"}</script>`
	return "<!doctype html><html><head><title>Big</title></head><body><main><h1>Big</h1>" + pad + ld + "</main></body></html>"
}

// runBig compares Googlebot Smartphone and a browser on bigPage, with
// readCap as the read cap (0 for the default).
func runBig(t *testing.T, readCap int64) (*Result, map[string][]string, string) {
	t.Helper()
	opt := inspect.Options{NoResources: true, Fetch: fetch.Options{Cap: readCap}}
	r, err := Run(context.Background(), &fetch.Fetcher{}, servePage(t, bigPage()), botAndBrowser(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string][]string{}
	for _, row := range r.Table() {
		cells[row.Label] = row.Cells
	}
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	return r, cells, buf.String()
}

// TestCompareBrowserPastCrawlerLimits checks that a browser's column keeps
// a page longer than any crawler limit everywhere (the Cutoff row, the
// element rows, the findings), and that a crawler's read that stopped at
// its cap is said as such, not as a different or element-less page.
func TestCompareBrowserPastCrawlerLimits(t *testing.T) {
	r, cells, text := runBig(t, 0)
	bot, browser := r.Fetches[0], r.Fetches[1]
	if c := cells["Cutoff"]; len(c) != 2 || c[1] != "kept whole (no limit: a browser keeps everything)" {
		t.Errorf("cutoff cells %q, want the browser's page kept whole", c)
	}
	if ld := cells["JSON-LD block"]; len(ld) != 2 || ld[0] != "not in the first 8,000,000 bytes read" || !strings.HasPrefix(ld[1], "yes (byte 15,") {
		t.Errorf("JSON-LD cells %q, want unread for Googlebot and kept for the browser", ld)
	}
	for _, c := range browser.Critical {
		if v := inspect.Verdict(c); v != inspect.VerdictKept {
			t.Errorf("the browser's %s at byte %d is %s, want kept", c.Kind, c.Offset, v)
		}
	}
	for _, f := range browser.Findings {
		if f.Code == inspect.CodePageOverLimit {
			t.Errorf("the browser has the finding %q", f.Code)
		}
	}
	if b := cells["Body bytes"]; len(b) != 2 || b[0] != "8,000,000 (reading stopped; the page is longer)" || bot.Fetch.ReadComplete || !browser.Fetch.ReadComplete {
		t.Errorf("body cells %q, want Googlebot's read stopped at its cap and the browser's whole", b)
	}
	for _, want := range []string{
		"the counts say where reading stopped, not whether the server sends them different pages.",
		"Browser's page has a JSON-LD block at byte 15,500,076, where Googlebot Smartphone's has none in the first 8,000,000 bytes Cutoff read (reading stopped there).",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no sentence %q in:\n%s", want, text)
		}
	}
	if !strings.Contains(text, "Read incomplete (note)") || strings.Contains(text, "(info)") {
		t.Errorf("the findings sentence does not name severities as the Findings row does (1 note):\n%s", text)
	}
	if strings.Contains(text, "different pages (dynamic serving") || strings.Contains(text, "which Googlebot Smartphone's page lacks") {
		t.Errorf("a read that stopped is said as a different page:\n%s", text)
	}
}

// TestCompareBrowserReadCap checks that a browser's page longer than the
// read cap asked for is cut where Cutoff stopped reading, and said so.
func TestCompareBrowserReadCap(t *testing.T) {
	_, cells, _ := runBig(t, 1_000_000)
	want := "read up to body byte 1,000,000 (Cutoff's read limit; a browser keeps everything)"
	if c := cells["Cutoff"]; len(c) != 2 || c[1] != want {
		t.Errorf("cutoff cells %q, want the browser's %q", c, want)
	}
}
