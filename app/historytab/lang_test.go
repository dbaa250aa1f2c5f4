package historytab

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestHistorySpeaksTheLanguage builds the tab in French and in Japanese
// over a real history file of two inspections of a page, the second cut
// by its 3,000-byte limit: the summary, the cells, the column titles and
// the plot's limit are the language's, with its digits. No t.Parallel: the
// language is process-wide.
func TestHistorySpeaksTheLanguage(t *testing.T) {
	dir := t.TempDir()
	h, err := history.Open(context.Background(), filepath.Join(dir, "history.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	page := filepath.Join(dir, "kettle.html")
	saveLocal(t, h, page, kettle(100))
	saveLocal(t, h, page, kettle(5000))
	for _, tc := range []struct {
		lang                               string
		summary, limit, cutAt, kept, title string
		plot, button, pickTwo              string
	}{
		{"fr", "2 inspections enregistrées de " + page + " depuis le ", "octets sur une limite de 3\u202f000 octets.",
			"à l’octet 3\u202f000 du corps", "perdus\u00a0: 3", "Octets comptés", "limite 3\u202f000 octets", "Afficher dans les onglets",
			"Choisir deux inspections différentes à comparer."},
		{"ja", "以降、" + page + " の検査が 2 件保存されています。", "最新: 上限 3,000 バイトのうち ",
			"本文の 3,000 バイト目", "3 個喪失", "カウントされたバイト数", "上限 3,000 バイト", "タブに表示",
			"比較する 2 つの異なる検査を選んでください。"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.lang))
			defer i18n.Use(prev)
			test.NewTempApp(t)
			b := &job.Bridge{}
			a := New(context.Background(), b, test.NewTempWindow(t, nil),
				func(context.Context) (*history.DB, error) { return h, nil }, nil)
			done := make(chan struct{}, 1)
			a.onLoaded = func() { done <- struct{}{} }
			b.Sync(func() { a.Show(page) })
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the inspections were never listed")
			}
			b.Sync(func() {
				shown := strings.Join([]string{a.StatusText(), cell(a.Items()[0], 3), cell(a.Items()[0], 4),
					columns()[2].Title, test.WidgetRenderer(a.plot).(*plotRenderer).caption.Text, a.viewBtn.Text}, "\n")
				for _, want := range []string{tc.summary, tc.limit, tc.cutAt, tc.kept, tc.title, tc.plot, tc.button} {
					if !strings.Contains(shown, want) {
						t.Errorf("the History tab in %s lacks %q:\n%s", tc.lang, want, shown)
					}
				}
				a.older.SetSelectedIndex(0)
				if d := a.DiffText(); d != tc.pickTwo {
					t.Errorf("one inspection compared with itself: %q, want %q", d, tc.pickTwo)
				}
			})
		})
	}
}
