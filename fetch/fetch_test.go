package fetch

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestFetchPage(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/page", Options{})
	if got, want := res.Status, 200; got != want {
		t.Errorf("Status = %d, want %d", got, want)
	}
	if got, want := string(res.Body), smallPage; got != want {
		t.Errorf("Body = %q, want %q", got, want)
	}
	if got, want := res.BodyBytes, int64(len(smallPage)); got != want {
		t.Errorf("BodyBytes = %d, want %d", got, want)
	}
	if got, want := res.WireBodyBytes, int64(len(smallPage)); got != want {
		t.Errorf("WireBodyBytes = %d, want %d", got, want)
	}
	if got, want := res.HeaderBytes, int64(len(res.RawHeader)); got != want || got == 0 {
		t.Errorf("HeaderBytes = %d, want len(RawHeader) = %d > 0", got, want)
	}
	if !bytes.HasPrefix(res.RawHeader, []byte("HTTP/1.1 200 OK\r\n")) || !bytes.HasSuffix(res.RawHeader, []byte("\r\n\r\n")) {
		t.Errorf("RawHeader = %q, want a block from the status line through the blank line", res.RawHeader)
	}
	if got, want := res.StatusLine, "HTTP/1.1 200 OK"; got != want {
		t.Errorf("StatusLine = %q, want %q", got, want)
	}
	if got, want := res.Kind, KindHTML; got != want {
		t.Errorf("Kind = %q, want %q", got, want)
	}
	if res.Truncated || res.CutoffOffset != nil || !res.ReadComplete || res.BodyError != "" {
		t.Errorf("Truncated, CutoffOffset, ReadComplete, BodyError = %v, %v, %v, %q; want false, nil, true, \"\"",
			res.Truncated, res.CutoffOffset, res.ReadComplete, res.BodyError)
	}
	if got, want := res.LimitBytes, int64(2_000_000); got != want {
		t.Errorf("LimitBytes = %d, want %d", got, want)
	}
	if got, want := res.FinalURL, srv.URL+"/page"; got != want {
		t.Errorf("FinalURL = %q, want %q", got, want)
	}
}

func TestFetchBigIsCutAtTheLimit(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/big", Options{})
	if got, want := res.BodyBytes, int64(bigPageSize); got != want {
		t.Fatalf("BodyBytes = %d, want %d", got, want)
	}
	if !res.Truncated || res.CutoffOffset == nil {
		t.Fatalf("Truncated = %v, CutoffOffset = %v; want true and an offset", res.Truncated, res.CutoffOffset)
	}
	if got, want := *res.CutoffOffset, 2_000_000-res.HeaderBytes; got != want {
		t.Errorf("CutoffOffset = %d, want 2,000,000 - %d header bytes = %d", got, res.HeaderBytes, want)
	}
	if res.BinaryCutoffOffset == nil {
		t.Fatal("BinaryCutoffOffset = nil, want an offset")
	}
	if got, want := *res.BinaryCutoffOffset, 2_097_152-res.HeaderBytes; got != want {
		t.Errorf("BinaryCutoffOffset = %d, want %d", got, want)
	}
	if !res.ReadComplete || res.CapBytes != 8_000_000 {
		t.Errorf("ReadComplete, CapBytes = %v, %d; want true, 8000000", res.ReadComplete, res.CapBytes)
	}
}

func TestFetchDecodesContentEncodings(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	want := encoded()["big"]
	tests := []struct {
		path, encoding string
	}{
		{"/gzip", "gzip"},
		{"/deflate", "deflate"},
		{"/deflate-raw", "deflate"},
		{"/br", "br"},
		{"/stacked", "gzip, br"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			res := fetchSite(t, srv, tt.path, Options{})
			if !bytes.Equal(res.Body, want) {
				t.Errorf("Body differs from the page: %d bytes, want %d", len(res.Body), len(want))
			}
			if got, want := res.WireBodyBytes, int64(len(encoded()[tt.path[1:]])); got != want {
				t.Errorf("WireBodyBytes = %d, want %d", got, want)
			}
			if got, want := res.ContentEncoding, tt.encoding; got != want {
				t.Errorf("ContentEncoding = %q, want %q", got, want)
			}
			if res.BodyError != "" || !res.ReadComplete {
				t.Errorf("BodyError, ReadComplete = %q, %v; want \"\", true", res.BodyError, res.ReadComplete)
			}
			if got, want := *res.CutoffOffset, 2_000_000-res.HeaderBytes; got != want {
				t.Errorf("CutoffOffset = %d, want %d (limit on decoded bytes)", got, want)
			}
		})
	}
}

func TestFetchChunked(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/chunked", Options{})
	if got, want := string(res.Body), smallPage; got != want {
		t.Errorf("Body = %q, want %q", got, want)
	}
	if got, want := res.WireBodyBytes, int64(len(smallPage)); got != want {
		t.Errorf("WireBodyBytes = %d, want %d (chunk framing removed)", got, want)
	}
	if !bytes.Contains(res.RawHeader, []byte("Transfer-Encoding: chunked\r\n")) {
		t.Errorf("RawHeader lacks the Transfer-Encoding line: %q", res.RawHeader)
	}
}

func TestFetchCodingEdgeCases(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	tests := []struct {
		name, query string
		wantBody    string
		wantError   string // substring of BodyError, "" for none
	}{
		{"unknown coding keeps wire bytes", "ce=zstd&body=abc", "abc", `"zstd"`},
		{"corrupt gzip", "ce=gzip&body=not-gzip-at-all", "", "gzip-encoded body is corrupt"},
		{"empty gzip body", "ce=gzip&body=", "", ""},
		{"identity", "ce=identity&body=plain", "plain", ""},
		{"too many codings", "ce=gzip,gzip,gzip,gzip,gzip&body=x", "x", "stacked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := fetchSite(t, srv, "/coded?"+tt.query, Options{})
			if got := string(res.Body); got != tt.wantBody {
				t.Errorf("Body = %q, want %q", got, tt.wantBody)
			}
			if got := res.BodyError; (tt.wantError == "") != (got == "") || !strings.Contains(got, tt.wantError) {
				t.Errorf("BodyError = %q, want it to contain %q", got, tt.wantError)
			}
		})
	}
}

func TestFetchRedirectChain(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/redirect", Options{})
	if got, want := res.FinalURL, srv.URL+"/page"; got != want {
		t.Errorf("FinalURL = %q, want %q", got, want)
	}
	want := []Hop{
		{URL: srv.URL + "/redirect", Status: 301, Location: "/hop"},
		{URL: srv.URL + "/hop", Status: 302, Location: "page"},
	}
	if len(res.Redirects) != len(want) {
		t.Fatalf("Redirects = %+v, want %d hops", res.Redirects, len(want))
	}
	for i, hop := range res.Redirects {
		if hop.HeaderBytes <= 0 {
			t.Errorf("hop %d HeaderBytes = %d, want > 0", i, hop.HeaderBytes)
		}
		hop.HeaderBytes = 0
		if hop != want[i] {
			t.Errorf("hop %d = %+v, want %+v", i, hop, want[i])
		}
	}
	if got, want := string(res.Body), smallPage; got != want {
		t.Errorf("Body = %q, want the final page", got)
	}
}

func TestFetchRedirectLimits(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	tests := []struct {
		name, path   string
		maxRedirects int
		wantErr      error
		wantMsg      string
		wantStatus   int
	}{
		{"loop", "/loop", 0, ErrTooManyRedirects, "gave up after 10 redirects (the chain loops back to " + srv.URL + "/loop)", 0},
		{"chain over the budget", "/redirect", 1, ErrTooManyRedirects, "gave up after 1 redirect (the next one points to " + srv.URL + "/page)", 0},
		{"chain within the budget", "/redirect", 2, nil, "", 200},
		{"follow none", "/redirect", -1, nil, "", 301},
		{"unsupported target", "/to-ftp", 0, ErrBadRedirect, `redirects to "ftp://example.com/file"`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL+tt.path,
				mustProfile(t, DefaultProfileID), Options{MaxRedirects: tt.maxRedirects})
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("Fetch error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				if !strings.Contains(err.Error(), tt.wantMsg) {
					t.Errorf("error = %q, want it to contain %q", err, tt.wantMsg)
				}
				if IsUsageError(err) {
					t.Errorf("IsUsageError(%v) = true, want false", err)
				}
				return
			}
			if got := res.Status; got != tt.wantStatus {
				t.Errorf("Status = %d, want %d", got, tt.wantStatus)
			}
		})
	}
}

func TestFetchSendsOnlyCrawlerHeaders(t *testing.T) {
	t.Parallel()
	srv := newRawServer(t, []byte("HTTP/1.1 204 No Content\r\n\r\n"))
	p := mustProfile(t, "googlebot-desktop")
	res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/a%20b/c?q=1 2&x=é#frag", p, Options{ChromeVersion: "1.2.3.4"})
	if err != nil {
		t.Fatal(err)
	}
	host := strings.TrimPrefix(srv.URL(), "http://")
	want := "GET /a%20b/c?q=1%202&x=%C3%A9 HTTP/1.1\r\n" +
		"Host: " + host + "\r\n" +
		"User-Agent: Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; " +
		"+http://www.google.com/bot.html) Chrome/1.2.3.4 Safari/537.36\r\n" +
		"Accept: " + DefaultAccept + "\r\n" +
		"Accept-Encoding: gzip, deflate, br\r\n" +
		"Connection: close\r\n\r\n"
	if got := string(srv.lastRequest()); got != want {
		t.Errorf("request =\n%q\nwant\n%q", got, want)
	}
	if got := res.Request; got != want {
		t.Errorf("Request = %q, want what the server received", got)
	}
	if got, want := res.Status, 204; got != want {
		t.Errorf("Status = %d, want %d", got, want)
	}
}

func TestFetchSlowAnswerWithinTimeout(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/slow", Options{})
	if got, want := string(res.Body), smallPage; got != want {
		t.Errorf("Body = %q, want %q", got, want)
	}
	if res.Timings.FirstByte <= 0 || res.Timings.Total < res.Timings.FirstByte {
		t.Errorf("Timings = %+v, want FirstByte > 0 and Total >= FirstByte", res.Timings)
	}
}

func TestFetchErrorStatusIsData(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/status/404", Options{})
	if got, want := res.Status, 404; got != want {
		t.Errorf("Status = %d, want %d", got, want)
	}
	if got, want := string(res.Body), "not here\n"; got != want {
		t.Errorf("Body = %q, want %q", got, want)
	}
}

func TestFetchRobotsTxt(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/robots.txt", Options{})
	if got, want := string(res.Body), "User-agent: *\nDisallow: /private/\n"; got != want {
		t.Errorf("Body = %q, want %q", got, want)
	}
	if got, want := res.Kind, KindHTML; got != want {
		t.Errorf("Kind = %q, want %q (text/plain is an indexable text type)", got, want)
	}
}

func TestFetchProgress(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	var mu sync.Mutex
	var calls [][2]int64
	res := fetchSite(t, srv, "/big", Options{Progress: func(done, total int64) {
		mu.Lock()
		calls = append(calls, [2]int64{done, total})
		mu.Unlock()
	}})
	if len(calls) == 0 {
		t.Fatal("Progress was never called")
	}
	last := calls[len(calls)-1]
	if got, want := last, [2]int64{res.BodyBytes, bigPageSize}; got != want {
		t.Errorf("last Progress call = %v, want %v", got, want)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] < calls[i-1][0] {
			t.Errorf("Progress went backwards: %v then %v", calls[i-1], calls[i])
		}
	}
}

func TestFetchBinaryLabelledHTML(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/binary", Options{})
	if got, want := res.BodyBytes, int64(300_000); got != want {
		t.Errorf("BodyBytes = %d, want %d", got, want)
	}
	if got, want := res.Kind, KindHTML; got != want {
		t.Errorf("Kind = %q, want %q (Content-Type decides)", got, want)
	}
}

func TestFetchPDF(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	tests := []struct {
		name, query string
	}{
		{"labelled", ""},
		{"sniffed", "?type=application/octet-stream"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := fetchSite(t, srv, "/pdf"+tt.query, Options{})
			if got, want := res.Kind, KindPDF; got != want {
				t.Errorf("Kind = %q, want %q", got, want)
			}
			if got, want := res.LimitBytes, int64(64_000_000); got != want {
				t.Errorf("LimitBytes = %d, want %d", got, want)
			}
			if got, want := res.BodyBytes, int64(pdfSize); got != want || !res.ReadComplete {
				t.Errorf("BodyBytes, ReadComplete = %d, %v; want %d, true", got, res.ReadComplete, want)
			}
			if res.CutoffOffset == nil || *res.CutoffOffset != 64_000_000-res.HeaderBytes {
				t.Errorf("CutoffOffset = %v, want %d", res.CutoffOffset, 64_000_000-res.HeaderBytes)
			}
			if res.BinaryCutoffOffset == nil || *res.BinaryCutoffOffset != 67_108_864-res.HeaderBytes {
				t.Errorf("BinaryCutoffOffset = %v, want %d", res.BinaryCutoffOffset, 67_108_864-res.HeaderBytes)
			}
		})
	}
}
