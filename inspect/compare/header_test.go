package compare

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestCompareContentLengthDigits: two crawlers get bodies of 99,999 and
// 100,000 bytes with the same headers, so the header blocks differ by the
// Content-Length value's one extra digit; the sentence says that, and does
// not say the server sends them different headers.
func TestCompareContentLengthDigits(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := 99_999
		if strings.Contains(r.UserAgent(), "Chrome/154") && !strings.Contains(r.UserAgent(), "Googlebot") {
			n = 100_000
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Date", "Thu, 03 Dec 2026 07:00:00 GMT")
		w.Header().Set("Content-Length", strconv.Itoa(n))
		page := "<!doctype html><title>t</title><p>" + strings.Repeat("x", n)
		w.Write([]byte(page[:n]))
	}))
	t.Cleanup(srv.Close)
	r := mustRun(t, srv.URL+"/", botAndBrowser(t))
	var header *Difference
	for i, d := range r.Differences {
		if d.Field == "header_bytes" {
			header = &r.Differences[i]
		}
	}
	if header == nil {
		t.Fatalf("no header_bytes difference; differences: %+v", r.Differences)
	}
	got := strings.Join(header.Sentences, " ")
	if !strings.Contains(got, "only the Content-Length value differs in length (6 digits against 5)") ||
		strings.Contains(got, "different headers") {
		t.Errorf("header sentence: %q", got)
	}
}

// TestCompareBlockedCrawlerGetsNothing: where robots.txt keeps a crawler
// from the page, a sentence on what it "gets" says that it fetches none of
// it.
func TestCompareBlockedCrawlerGetsNothing(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: bingbot\nDisallow: /\n"))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		h1 := "<h1>Kept</h1>"
		if strings.Contains(r.UserAgent(), "Googlebot") {
			h1 = strings.Repeat("<p>filler filler filler</p>", 2_100_000/27) + h1
		}
		w.Write([]byte("<!doctype html><title>t</title>" + h1))
	}))
	t.Cleanup(srv.Close)
	r := mustRun(t, srv.URL+"/", subjects(t, "googlebot-smartphone", "bingbot"))
	var h1 *Difference
	for i, d := range r.Differences {
		if d.Field == "critical:h1" {
			h1 = &r.Differences[i]
		}
	}
	if h1 == nil {
		t.Fatalf("no h1 difference: %+v", r.Differences)
	}
	if got := strings.Join(h1.Sentences, " "); !strings.Contains(got, "robots.txt keeps Bingbot from the page, so it fetches none of it") {
		t.Errorf("h1 sentence: %q", got)
	}
}
