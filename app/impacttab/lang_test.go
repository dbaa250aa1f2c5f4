package impacttab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestImpactSpeaksTheLanguage builds the tab in French and in Japanese
// and shows a page cut at body byte 1,500: its labels, summary and table
// are the language's, its numbers grouped the language's way, and the
// element names and links unchanged. No t.Parallel: the language is
// process-wide.
func TestImpactSpeaksTheLanguage(t *testing.T) {
	body := "<title>t</title><h1>h</h1>" + strings.Repeat("x", 2_000) +
		`<a href="/lost-page">a</a><link rel="canonical" href="/c">`
	cut := int64(1_500)
	for _, tc := range []struct {
		lang string
		want []string // in the summary, the table, the labels and the list
	}{
		{"fr", []string{"Googlebot conserve le début du corps (1\u202f500 octets)", "Liens internes", "Lien canonique",
			"PERDU", "Liens perdus", "Éléments ouverts au seuil", "1 perdu, listé.", "octet 2\u202f", "/lost-page"}},
		{"ja", []string{"Googlebot は本文の最初の 1,500 バイトを保持し", "内部リンク", "canonical リンク",
			"喪失", "失われたリンク", "カットオフで開いたままの要素", "失われた 1 件をすべて表示しています。", "バイト 2,", "/lost-page"}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.lang))
			defer i18n.Use(prev)
			test.NewTempApp(t)
			w := test.NewTempWindow(t, nil)
			a := New(w)
			w.SetContent(a.Content())
			an := inspect.Analyze(inspect.Input{Body: []byte(body), Cutoff: &cut, Limit: 1_500, Crawler: "Googlebot"})
			a.Show(DataOf(an, "Googlebot", inspect.WholePage))
			tabs := a.root.(*container.Split).Trailing.(*container.AppTabs)
			shown := strings.Join([]string{a.summary.Text, a.Shown().Compare, tabs.Items[0].Text,
				headings(a), a.linkList.status.Text, a.CopyText()}, "\n")
			for _, want := range tc.want {
				if !strings.Contains(shown, want) {
					t.Errorf("the Impact tab in %s lacks %q:\n%s", tc.lang, want, shown)
				}
			}
			for _, english := range []string{"keeps the first", "Internal links", "Links lost", "every one listed"} {
				if strings.Contains(shown, english) {
					t.Errorf("the Impact tab in %s still says %q", tc.lang, english)
				}
			}
		})
	}
}

// headings are the texts of the tab's section headings.
func headings(a *Area) string {
	scroll := a.root.(*container.Split).Leading.(*container.Scroll)
	var out []string
	for _, o := range scroll.Content.(*fyne.Container).Objects {
		if l, ok := o.(*widget.Label); ok && l.TextStyle.Bold {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}
