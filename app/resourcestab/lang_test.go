package resourcestab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// The tab speaks the language in use when it is built: its labels, column
// titles, summary (with the language's digit grouping), kinds and details,
// while the resources keep their kinds' codes (the CSV's and JSON's).
func TestResourcesTabSpeaksTheLanguage(t *testing.T) {
	list := make([]resources.Resource, 1200)
	for i := range list {
		list[i] = resources.Resource{URL: "http://h/s.css", Kind: resources.Stylesheet, Tag: "link rel=stylesheet", DiscoveredBeforeCutoff: true,
			Fetched: true, Accounting: fetch.Accounting{Status: 200, BodyBytes: 10}, Response: resources.Response{Requested: true, CountedBytes: 10}}
	}
	for _, c := range []struct {
		lang, problems, bytesTitle, summary, yes, kind, kindTag string
	}{
		{"ja", "問題のあるもののみ", "カウントされたバイト数", "リソース 1,200 件、うちレンダリングで取得 1,200 件", "はい",
			"スタイルシート", "スタイルシート（link rel=stylesheet）"},
		{"fr", "Problèmes seulement", "Octets comptés", "1\u202f200 ressources\u00a0; récupérées par le rendu\u00a0: 1\u202f200", "oui",
			"feuille de style", "feuille de style (link rel=stylesheet)"},
		{"it", "Solo problemi", "Byte conteggiati", "1.200 risorse; recuperate dal rendering: 1.200", "sì",
			"foglio di stile", "foglio di stile (link rel=stylesheet)"},
		{"en", "Problems only", "Counted bytes", "1,200 resources, 1,200 fetched by the renderer", "yes",
			"stylesheet", "stylesheet (link rel=stylesheet)"},
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
			if got, want := a.all[0].Cells[ColFound], a.all[0].Res.SeenText(); got != want || got == a.all[0].Res.SeenWord() && c.lang != "en" {
				t.Errorf("seen cell %q, want the text report's word %q, not the CSV's", got, want)
			}
			if got := a.all[0].Cells[ColKind]; got != c.kind || a.all[0].Res.Kind != "stylesheet" {
				t.Errorf("kind cell %q of the kind %q, want %q of the code stylesheet", got, a.all[0].Res.Kind, c.kind)
			}
			for _, k := range resources.Kinds { // the kind column shows every kind whole
				if w := kit.CellTextWidth(k.Text(), false); w > a.widths[ColKind] {
					t.Errorf("the kind column is %v wide, %q needs %v", a.widths[ColKind], k.Text(), w)
				}
			}
			if d := resourceDetails(&a.all[0].Res); !strings.Contains(d, c.yes) || !strings.Contains(d, c.kindTag+"\n") {
				t.Errorf("details do not say %q and %q:\n%s", c.yes, c.kindTag, d)
			}
		})
	}
}

// TestResourceDetailsLineUp: in every language the details' values start
// at one terminal column, past the widest name ("Recuperata dal
// rendering" in Italian) and however wide a Japanese name's characters
// are. No t.Parallel: the language is process-wide.
func TestResourceDetailsLineUp(t *testing.T) {
	res := resources.Resource{URL: "http://h/a.css", Kind: resources.Stylesheet, Tag: "link",
		Fetched: true, Accounting: fetch.Accounting{Status: 200, BodyBytes: 10},
		Response: resources.Response{Requested: true, CountedBytes: 10, FinalURL: "http://h/b.css", ContentType: "text/css", ContentEncoding: "gzip"},
		Robots:   &resources.Robots{Allowed: true, URL: "http://h/robots.txt", Rule: "Allow: /", Group: "googlebot"}}
	for _, lang := range i18n.Codes {
		t.Run(lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(lang))
			defer i18n.Use(prev)
			fields := [][2]string{
				{i18n.T("resourcestab.field-url"), res.URL},
				{i18n.T("resourcestab.field-fetched"), prose.YesNo(true)},
				{i18n.T("resourcestab.field-content-encoding"), "gzip"},
				{"  " + i18n.T("resourcestab.field-robots-file"), "http://h/robots.txt"},
				{"  " + i18n.T("resourcestab.field-robots-rule"), "Allow: /"},
			}
			details := resourceDetails(&res)
			starts := map[int][]string{}
			for _, f := range fields {
				found := false
				for _, line := range strings.Split(details, "\n") {
					value, ok := strings.CutPrefix(line, f[0]+" ")
					if value = strings.TrimLeft(value, " "); ok && strings.HasPrefix(value, f[1]) {
						col := prose.Width(line) - prose.Width(value)
						starts[col] = append(starts[col], line)
						found = true
					}
				}
				if !found {
					t.Errorf("no line gives %q its value %q:\n%s", f[0], f[1], details)
				}
			}
			if len(starts) != 1 {
				t.Errorf("the values start at %d columns, want one: %v\n%s", len(starts), starts, details)
			}
		})
	}
}
