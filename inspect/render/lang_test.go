package render

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestRenderSpeaksTheLanguage reads a page with a script past a 2,000,000
// byte cutoff, a PDF and an image request, and looks for a browser where
// there is none, in French and in Japanese: the reasons are the
// language's, with its digits; the package name, the command and the
// codes stay as they are.
func TestRenderSpeaksTheLanguage(t *testing.T) {
	body := "<!doctype html><html><body>" + strings.Repeat("x", 2_000_100) + `<script src="/late.js"></script></body></html>`
	src := scanSource([]byte(body), "https://example.com/")
	if len(src.scripts) != 1 {
		t.Fatalf("scanned %d scripts, want 1", len(src.scripts))
	}
	cut := int64(2_000_000)
	google, _ := fetch.Lookup("googlebot-smartphone")
	pdf := &inspect.Report{Fetch: &fetch.Result{Kind: fetch.KindPDF}}
	t.Setenv("PATH", filepath.Join(t.TempDir(), "empty"))
	tests := []struct {
		lang                   string
		script, notHTML, image string
		noBrowser              []string
		english                string // a phrase of the English reasons, which must not appear
	}{
		{"fr",
			"Au-delà du seuil, à l’octet 2\u202f000\u202f000\u00a0: absent des octets conservés par le robot.",
			"Seules les pages HTML sont rendues\u00a0; ce document est un PDF.",
			"Non récupérée\u00a0: le moteur de rendu de Google ne récupère ni images, ni médias, ni polices.",
			[]string{"aucun navigateur basé sur Chromium", "sudo apt-get install chromium-headless-shell", "--browser"},
			"Not fetched"},
		{"ja",
			"2,000,000 バイト目のカットオフより後にあるため、クローラーが保持したバイトに含まれていません。",
			"レンダリングするのは HTML ページだけです。このドキュメントは PDF です。",
			"取得していません: Google のレンダラーは画像、メディア、フォントを取得しません。",
			[]string{"Chromium ベースのブラウザが見つかりません", "sudo apt-get install chromium-headless-shell", "--browser"},
			"Not fetched"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			got := map[string]string{
				"script": cutReason(src.scripts[0], &cut), "notHTML": renderable(pdf),
				"image": skippedType(network.ResourceTypeImage, google),
			}
			for name, want := range map[string]string{"script": tt.script, "notHTML": tt.notHTML, "image": tt.image} {
				if got[name] != want {
					t.Errorf("%s: %q, want %q", name, got[name], want)
				}
				if strings.Contains(got[name], tt.english) {
					t.Errorf("%s is English: %q", name, got[name])
				}
			}
			_, err := FindBrowser("")
			if err != ErrNoBrowser {
				t.Fatalf("FindBrowser with nothing installed: %v, want ErrNoBrowser", err)
			}
			for _, want := range tt.noBrowser {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("no browser: %q lacks %q", err.Error(), want)
				}
			}
		})
	}
}

// TestNotRenderedSaysTheKindInWords checks why a document that is not HTML
// is not rendered, in several languages: the kind is said in words, never
// as its code ("pdf", "other"), and HTML is rendered.
func TestNotRenderedSaysTheKindInWords(t *testing.T) {
	tests := []struct{ lang, pdf, other string }{
		{"en", "Only HTML pages are rendered; this one is a PDF.", "Only HTML pages are rendered; this one is not HTML."},
		{"it", "Il rendering riguarda solo le pagine HTML; questo documento è un PDF.",
			"Il rendering riguarda solo le pagine HTML; questo documento non è HTML."},
		{"tr", "Yalnızca HTML sayfaları oluşturulur; bu belge bir PDF.", "Yalnızca HTML sayfaları oluşturulur; bu belge HTML değil."},
		{"fr", "Seules les pages HTML sont rendues\u00a0; ce document est un PDF.",
			"Seules les pages HTML sont rendues\u00a0; ce document n’est pas du HTML."},
	}
	of := func(k fetch.Kind) *inspect.Report { return &inspect.Report{Fetch: &fetch.Result{Kind: k}} }
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			for k, want := range map[fetch.Kind]string{fetch.KindPDF: tt.pdf, fetch.KindOther: tt.other, fetch.KindHTML: ""} {
				if got := renderable(of(k)); got != want {
					t.Errorf("renderable(%s) = %q, want %q", k, got, want)
				}
			}
		})
	}
}
