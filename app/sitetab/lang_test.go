package sitetab

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The tab speaks the language in use when it is built: buttons, filters,
// column titles, and a real run's summary and progress lines with the
// language's digit grouping; the export formats' names stay.
func TestSiteTabSpeaksTheLanguage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/private/x" || r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
			return
		}
		w.Write([]byte("<html><body>page</body></html>"))
	}))
	t.Cleanup(srv.Close)
	urls := []string{srv.URL + "/a", srv.URL + "/b", srv.URL + "/private/x"}
	for _, c := range []struct {
		lang, start, over, findings, summary, pages string
	}{
		{"ja", "開始", "上限超過", "検出結果", "3 ページ: 取得 2、不許可 1、未取得 0", "1,234 ページ完了、5,678 ページ待機中"},
		{"fr", "Démarrer", "Au-delà de la limite", "Constats", "3 pages\u00a0: 2 récupérées, 1 bloquées, 0 non récupérées", "1\u202f234 pages traitées, 5\u202f678 en attente"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			tu := newSiteTestUI(t)
			a := tu.site
			tu.act(func() {
				if a.start.Text != c.start || a.filter.Options[filterOver] != c.over || siteColumns[siteColFindings].title() != c.findings {
					t.Errorf("start %q, filter %q, column %q; want %q, %q, %q", a.start.Text, a.filter.Options[filterOver],
						siteColumns[siteColFindings].title(), c.start, c.over, c.findings)
				}
			})
			tu.runList(t, urls)
			var status string
			tu.act(func() { status = a.status.Text })
			if !strings.HasPrefix(status, c.summary) {
				t.Errorf("summary %q, want it to start with %q", status, c.summary)
			}
			if got := progressText(site.Progress{Done: 1234, Queued: 5678}); !strings.HasPrefix(got, c.pages) {
				t.Errorf("progress %q, want it to start with %q", got, c.pages)
			}
		})
	}
}

// The rate and a page's share of its limit carry the language's decimal
// mark and percent sign, not English's.
func TestSiteNumbersUseTheLanguagesMarks(t *testing.T) {
	for _, c := range []struct {
		lang, rate, percent string
	}{
		{"en", "56.5", "97.3 %"},
		{"tr", "56,5", "%97,3"},
		{"it", "56,5", "97,3%"},
		{"id", "56,5", "97,3%"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			if got := oneDecimal(56.49); got != c.rate {
				t.Errorf("rate %q, want %q", got, c.rate)
			}
			if got := site.PercentText(97.26); got != c.percent {
				t.Errorf("percent %q, want %q", got, c.percent)
			}
			row := site.Row{URL: "http://h/p", Fetched: true, Status: 200, Percent: 97.26}
			m := newSiteModel()
			m.add([]site.Row{row})
			if got := m.cell(0, siteColPercent); got != c.percent {
				t.Errorf("percent cell %q, want %q", got, c.percent)
			}
			if got := detail(&row); !strings.Contains(got, c.percent) {
				t.Errorf("detail %q does not say %q", got, c.percent)
			}
		})
	}
}

// Every column title shows whole in languages whose titles are longer
// than English's: a title wider than its column ran into the next one's
// ("Yönlendirmeler" over "Yeniden denemeler" over "Hata").
func TestSiteColumnTitlesFitTheirColumns(t *testing.T) {
	for _, lang := range []string{"en", "tr", "id", "it"} {
		t.Run(lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(lang))
			defer i18n.Use(prev)
			tu := newSiteTestUI(t)
			tu.act(func() {
				tu.win.Resize(fyne.NewSize(4000, 600)) // every column on screen
				titles := map[string]bool{}
				for _, c := range siteColumns {
					titles[c.title()] = true
				}
				seen := 0
				for _, o := range test.LaidOutObjects(tu.site.table) {
					b, ok := o.(*kit.SortTitle)
					if !ok || !titles[b.Text] {
						continue
					}
					seen++
					if whole := kit.CellTextWidth(b.Text, true); b.Size().Width < whole-1 {
						t.Errorf("title %q is %v wide in a %v column", b.Text, whole, b.Size().Width)
					}
				}
				if seen < siteCols {
					t.Errorf("found %d of the %d column titles", seen, siteCols)
				}
			})
		})
	}
}
