package report

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/golden"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// demoOrigin is the address the /big report names: every connection goes
// to the test's demo server whatever the port, so that the page (which
// quotes its own origin) and the report are the same bytes every run.
const demoOrigin = "127.0.0.1:8080"

// bigReport inspects the demo site's /big page (2.6 MB, cut by Googlebot
// Smartphone's 2 MB limit) with its robots.txt and subresources, as
// served at demoOrigin on a fixed date.
func bigReport(t *testing.T) *inspect.Report {
	t.Helper()
	site := demosite.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Date", "Mon, 02 Mar 2026 09:30:00 GMT") // the raw header the pack shows
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	addr := srv.Listener.Addr().String()
	f := &fetch.Fetcher{Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}
	r, err := inspect.Page(t.Context(), f, "http://"+demoOrigin+"/big", smartphone, inspect.Options{FetchBlocked: true})
	if err != nil {
		t.Fatalf("Page(/big): %v", err)
	}
	r.Generated = reportGenerated
	return r
}

// TestBigReportGolden inspects /big and writes its text report and evidence pack
// /big in every language but English (whose goldens are the fixture's,
// above) and compares them with testdata/report/big.LANG.txt and .html.
func TestBigReportGolden(t *testing.T) {
	for _, code := range i18n.Codes[1:] {
		t.Run(code, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(code))
			defer i18n.Use(prev)
			r := bigReport(t) // the findings are written in the language in use
			golden.Check(t, "report/big."+code+".txt", render(t, r, "text"))
			golden.Check(t, "report/big."+code+".html", render(t, r, FormatHTML))
		})
	}
}

// TestReportSpeaksTheLanguage writes the /big report in each language and
// checks a few of its sentences, numbers grouped the language's way, the
// kinds (of the file, the critical elements, the bytes, the resources) in
// the language's words, and that codes, element names, the CSV and the
// JSON stay as they are.
func TestReportSpeaksTheLanguage(t *testing.T) {
	r := bigReport(t)
	tests := []struct {
		lang       string
		text, html []string
	}{
		{"en", []string{"Limit       2,000,000 bytes for HTML (2,097,152 if MB is read as MiB)", "\nCritical elements\n", "[page-over-limit]",
			"  JSON-LD block ", "  inline script  ", "  stylesheet  200 "},
			[]string{`<html lang="en">`, "<h2>Critical elements</h2>", "2 March 2026 at 09:30 UTC", "<td>JSON-LD block</td>",
				"<title>JSON-LD block at body byte 1,998,000</title>", "</i>data: URI</span>", "<td>stylesheet</td>"}},
		{"it", []string{"2.000.000 byte per i file HTML (2.097.152 se MB si legge come MiB)", "\nElementi critici\n", "[page-over-limit]", "Risultati — critici: ",
			"  blocco JSON-LD ", "  script in linea  ", "  foglio di stile  200 "},
			[]string{`<html lang="it">`, "<h2>Elementi critici</h2>", "2 marzo 2026 alle ore 09:30 UTC", `class="critical">critico<`,
				"<td>blocco JSON-LD</td>", "<title>blocco JSON-LD al byte 1.998.000 del corpo</title>", "<td>foglio di stile</td>"}},
		{"id", []string{"2.000.000 byte untuk file HTML (2.097.152 jika MB dibaca sebagai MiB)", "Temuan: ", "[page-over-limit]",
			"  blok JSON-LD ", "  skrip inline  "},
			[]string{`<html lang="id">`, "<h2>Temuan</h2>", "2 Maret 2026 pukul 09:30 UTC", "<td>blok JSON-LD</td>"}},
		{"ja", []string{"HTML: 2,000,000 バイト（MB を MiB と解釈すると 2,097,152）", "\n重要な要素\n", "[page-over-limit]",
			"  JSON-LD ブロック ", "  インライン スクリプト  ", "  スタイルシート  200 "},
			[]string{`<html lang="ja">`, "<h2>重要な要素</h2>", "2026 年 3 月 2 日 09:30 UTC", "<td>JSON-LD ブロック</td>",
				"<title>本文の 1,998,000 バイト目の JSON-LD ブロック</title>", "<td>スタイルシート</td>"}},
		{"tr", []string{"HTML dosyaları için 2.000.000 bayt (MB, MiB olarak okunursa 2.097.152)", "\nKritik öğeler\n", "KRİTİK", "[page-over-limit]",
			"  JSON-LD bloğu ", "  stil sayfası  200 "},
			[]string{`<html lang="tr">`, "<h2>Kritik öğeler</h2>", "2 Mart 2026, saat 09:30 UTC", "<td>stil sayfası</td>"}},
		{"fr", []string{"2\u202f000\u202f000 octets pour les fichiers HTML (2\u202f097\u202f152 si Mo se lit comme Mio)", "Constats — critiques\u00a0: ", "[page-over-limit]",
			"  bloc JSON-LD ", "  script intégré  ", "  feuille de style  200 "},
			[]string{`<html lang="fr">`, "<h2>Éléments critiques</h2>", "2 mars 2026 à 09:30 UTC", "<td>bloc JSON-LD</td>", "<td>feuille de style</td>"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			text, html := string(render(t, r, "text")), string(render(t, r, FormatHTML))
			for _, w := range tt.text {
				if !strings.Contains(text, w) {
					t.Errorf("the %s text report lacks %q", tt.lang, w)
				}
			}
			for _, w := range tt.html {
				if !strings.Contains(html, w) {
					t.Errorf("the %s evidence pack lacks %q", tt.lang, w)
				}
			}
			if csv := string(render(t, r, FormatCSV)); !strings.HasPrefix(csv, strings.Join(csvHeader, ",")+"\n") ||
				!strings.Contains(csv, "finding,,critical,page-over-limit,") || !strings.Contains(csv, "\ncritical,json-ld,,,1998000,") ||
				!strings.Contains(csv, "\nresource,stylesheet,") {
				t.Errorf("the %s CSV changed its header or codes:\n%.300s", tt.lang, csv)
			}
			if js := string(render(t, r, FormatJSON)); !strings.Contains(js, `"kind": "json-ld"`) || !strings.Contains(js, `"kind": "stylesheet"`) ||
				!strings.Contains(js, `"kind": "html"`) || !strings.Contains(js, `"inline-script": 1`) {
				t.Errorf("the %s JSON changed its codes", tt.lang)
			}
		})
	}
}

// TestLostKindsAreWords writes what a crawler's render lost in several
// languages: link, JSON-LD, canonical and text are the language's words,
// element names and directives stay as HTML writes them, and the JSON
// keeps every kind's code.
func TestLostKindsAreWords(t *testing.T) {
	rd := &inspect.Rendered{Crawler: "Googlebot Smartphone", Viewport: inspect.Viewport{Width: 412, Height: 732},
		Google: &inspect.RenderedPage{Mode: "google"}, Full: &inspect.RenderedPage{Mode: "full"},
		Lost: []inspect.RenderedLost{{Kind: inspect.LostLink, Value: "https://a.example/b"}, {Kind: inspect.LostJSONLD, Value: "Product"},
			{Kind: inspect.LostCanonical, Value: "https://a.example/"}, {Kind: inspect.LostText, Value: "120 bytes"},
			{Kind: inspect.LostTitle, Value: "T"}, {Kind: inspect.LostNoindex, Value: "noindex"}}}
	tests := []struct {
		lang  string
		kinds []string // in the order of rd.Lost
	}{
		{"en", []string{"link", "JSON-LD", "canonical", "text", "title", "noindex"}},
		{"it", []string{"link", "JSON-LD", "URL canonico", "testo", "title", "noindex"}},
		{"id", []string{"link", "JSON-LD", "URL kanonis", "teks", "title", "noindex"}},
		{"ja", []string{"リンク", "JSON-LD", "正規 URL", "テキスト", "title", "noindex"}},
		{"tr", []string{"bağlantı", "JSON-LD", "standart URL", "metin", "title", "noindex"}},
		{"fr", []string{"lien", "JSON-LD", "URL canonique", "texte", "title", "noindex"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			var text strings.Builder
			if err := WriteRenderedText(&text, rd); err != nil {
				t.Fatal(err)
			}
			html := renderedView(rd)
			cols := 10 // the values start after the widest kind listed
			for _, k := range tt.kinds {
				cols = max(cols, prose.Width(k))
			}
			for i, l := range rd.Lost {
				want := tt.kinds[i] + "  " + l.Value
				if got := LostLine(rd, l); got != want {
					t.Errorf("LostLine = %q, want %q", got, want)
				}
				if !strings.Contains(text.String(), "    "+prose.PadRight(tt.kinds[i], cols)+" "+l.Value+"\n") {
					t.Errorf("the text lacks %q %q:\n%s", tt.kinds[i], l.Value, text.String())
				}
				if html.Lost[i].Kind != tt.kinds[i] {
					t.Errorf("the evidence pack's lost kind %q, want %q", html.Lost[i].Kind, tt.kinds[i])
				}
			}
			b, err := json.Marshal(rd)
			if err != nil {
				t.Fatal(err)
			}
			for _, code := range []string{`"kind":"link"`, `"kind":"json-ld"`, `"kind":"canonical"`, `"kind":"text"`} {
				if !strings.Contains(string(b), code) {
					t.Errorf("the JSON lacks %s", code)
				}
			}
		})
	}
}
