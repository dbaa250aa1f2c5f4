package site

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestSiteRunSpeaksTheLanguage runs over a real site in Turkish and in
// Japanese: the text summary, the HTML report and the rows' sentences are
// the language's, with its digits; codes, JSON keys and CSV cells are not
// translated.
func TestSiteRunSpeaksTheLanguage(t *testing.T) {
	s := newTestSite(t)
	s.text("/robots.txt", "text/plain", []byte("User-agent: *\nDisallow: /private/\n"))
	s.text("/sm.xml", "application/xml", urlset(s.URL+"/hub", s.URL+"/orphan", s.URL+"/private/x", s.URL+"/gone"))
	s.page("/hub", 30_000, nil, []string{"/orphan"})
	s.page("/orphan", 100, nil, nil)
	s.page("/private/x", 100, nil, nil)
	tests := []struct {
		lang      string
		text      []string // in the text summary
		html      []string // in the HTML report
		blocked   string   // in the disallowed row's error
		notNumber string   // the limit written the English way, which must not appear
	}{
		{"tr",
			[]string{"4 sayfa: 3 getirildi, 1 robots.txt tarafından engellendi, 0 getirilmedi (hatalar).",
				"1 sayfa 20.000 baytlık sınırın üzerinde; 0 sayfa daha sınırın %90 eşiğinin üzerinde.",
				"Getirilen sayfalardan: 1 sayfa 4xx veya 5xx yanıtı verdi.",
				"Yalnızca kesme noktasının ötesinden bağlantı verilenler"},
			[]string{`<html lang="tr">`, "<title>Cutoff site raporu: sm.xml</title>", "<th>Durum</th>", ">sınır</text>"},
			"getirilmedi: robots.txt, Googlebot Smartphone için buna izin vermiyor.", "20,000"},
		{"ja",
			[]string{"4 ページ: 取得 3、robots.txt によるブロック 1、未取得（エラー）0。",
				"1 ページが上限の 20,000 バイトを超えています。さらに 0 ページが上限の 90% 超です。",
				"取得したページのうち: 4xx または 5xx を返したもの 1。",
				"カットオフより後からのみリンクされている URL"},
			[]string{`<html lang="ja">`, "<title>Cutoff サイト レポート: sm.xml</title>", "<th>ステータス</th>", ">上限</text>"},
			"取得していません: robots.txt が Googlebot Smartphone に対してブロックしています。", "20.000"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			cfg := testConfig(t)
			cfg.Fetch.LimitOverride = 20_000
			byPath, sum, err := collect(t, Input{Sitemap: s.URL + "/sm.xml"}, cfg)
			if err != nil {
				t.Fatal(err)
			}
			rows := make([]Row, 0, len(byPath))
			for _, r := range byPath {
				rows = append(rows, r)
			}
			slices.SortFunc(rows, func(a, b Row) int { return strings.Compare(a.URL, b.URL) })
			var text, page, csv, jsonl bytes.Buffer
			if err := WriteText(&text, rows, sum); err != nil {
				t.Fatal(err)
			}
			for f, b := range map[string]*bytes.Buffer{FormatHTML: &page, FormatCSV: &csv, FormatJSONL: &jsonl} {
				if err := Write(b, f, rows, sum, Meta{Input: "sm.xml", Profile: cfg.Profile.Name}); err != nil {
					t.Fatal(err)
				}
			}
			for _, want := range tt.text {
				if !strings.Contains(text.String(), want) {
					t.Errorf("the text summary lacks %q:\n%s", want, text.String())
				}
			}
			for _, want := range tt.html {
				if !strings.Contains(page.String(), want) {
					t.Errorf("the HTML report lacks %q", want)
				}
			}
			if strings.Contains(text.String(), tt.notNumber) || strings.Contains(text.String(), "fetched") {
				t.Errorf("the text summary has English words or digits:\n%s", text.String())
			}
			if got := byPath["/private/x"].Error; got != tt.blocked {
				t.Errorf("the disallowed row says %q, want %q", got, tt.blocked)
			}
			if !strings.HasPrefix(csv.String(), strings.Join(CSVHeader, ",")+"\n") ||
				!strings.Contains(csv.String(), "robots-disallowed:warning") || !strings.Contains(csv.String(), ",20000,") {
				t.Errorf("the CSV's header, codes or raw numbers changed:\n%s", csv.String())
			}
			if !strings.Contains(jsonl.String(), `"robots_disallowed":1`) || !strings.Contains(jsonl.String(), `"limit_bytes":20000`) {
				t.Errorf("the JSON Lines' keys or numbers changed:\n%s", jsonl.String())
			}
		})
	}
}
