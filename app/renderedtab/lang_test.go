package renderedtab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestRenderedSpeaksTheLanguage builds the tab in French and in Japanese
// and shows two renders of 2.3 s at 1,920 × 1,080 that lost 1,133 items:
// the sentence, the tabs' labels and the switch are the language's, with
// its digits and decimal mark. No t.Parallel: the language is
// process-wide.
func TestRenderedSpeaksTheLanguage(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Bingbot", DurationMS: 2_300,
		Viewport: inspect.Viewport{Width: 1920, Height: 1080},
		Google:   &inspect.RenderedPage{Mode: "google"}, Full: &inspect.RenderedPage{Mode: "full"},
		Lost:    make([]inspect.RenderedLost, 1133),
		Scripts: []inspect.RenderedScript{{URL: "https://a.example/a.js"}, {URL: "https://a.example/b.js", Ran: true}}}
	for _, tc := range []struct {
		lang                  string
		status, failed        string
		lostTab, check, first string
	}{
		{"fr", "Chrome a effectué deux rendus de la page (1\u202f920 × 1\u202f080) en 2,3\u00a0s\u00a0: 1\u202f133 éléments perdus\u00a0; scripts non exécutés\u00a0: 1 sur 2.",
			"aucune comparaison, car le rendu de la page entière a échoué\u00a0: Chromium exited",
			"Perdu dans le rendu par Bingbot", "Effectuer le rendu de chaque page inspectée dans Chromium", "Comparaison"},
		{"ja", "Chrome は 1,920 × 1,080 でページを 2 回レンダリングしました（2.3 秒）。1,133 個の項目が失われました。2 個のスクリプトのうち 1 個が実行されませんでした。",
			"ページ全体のレンダリングが失敗した（Chromium exited）ため、比較はありません。",
			"Bingbot のレンダリングで失われたもの", "検査する各ページを Chromium でレンダリングする", "比較"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.lang))
			defer i18n.Use(prev)
			a := New(prefs.New(test.NewTempApp(t).Preferences()), nil)
			if got := a.tables.Items[1].Text; !strings.Contains(got, "クローラー") && !strings.Contains(got, "robot") {
				t.Errorf("before a render the lost tab reads %q, not the crawler in %s", got, tc.lang)
			}
			rd.Full.Error = ""
			a.Show(DataOf(rd))
			if got := a.Status(); got != tc.status {
				t.Errorf("status\n%q, want\n%q", got, tc.status)
			}
			for name, pair := range map[string][2]string{"lost tab": {a.tables.Items[1].Text, tc.lostTab},
				"switch": {a.enabled.Text, tc.check}, "first tab": {a.tables.Items[0].Text, tc.first}} {
				if !strings.HasPrefix(pair[0], pair[1]) {
					t.Errorf("%s %q, want %q", name, pair[0], pair[1])
				}
			}
			rd.Full.Error = "Chromium exited"
			if got := renderedStatus(rd); !strings.Contains(got, tc.failed) {
				t.Errorf("status of a failed render %q lacks %q", got, tc.failed)
			}
		})
	}
}
