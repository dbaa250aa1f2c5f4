package compare

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestCompareOneCount holds the header's, the table's, the bullets' and
// the JSON's count of differences to one definition: a row marked ≠.
func TestCompareOneCount(t *testing.T) {
	for name, r := range map[string]*Result{"per agent": runCompare(t), "straddling": runStraddle(t)} {
		marked := 0
		for _, row := range r.Table() {
			if row.AnyDiffers() {
				marked++
			}
		}
		var buf bytes.Buffer
		if err := r.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		bullets := strings.Count(text, "\n  - ")
		if marked == 0 || marked != len(r.Differences) || bullets != marked ||
			!strings.Contains(text, "Differences ("+strconv.Itoa(marked)+"):") {
			t.Errorf("%s: %d rows marked, %d differences, %d bullets:\n%s", name, marked, len(r.Differences), bullets, text)
		}
	}
}

// straddlePage has a JSON-LD block that starts before Googlebot's 2 MB
// cutoff and ends after it.
func straddlePage() string {
	pad := strings.Repeat("<p>filler text of the page</p>\n", 1_999_000/31)
	ld := `<script type="application/ld+json">{"@type":"Product","d":"` + strings.Repeat("x", 3000) + `"}</script>`
	return "<!doctype html><html><head><title>Big</title></head><body><main><h1>Big</h1>" + pad + ld + "</main></body></html>"
}

func runStraddle(t *testing.T) *Result {
	t.Helper()
	return mustRun(t, servePage(t, straddlePage()), botAndBrowser(t))
}

// servePage serves page as HTML to every request, and returns its URL.
func servePage(t *testing.T, page string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// botAndBrowser are Googlebot Smartphone and a desktop Chrome.
func botAndBrowser(t *testing.T) []Subject {
	return append(subjects(t, "googlebot-smartphone"), AdHoc("Mozilla/5.0 (X11; Linux x86_64) Chrome/154.0.0.0 Safari/537.36", 1))
}

// TestCompareStraddlingAndBrowser says a straddling block CUT, as the
// single-page views do, names elements and findings for people, and gives
// a browser no crawler limit.
func TestCompareStraddlingAndBrowser(t *testing.T) {
	r := runStraddle(t)
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	cells := map[string][]string{}
	for _, row := range r.Table() {
		cells[row.Label] = row.Cells
	}
	ld := cells["JSON-LD block"]
	if len(ld) != 2 || !strings.HasPrefix(ld[0], "CUT ") || !strings.HasPrefix(ld[1], "yes (byte ") {
		t.Errorf("JSON-LD cells %q, want CUT for Googlebot and yes for the browser:\n%s", ld, text)
	}
	if _, ok := cells["<main> element"]; !ok {
		t.Errorf("no row named for people for <main>: %v", cells)
	}
	if c := cells["Cutoff"]; len(c) != 2 || c[1] != "kept whole (no limit: a browser keeps everything)" {
		t.Errorf("cutoff cells %q, want the browser without a crawler limit", c)
	}
	for _, code := range []string{"json-ld", "page-over-limit", "json-ld-cut", "last-internal-link"} {
		if strings.Contains(text, code) {
			t.Errorf("the text names the code %q:\n%s", code, text)
		}
	}
	if !strings.Contains(text, "Browser gets the JSON-LD block whole where Googlebot Smartphone gets it cut in the middle by its cutoff.") ||
		!strings.Contains(text, "JSON-LD cut (critical)") {
		t.Errorf("no sentence on the cut JSON-LD block:\n%s", text)
	}
}
