package resourcestab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The tab speaks the language in use when it is built: its labels, column
// titles, summary (with the language's digit grouping) and details, while
// the resource kinds, the codes of the report, stay as they are.
func TestResourcesTabSpeaksTheLanguage(t *testing.T) {
	list := make([]resources.Resource, 1200)
	for i := range list {
		list[i] = resources.Resource{URL: "http://h/s.css", Kind: resources.Stylesheet, DiscoveredBeforeCutoff: true,
			Fetched: true, Accounting: fetch.Accounting{Status: 200, BodyBytes: 10}, Response: resources.Response{Requested: true, CountedBytes: 10}}
	}
	for _, c := range []struct {
		lang, problems, bytesTitle, summary, yes string
	}{
		{"ja", "問題のあるもののみ", "カウントされたバイト数", "リソース 1,200 件、うちレンダリングで取得 1,200 件", "はい"},
		{"fr", "Problèmes seulement", "Octets comptés", "1\u202f200 ressources ; récupérées par le rendu\u00a0: 1\u202f200", "oui"},
		{"it", "Solo problemi", "Byte conteggiati", "1.200 risorse; recuperate dal rendering: 1.200", "sì"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			test.NewTempApp(t)
			w := test.NewTempWindow(t, nil)
			a := New(w)
			w.SetContent(a.Content())
			a.Show(RowsOf(list), "")
			if a.problems.Text != c.problems || resourceColumns[ColBytes].title() != c.bytesTitle {
				t.Errorf("problems %q, bytes column %q; want %q, %q", a.problems.Text, resourceColumns[ColBytes].title(), c.problems, c.bytesTitle)
			}
			if !strings.HasPrefix(a.Summary(), c.summary) {
				t.Errorf("summary %q, want it to start with %q", a.Summary(), c.summary)
			}
			if got, want := a.all[0].Cells[ColFound], a.all[0].Res.SeenText(); got != want || got == a.all[0].Res.SeenWord() {
				t.Errorf("seen cell %q, want the text report's word %q, not the CSV's", got, want)
			}
			if got := a.all[0].Cells[ColKind]; got != "stylesheet" {
				t.Errorf("kind cell %q: the kind is a code and stays", got)
			}
			if d := resourceDetails(&a.all[0].Res); !strings.Contains(d, c.yes) {
				t.Errorf("details do not say %q:\n%s", c.yes, d)
			}
		})
	}
}
