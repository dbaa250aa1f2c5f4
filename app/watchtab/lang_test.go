package watchtab

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestWatchSpeaksTheLanguage builds the tab in French and in Japanese,
// watches a page over a real history file and checks it twice, its
// canonical link crossing the 3,000-byte limit the second time: the
// summary, the first check's sentence, the column titles, the buttons and
// the notification's title are the language's, with its digits. No
// t.Parallel: the language is process-wide.
func TestWatchSpeaksTheLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang                    string
		summary, first, column  string
		button, notify, checked string
		grew                    string // in the second check's sentences
	}{
		{"fr", "1 page surveillée, vérifiée toutes les 6 heures tant que la fenêtre est ouverte.",
			"Première inspection\u00a0: 273 octets, soit 9\u202f% de la limite.", "Dernière vérification",
			"Surveiller cette page", "Cutoff\u00a0: ", "jamais", "4\u202f900 octets"},
		{"ja", "1 ページを監視中です。ウィンドウが開いている間、6 時間ごとに確認します。",
			"初回の検査: 273 バイト（上限の 9%）。", "最終確認", "このページを監視", " が変わりました", "なし", "4,900 バイト"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.lang))
			defer i18n.Use(prev)
			url := filepath.Join(t.TempDir(), "kettle.html")
			writePage(t, url, 100)
			ta := newTestArea(t)
			if err := ta.db.AddWatch(context.Background(), url, googlebot); err != nil {
				t.Fatal(err)
			}
			ta.bridge.Sync(func() {
				if got := cell(row{}, 2); got != tc.checked {
					t.Errorf("a page never checked reads %q, want %q", got, tc.checked)
				}
				ta.Start()
			})
			await(t, ta.listed, "the watch list was shown")
			w := ta.clock.nextWait(t)
			await(t, ta.checked, "the first check was shown")
			ta.bridge.Sync(func() {
				if got := ta.StatusText(); got != tc.summary {
					t.Errorf("summary %q, want %q", got, tc.summary)
				}
				if got := ta.rows[0].changed; got != tc.first {
					t.Errorf("first check %q, want %q", got, tc.first)
				}
				if got := columns()[2].Title; got != tc.column {
					t.Errorf("column title %q, want %q", got, tc.column)
				}
				if got := buttonTexts(ta.Content()); !strings.Contains(got, tc.button) {
					t.Errorf("the buttons %q lack %q", got, tc.button)
				}
			})
			writePage(t, url, 5000)
			w.fire <- time.Now()
			ta.clock.nextWait(t)
			select {
			case n := <-ta.notified:
				if !strings.Contains(n.Title, tc.notify) || !strings.Contains(n.Title, url) {
					t.Errorf("notification title %q, want %q and the page", n.Title, tc.notify)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("no notification after the canonical link crossed the cutoff")
			}
			ta.bridge.Sync(func() {
				if got := ta.rows[0].changed; !strings.Contains(got, tc.grew) {
					t.Errorf("second check %q lacks %q", got, tc.grew)
				}
				ta.selected = 0
				ta.showSelected()
				if got, want := ta.StatusText(), url; !strings.HasPrefix(got, want) {
					t.Errorf("status of the selected page %q, want it to start with %q", got, want)
				}
			})
		})
	}
}

// buttonTexts are the labels of every button under o, one a line.
func buttonTexts(o fyne.CanvasObject) string {
	switch o := o.(type) {
	case *widget.Button:
		return o.Text + "\n"
	case *fyne.Container:
		var b strings.Builder
		for _, c := range o.Objects {
			b.WriteString(buttonTexts(c))
		}
		return b.String()
	}
	return ""
}
