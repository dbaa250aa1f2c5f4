package demosite

import (
	"net/http"
	"strconv"
	"testing"
	"time"
)

func TestRoutes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		path      string
		host      string // Host header; "" means 127.0.0.1:PORT
		status    int
		ctype     string
		minLen    int
		maxLen    int
		header    string // a response header that must be present ...
		headerVal string // ... with this value
	}{
		{"index", "/", "", 200, typeHTML, 2_000, 10_000, "", ""},
		{"clean", "/clean", "", 200, typeHTML, 1_000, 5_000, "", ""},
		{"clean with query", "/clean?hl=de", "", 200, typeHTML, 1_000, 5_000, "", ""},
		{"big", "/big", "", 200, typeHTML, 2_500_000, 2_700_000, "", ""},
		{"big gzip", "/big-gzip", "", 200, typeHTML, 500_000, 2_000_000, "Content-Encoding", "gzip"},
		{"big brotli", "/big-br", "", 200, typeHTML, 500_000, 2_000_000, "Content-Encoding", "br"},
		{"resources", "/resources", "", 200, typeHTML, 2_000_001, 2_200_000, "", ""},
		{"rendered", "/rendered", "", 200, typeHTML, 2_500_000, 2_700_000, "", ""},
		{"bundle", "/static/app.bundle.js", "", 200, typeJS, 3_000_000, 3_000_000, "", ""},
		{"site.css", "/static/site.css", "", 200, typeCSS, 100, 2_000, "", ""},
		{"base.css", "/static/base.css", "", 200, typeCSS, 100, 2_000, "", ""},
		{"reset.css", "/static/reset.css", "", 200, typeCSS, 100, 2_000, "", ""},
		{"a.css", "/static/a.css", "", 200, typeCSS, 100, 2_000, "", ""},
		{"b.css", "/static/b.css", "", 200, typeCSS, 100, 2_000, "", ""},
		{"clean.css", "/static/clean.css", "", 200, typeCSS, 100, 2_000, "", ""},
		{"clean.js", "/static/clean.js", "", 200, typeJS, 10, 2_000, "", ""},
		{"module", "/static/module.js", "", 200, typeJS, 10, 2_000, "", ""},
		{"preloaded script", "/static/analytics.js", "", 200, typeJS, 10, 2_000, "", ""},
		{"late script", "/static/late.js", "", 200, typeJS, 10, 2_000, "", ""},
		{"iframe", "/static/embed.html", "", 200, typeHTML, 100, 2_000, "", ""},
		{"font", "/static/font.woff2", "", 200, typeFont, fontSize, fontSize, "", ""},
		{"image", "/static/hero.png", "", 200, typePNG, 100, 100_000, "", ""},
		{"wide image", "/static/hero-wide.png", "", 200, typePNG, 100, 100_000, "", ""},
		{"favicon", "/favicon.ico", "", 200, typePNG, 100, 100_000, "", ""},
		{"blocked script", "/private/tracker.js", "", 200, typeJS, 10, 2_000, "", ""},
		{"second host script", "/cdn/lib.js", "localhost:8080", 200, typeJS, 10, 2_000, "", ""},
		{"missing script", "/static/missing.js", "", 404, "text/plain; charset=utf-8", 1, 100, "", ""},
		{"static directory", "/static/", "", 404, "text/plain; charset=utf-8", 1, 100, "", ""},
		{"template not served", "/big.html", "", 404, typeHTML, 100, 2_000, "", ""},
		{"unknown page", "/nope", "", 404, typeHTML, 100, 2_000, "", ""},
		{"robots", "/robots.txt", "", 200, typeText, 500, 5_000, "", ""},
		{"second robots", "/robots.txt", "localhost:8080", 200, typeText, 100, 2_000, "", ""},
		{"sitemap", "/sitemap.xml", "", 200, typeXML, 100, 2_000, "", ""},
		{"redirect", "/redirect", "", 301, typeHTML, 1, 200, "Location", "/redirect/2"},
		{"loop", "/loop", "", 302, typeHTML, 1, 200, "Location", "/loop/2"},
		{"noindex", "/noindex", "", 200, typeHTML, 500, 5_000, "X-Robots-Tag", "googlebot: noindex"},
		{"slow", "/slow", "", 200, typeHTML, 190_000, 210_000, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			resp, body := get(t, shared, tt.host, tt.path)
			if got, want := resp.StatusCode, tt.status; got != want {
				t.Errorf("GET %s: status %d, want %d", tt.path, got, want)
			}
			if got, want := resp.Header.Get("Content-Type"), tt.ctype; got != want {
				t.Errorf("GET %s: Content-Type %q, want %q", tt.path, got, want)
			}
			if got := len(body); got < tt.minLen || got > tt.maxLen {
				t.Errorf("GET %s: %d bytes, want %d to %d", tt.path, got, tt.minLen, tt.maxLen)
			}
			if got, want := resp.Header.Get("Content-Length"), strconv.Itoa(len(body)); got != want {
				t.Errorf("GET %s: Content-Length %q, want %q", tt.path, got, want)
			}
			if tt.header != "" {
				if got, want := resp.Header.Get(tt.header), tt.headerVal; got != want {
					t.Errorf("GET %s: %s %q, want %q", tt.path, tt.header, got, want)
				}
			}
		})
	}
}

// TestHead checks that HEAD answers the headers of GET without a body.
func TestHead(t *testing.T) {
	t.Parallel()
	slow := newServer(t, time.Hour) // HEAD /slow must answer at once: there are no pieces to wait for
	for _, path := range []string{"/", "/big", "/big-gzip", "/report.pdf", "/slow", "/static/site.css"} {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			getResp, _ := get(t, shared, testHost, path)
			headResp, body := fetch(t, slow, http.MethodHead, testHost, path)
			if got, want := headResp.StatusCode, http.StatusOK; got != want {
				t.Errorf("HEAD %s: status %d, want %d", path, got, want)
			}
			if got, want := headResp.Header.Get("Content-Length"), getResp.Header.Get("Content-Length"); got != want {
				t.Errorf("HEAD %s: Content-Length %q, GET says %q", path, got, want)
			}
			if len(body) != 0 {
				t.Errorf("HEAD %s: %d body bytes, want none", path, len(body))
			}
		})
	}
}
