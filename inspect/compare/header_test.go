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
