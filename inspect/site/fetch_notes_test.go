package site

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strings"
	"testing"
)

// fetchNotesSite serves a redirect chain (/old-article 301 → /moved 302 →
// /new-article 200), a 429 with Retry-After before a 200 (/busy), a 404
// (/missing), a page disallowed by robots.txt (/private/x) and a hub whose
// only link to /orphan lies past a 20,000-byte cutoff.
func fetchNotesSite(t *testing.T) (*testSite, []string) {
	s := newTestSite(t)
	s.text("/robots.txt", "text/plain", []byte("User-agent: *\nDisallow: /private/\n"))
	s.handle("/old-article", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/moved", http.StatusMovedPermanently)
	})
	s.handle("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/new-article", http.StatusFound)
	})
	s.page("/new-article", 100, nil, nil)
	s.busyOnce("/busy")
	s.page("/hub", 30_000, nil, []string{"/orphan"})
	s.page("/orphan", 100, nil, nil)
	var urls []string
	for _, p := range []string{"/old-article", "/busy", "/missing", "/private/x", "/hub", "/orphan"} {
		urls = append(urls, s.URL+p)
	}
	return s, urls
}

// A run says how each page was fetched: the redirect chain, the retry, the
// HTTP error, in the rows, the summary, the CSV, the text and the HTML.
func TestFetchNotesEverywhere(t *testing.T) {
	s, urls := fetchNotesSite(t)
	cfg := testConfig(t)
	cfg.Fetch.LimitOverride = 20_000
	byPath, sum, err := collect(t, Input{URLs: urls}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	old := byPath["/old-article"]
	if old.Status != 200 || old.RedirectStatuses(" → ") != "301 → 302" || old.FinalURL != s.URL+"/new-article" {
		t.Errorf("/old-article: status %d, redirects %q, final %q", old.Status, old.RedirectStatuses(" → "), old.FinalURL)
	}
	wantChain := s.URL + "/old-article (301) → " + s.URL + "/moved (302) → " + s.URL + "/new-article (200)"
	if got := old.RedirectChain(" → "); got != wantChain {
		t.Errorf("chain %q, want %q", got, wantChain)
	}
	if r := byPath["/busy"]; r.Retries != 1 || r.Status != 200 {
		t.Errorf("/busy: %d retries, status %d", r.Retries, r.Status)
	}
	if r := byPath["/missing"]; !r.IsHTTPError() || r.Status != 404 {
		t.Errorf("/missing: status %d, fetched %v", r.Status, r.Fetched)
	}
	if sum.Redirected != 1 || sum.Retried != 1 || sum.HTTPErrors != 1 {
		t.Errorf("summary: %d redirected, %d retried, %d HTTP errors; want 1 each", sum.Redirected, sum.Retried, sum.HTTPErrors)
	}

	rows := make([]Row, 0, len(urls))
	for _, u := range urls {
		rows = append(rows, byPath[strings.TrimPrefix(u, s.URL)])
	}
	MarkOrphans(rows, sum)

	var c bytes.Buffer
	if err := WriteCSV(&c, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&c).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	if got := recs[1][col["redirects"]]; got != "301 302" {
		t.Errorf("CSV redirects %q, want \"301 302\"", got)
	}
	if got := recs[2][col["retries"]]; got != "1" {
		t.Errorf("CSV retries %q, want 1", got)
	}

	var txt bytes.Buffer
	if err := WriteText(&txt, rows, sum); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1 redirected, 1 retried after 429 or 503, 1 answered 4xx or 5xx.", wantChain} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("the text summary lacks %q:\n%s", want, txt.String())
		}
	}

	var h bytes.Buffer
	if err := WriteHTML(&h, rows, sum, Meta{Input: "list", Profile: "Googlebot", Shown: "1 of 6 pages shown."}); err != nil {
		t.Fatal(err)
	}
	html := h.String()
	for _, want := range []string{
		"1 URL linked only", "1 redirected, 1 retried", "301 → 302 to " + s.URL + "/new-article", "1 of 6 pages shown.",
		"<td>" + s.URL + "/private/x</td><td class=\"n\">—</td>",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the HTML lacks %q", want)
		}
	}
	if strings.Contains(html, "0.0 %") {
		t.Error("the HTML gives a share of the limit to a page that was not fetched")
	}
}
