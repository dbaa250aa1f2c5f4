package report

import (
	"context"
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
// checks a few of its sentences, numbers grouped the language's way, and
// that codes, element names and the CSV stay as they are.
func TestReportSpeaksTheLanguage(t *testing.T) {
	r := bigReport(t)
	tests := []struct {
		lang       string
		text, html []string
	}{
		{"en", []string{"Limit       2,000,000 bytes for html (2,097,152 if MB is read as MiB)", "\nCritical elements\n", "[page-over-limit]"},
			[]string{`<html lang="en">`, "<h2>Critical elements</h2>", "2 March 2026 at 09:30 UTC"}},
		{"it", []string{"2.000.000 byte per html (2.097.152 se MB si legge come MiB)", "\nElementi critici\n", "[page-over-limit]", "Risultati — critici: "},
			[]string{`<html lang="it">`, "<h2>Elementi critici</h2>", "2 marzo 2026 alle 09:30 UTC", `class="critical">critico<`}},
		{"id", []string{"2.000.000 byte untuk html (2.097.152 jika MB dibaca sebagai MiB)", "Temuan: ", "[page-over-limit]"},
			[]string{`<html lang="id">`, "<h2>Temuan</h2>", "2 Maret 2026 pukul 09:30 UTC"}},
		{"ja", []string{"html は 2,000,000 バイト（MB を MiB と解釈すると 2,097,152）", "\n重要な要素\n", "[page-over-limit]"},
			[]string{`<html lang="ja">`, "<h2>重要な要素</h2>", "2026 年 3 月 2 日 09:30 UTC"}},
		{"tr", []string{"html için 2.000.000 bayt (MB, MiB olarak okunursa 2.097.152)", "\nKritik öğeler\n", "KRİTİK", "[page-over-limit]"},
			[]string{`<html lang="tr">`, "<h2>Kritik öğeler</h2>", "2 Mart 2026, saat 09:30 UTC"}},
		{"fr", []string{"2\u202f000\u202f000 octets pour html (2\u202f097\u202f152 si Mo se lit comme Mio)", "Constats — critiques\u00a0: ", "[page-over-limit]"},
			[]string{`<html lang="fr">`, "<h2>Éléments critiques</h2>", "2 mars 2026 à 09:30 UTC"}},
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
				!strings.Contains(csv, "finding,,critical,page-over-limit,") {
				t.Errorf("the %s CSV changed its header or codes:\n%.300s", tt.lang, csv)
			}
		})
	}
}
