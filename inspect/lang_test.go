package inspect

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// inspectIn inspects url as Googlebot Smartphone with the language code
// in use, and puts the previous language back.
func inspectIn(t *testing.T, code, url string) *Report {
	t.Helper()
	prev := i18n.Use(i18n.Get(code))
	defer i18n.Use(prev)
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatal("no default profile")
	}
	r, err := Page(context.Background(), &fetch.Fetcher{}, url, p, Options{})
	if err != nil {
		t.Fatalf("%s %s: %v", code, url, err)
	}
	return r
}

// TestFindingsSpeakEachLanguage inspects the demo site's cut pages in
// English and in each other language: the same finding codes in the same
// order, no message left in English, and the cutoff written with the
// language's digit grouping. The advice findings (inspect/whatif's
// sentences) are held to the same.
func TestFindingsSpeakEachLanguage(t *testing.T) {
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	for _, path := range []string{"/big", "/resources"} {
		en := inspectIn(t, "en", srv.URL+path)
		if en.Fetch.CutoffOffset == nil || len(en.Findings) < 5 {
			t.Fatalf("%s: want a cut page with findings, got %d findings", path, len(en.Findings))
		}
		cutoff := *en.Fetch.CutoffOffset
		for _, code := range i18n.Codes[1:] {
			t.Run(code+path, func(t *testing.T) {
				r := inspectIn(t, code, srv.URL+path)
				if len(r.Findings) != len(en.Findings) {
					t.Fatalf("%d findings, English has %d", len(r.Findings), len(en.Findings))
				}
				digits := i18n.Get(code).Int(cutoff)
				grouped := false
				for i, f := range r.Findings {
					e := en.Findings[i]
					if f.Code != e.Code || f.Severity != e.Severity {
						t.Errorf("finding %d is %s %s, English %s %s", i, f.Severity, f.Code, e.Severity, e.Code)
					}
					if f.Message == e.Message {
						t.Errorf("%s is the English message: %q", f.Code, f.Message)
					}
					if strings.Contains(f.Message, digits) {
						grouped = true
					}
					if code != "ja" && strings.Contains(f.Message, i18n.English().Int(cutoff)) {
						t.Errorf("%s writes the cutoff the English way: %q", f.Code, f.Message)
					}
				}
				if !grouped {
					t.Errorf("no message writes the cutoff as %q", digits)
				}
			})
		}
	}
}
