package demosite

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/golden"
)

// TestResourcesPage checks where /resources references each subresource and
// that each answers as the page's comments say.
func TestResourcesPage(t *testing.T) {
	t.Parallel()
	_, page := get(t, shared, testHost, "/resources")
	tests := []struct {
		name   string
		ref    string // as written in the page
		early  bool   // referenced only before the cutoff (else only after it)
		status int
	}{
		{"stylesheet with an import chain", "/static/site.css", true, 200},
		{"stylesheet with an import loop", "/static/a.css", true, 200},
		{"preloaded font", "/static/font.woff2", true, 200},
		{"modulepreload", "/static/module.js", true, 200},
		{"preloaded script", "/static/analytics.js", true, 200},
		{"3 MB script", "/static/app.bundle.js", true, 200},
		{"script blocked by robots.txt", "/private/tracker.js", true, 200},
		{"script on the second host", "http://localhost:8080/cdn/lib.js", true, 200},
		{"missing script", "/static/missing.js", true, 404},
		{"image", "/static/hero.png", true, 200},
		{"picture source", "/static/hero-wide.png", true, 200},
		{"favicon", "/favicon.ico", true, 200},
		{"iframe", "/static/embed.html", true, 200},
		{"script after the cutoff", "/static/late.js", false, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			first := bytes.Index(page, []byte(`"`+tt.ref+`"`))
			last := bytes.LastIndex(page, []byte(`"`+tt.ref+`"`))
			switch {
			case first < 0:
				t.Fatalf("%s is not referenced", tt.ref)
			case tt.early && last >= limitDecimal-headerRoom:
				t.Errorf("%s referenced at byte %d, want before the cutoff", tt.ref, last)
			case !tt.early && first < limitDecimal:
				t.Errorf("%s referenced at byte %d, want only after byte %d", tt.ref, first, limitDecimal)
			}
			u, err := url.Parse(tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			resp, _ := get(t, shared, cmpOr(u.Host, testHost), u.Path)
			if got, want := resp.StatusCode, tt.status; got != want {
				t.Errorf("GET %s: status %d, want %d", tt.ref, got, want)
			}
		})
	}
}

// cmpOr returns a, or b when a is empty.
func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestStylesheetImports checks the @import chain and loop, and the font
// referenced from CSS.
func TestStylesheetImports(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		path string
		want string
	}{
		{"site.css imports base.css", "/static/site.css", `@import url("/static/base.css");`},
		{"site.css loads the font", "/static/site.css", "url(/static/font.woff2)"},
		{"base.css imports reset.css", "/static/base.css", `@import "reset.css";`},
		{"a.css imports b.css", "/static/a.css", "@import url(b.css);"},
		{"b.css imports a.css back", "/static/b.css", "@import url(a.css);"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, css := get(t, shared, "", tt.path)
			if !strings.Contains(string(css), tt.want) {
				t.Errorf("%s does not contain %s", tt.path, tt.want)
			}
		})
	}
}

func TestPages(t *testing.T) {
	t.Parallel()
	tests := []struct{ path, golden string }{
		{"/", "page-index.golden.html"},
		{"/clean", "page-clean.golden.html"},
		{"/noindex", "page-noindex.golden.html"},
	}
	for _, tt := range tests {
		_, body := get(t, shared, testHost, tt.path)
		golden.Check(t, tt.golden, body)
	}
}
