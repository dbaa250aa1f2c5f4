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
		{"id", []string{"Perbandingan " + url, "Bingbot mendapat judul h1 secara utuh, sedangkan Googlebot Smartphone kehilangannya karena berada setelah cutoff-nya.", "2.100.095",
			"(batas 15.000.000)", "Perbedaan ("}},
		{"ja", []string{url + " の比較", "Bingbot は h1 見出し を完全に取得しますが、Googlebot Smartphone ではカットオフより後にあるため失われます。", "2,100,095",
			"（上限 15,000,000）", "カットオフ", "違い（"}},
		{"tr", []string{"Karşılaştırma: " + url, "Bingbot h1 başlığı öğesini eksiksiz alıyor, Googlebot Smartphone ise onu kesme noktasının ötesinde kaldığı için kaybediyor.", "2.100.095",
			"(sınır 15.000.000)", "Kesme noktası", "Farklar ("}},
		{"fr", []string{"Comparaison de " + url, "Bingbot reçoit l’élément titre h1 entier alors que Googlebot Smartphone le perd au-delà de son seuil.", "2\u202f100\u202f095",
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
