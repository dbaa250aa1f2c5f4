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

// TestFindingTitleSpeaksEachLanguage: every finding code the demo's cut
// pages give, a contributor's and an advice's have a title of their own
// in each language; a code the catalog does not know keeps the title its
// words make.
func TestFindingTitleSpeaksEachLanguage(t *testing.T) {
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	codes := []string{CodeRenderJSNoindex, CodeRenderScriptUnchecked, CodeReadIncomplete, CodeSchemeAssumed, "contributor-inline-svg"}
	for _, path := range []string{"/big", "/resources"} {
		for _, f := range inspectIn(t, "en", srv.URL+path).Findings {
			codes = append(codes, f.Code)
		}
	}
	for _, tc := range []struct{ code, pageOverLimit, advice string }{
		{"it", "Pagina oltre il limite", "Simulazione: styles"},
		{"id", "Halaman melewati batas", "Simulasi: styles"},
		{"ja", "上限を超えるページ", "シミュレーション: styles"},
		{"tr", "Sınırı aşan sayfa", "Simülasyon: styles"},
		{"fr", "Page au-delà de la limite", "Simulation\u00a0: styles"},
	} {
		t.Run(tc.code, func(t *testing.T) {
			for _, code := range codes {
				en := FindingTitle(code)
				prev := i18n.Use(i18n.Get(tc.code))
				title := FindingTitle(code)
				i18n.Use(prev)
				if title == en {
					t.Errorf("%s is titled in English: %q", code, title)
				}
			}
			prev := i18n.Use(i18n.Get(tc.code))
			defer i18n.Use(prev)
			if got := FindingTitle(CodePageOverLimit); got != tc.pageOverLimit {
				t.Errorf("page-over-limit is titled %q, want %q", got, tc.pageOverLimit)
			}
			if got := FindingTitle(CodeAdvicePrefix + "styles"); got != tc.advice {
				t.Errorf("advice-styles is titled %q, want %q", got, tc.advice)
			}
			if got := FindingTitle("made-up-code"); got != "Made up code" {
				t.Errorf("an unknown code is titled %q, want its words", got)
			}
		})
	}
}

// TestSpanKindTextSpeaksEachLanguage inspects the demo site's /big page in
// several languages: every kind of byte its composition holds has a word
// of the language (the window's ruler legend's), while the composition
// keeps the kinds' codes.
func TestSpanKindTextSpeaksEachLanguage(t *testing.T) {
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	r := inspectIn(t, "en", srv.URL+"/big")
	tests := []struct{ lang, header, script, dataURI, text string }{
		{"en", "HTTP header", "inline script", "data: URI", "text bytes"},
		{"it", "intestazione HTTP", "script in linea", "URI data:", "byte di testo"},
		{"ja", "HTTP ヘッダー", "インライン スクリプト", "data: URI", "テキストのバイト"},
		{"fr", "en-tête HTTP", "script intégré", "URI data:", "octets de texte"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			for kind, want := range map[string]string{"header": tt.header, "inline-script": tt.script, "data-uri": tt.dataURI,
				"text": tt.text, "novel": "novel"} {
				if got := SpanKindText(kind); got != want {
					t.Errorf("SpanKindText(%q) = %q, want %q", kind, got, want)
				}
			}
			for kind := range r.Composition {
				if _, ok := KindColors[kind]; !ok {
					t.Errorf("the composition holds %q, which is not a kind's code", kind)
				}
				if got := SpanKindText(kind); got == kind && tt.lang != "en" {
					t.Errorf("%q has no %s word", kind, tt.lang)
				}
			}
		})
	}
}
