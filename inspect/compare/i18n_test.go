package compare

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// lateHeadingPage is a page whose h1 comes after Googlebot's 2 MB limit and
// before Bingbot's 15 MB one.
var lateHeadingPage = `<!doctype html><html><head><title>Shoes</title></head><body><p>` +
	strings.Repeat("x", 2_100_000) + `</p><h1>Shoes</h1></body></html>`

// localizedCompare compares the big page as Googlebot Smartphone and
// Bingbot in the language in use: the text report, and what must not
// change with the language (fields, raw values, statuses).
func localizedCompare(t *testing.T, url string) (text string, codes []string) {
	t.Helper()
	r := mustRun(t, url, subjects(t, "googlebot-smartphone", "bingbot"))
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, d := range r.Differences {
		codes = append(codes, d.Field)
		for _, f := range r.Fetches {
			codes = append(codes, f.Label, fmtValue(d.Values[f.Label]))
		}
	}
	for _, f := range r.Fetches {
		for _, c := range f.Critical {
			codes = append(codes, c.Kind)
		}
	}
	return buf.String(), codes
}

func fmtValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

func TestCompareSpeaksTheLanguageInUse(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(lateHeadingPage))
	}))
	defer srv.Close()
	url := srv.URL + "/shoes"
	englishText, englishCodes := localizedCompare(t, url)
	for _, want := range []string{"Bingbot gets the h1 heading whole where Googlebot Smartphone loses it past its cutoff.", "(limit 15,000,000)"} {
		if !strings.Contains(englishText, want) {
			t.Fatalf("the English comparison lacks %q:\n%s", want, englishText)
		}
	}
	tests := []struct {
		lang string
		want []string
	}{
		{"it", []string{"Confronto di " + url, "Bingbot riceve l'elemento intestazione h1 per intero, mentre Googlebot Smartphone lo perde oltre la sua soglia.", "2.100.095",
			"(limite 15.000.000)", "Soglia", "Differenze (", "Search Console"}},
		{"id", []string{"Perbandingan " + url, "Bingbot mendapat heading h1 secara utuh, sedangkan Googlebot Smartphone kehilangannya karena berada setelah cutoff-nya.", "2.100.095",
			"(batas 15.000.000)", "Perbedaan ("}},
		{"ja", []string{url + " の比較", "Bingbot は「h1 見出し」を完全に取得しますが、Googlebot Smartphone ではカットオフより後にあるため失われます。", "2,100,095",
			"（上限 15,000,000）", "カットオフ", "違い（"}},
		{"tr", []string{"Karşılaştırma: " + url, "h1 başlığı Bingbot tarafından eksiksiz alınıyor, Googlebot Smartphone ise onu kesme noktasının ötesinde kaldığı için kaybediyor.", "2.100.095",
			"(sınır 15.000.000)", "Kesme noktası", "Farklar ("}},
		{"fr", []string{"Comparaison de " + url, "Bingbot reçoit cet élément (titre h1) entier\u00a0; Googlebot Smartphone le perd au-delà de son seuil.", "2\u202f100\u202f095",
			"(limite 15\u202f000\u202f000)", "Seuil", "Différences ("}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			text, codes := localizedCompare(t, url)
			for _, want := range tt.want {
				if !strings.Contains(text, want) {
					t.Errorf("the comparison lacks %q:\n%s", want, text)
				}
			}
			if !slices.Equal(codes, englishCodes) {
				t.Errorf("fields, values or kinds changed with the language:\n%q\nEnglish:\n%q", codes, englishCodes)
			}
		})
	}
}

// TestRobotsFileCellSpeaksTheLanguageInUse serves robots.txt to Googlebot
// and answers 503 to Bingbot: the robots.txt cells and their difference
// name each file's policy in the language's words, while the JSON keeps
// the statuses and the policy codes.
func TestRobotsFileCellSpeaksTheLanguageInUse(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			if strings.Contains(strings.ToLower(r.UserAgent()), "bingbot") {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			w.Write([]byte("User-agent: *\nAllow: /\n"))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html><title>Shoes</title><h1>Shoes</h1>"))
	}))
	defer srv.Close()
	tests := []struct{ lang, google, bing string }{
		{"en", "HTTP 200 (parsed)", "HTTP 503 (disallow-all)"},
		{"it", "HTTP 200 (regole applicate)", "HTTP 503 (tutto vietato)"},
		{"id", "HTTP 200 (aturan berlaku)", "HTTP 503 (semua dilarang)"},
		{"ja", "HTTP 200（ルールを適用）", "HTTP 503（すべて不許可）"},
		{"tr", "HTTP 200 (kurallar uygulanır)", "HTTP 503 (her şey yasaklanır)"},
		{"fr", "HTTP 200 (règles appliquées)", "HTTP 503 (tout interdit)"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			r := mustRun(t, srv.URL+"/shoes", subjects(t, "googlebot-smartphone", "bingbot"))
			i := slices.IndexFunc(r.Differences, func(d Difference) bool { return d.Field == "robots_file" })
			if i < 0 {
				t.Fatalf("no robots.txt difference: %+v", r.Differences)
			}
			d := r.Differences[i]
			if text := d.Text(); !strings.Contains(text, tt.google) || !strings.Contains(text, tt.bing) {
				t.Errorf("the difference lacks %q or %q: %s", tt.google, tt.bing, text)
			}
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmtValue(d.Values); got != `{"bingbot":503,"googlebot-smartphone":200}` {
				t.Errorf("the difference's values are %s, want the statuses", got)
			}
			for _, code := range []string{`"policy":"parsed"`, `"policy":"disallow-all"`} {
				if !strings.Contains(string(b), code) {
					t.Errorf("the JSON lacks %s", code)
				}
			}
		})
	}
}
