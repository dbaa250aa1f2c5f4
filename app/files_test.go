package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

func TestExportFileName(t *testing.T) {
	day := time.Date(2026, 12, 3, 12, 0, 0, 0, time.Local)
	tests := []struct {
		name, url, final string
		want             string
	}{
		{"host", "https://example.com/a/page.html?x=1", "", "cutoff-example.com-2026-12-03.html"},
		{"the final URL's host", "http://example.com/", "https://www.example.com/", "cutoff-www.example.com-2026-12-03.html"},
		{"a port", "http://localhost:8765/page", "", "cutoff-localhost-8765-2026-12-03.html"},
		{"an IDN host", "https://楽天.jp/", "", "cutoff-楽天.jp-2026-12-03.html"},
		{"a local file", "/home/u/pages/rakuten top.html", "", "cutoff-rakuten-top-2026-12-03.html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := &inspect.Report{URL: tt.url, FinalURL: tt.final, Generated: day}
			if got := exportFileName(rep); got != tt.want {
				t.Errorf("exportFileName(%q, %q) = %q, want %q", tt.url, tt.final, got, tt.want)
			}
		})
	}
}

// exportUI is a window showing rep whose exports go to dir, a new
// folder; done is closed once a report file is written.
func exportUI(t *testing.T, rep *inspect.Report) (tu *testUI, dir string, done chan struct{}) {
	t.Helper()
	dir = t.TempDir()
	tu = newTestUI(t, Options{})
	done = make(chan struct{})
	tu.hooks.onExport = func() { close(done) }
	tu.prefs.SetExportFolder(dir)
	tu.report = rep
	return tu, dir, done
}

// TestExportDialogNameAndFolder opens Export on a report of http://h/page:
// the dialog proposes cutoff-h-<date>.html in the folder of the last
// export, Save writes there, and the folder is remembered.
func TestExportDialogNameAndFolder(t *testing.T) {
	rep, _ := cutReport(t)
	rep.Generated = time.Date(2026, 12, 3, 12, 0, 0, 0, time.Local)
	tu, dir, done := exportUI(t, rep)
	tu.act(tu.onExport)
	next := tu.overlayButton(t, "Choose the file…") // the window's language, English
	tu.act(func() { test.Tap(next) })
	tu.prefs.SetExportFolder("elsewhere") // what Save stores is the folder it wrote to

	const want = "cutoff-h-2026-12-03.html"
	var name *widget.Entry
	var save *widget.Button
	tu.act(func() {
		for _, o := range test.LaidOutObjects(tu.win.Canvas().Overlays().Top()) {
			switch o := o.(type) {
			case *widget.Entry:
				if o.Text == want {
					name = o
				}
			case *widget.Button:
				if o.Text == "Save" {
					save = o
				}
			}
		}
	})
	if name == nil || save == nil {
		t.Fatalf("the export dialog shows no entry holding %q (found %v) or no Save button (found %v)", want, name != nil, save != nil)
	}
	tu.act(func() { test.Tap(save) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the export did not finish")
	}
	if fi, err := os.Stat(filepath.Join(dir, want)); err != nil || fi.Size() == 0 {
		t.Errorf("no report written in the last export's folder: %v", err)
	}
	if got := tu.prefs.ExportFolder(); got != dir {
		t.Errorf("remembered folder = %q, want %q", got, dir)
	}
}

// overlayButton is the button labelled label in the dialog on top.
func (tu *testUI) overlayButton(t *testing.T, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	tu.act(func() {
		if top := tu.win.Canvas().Overlays().Top(); top != nil {
			for _, o := range test.LaidOutObjects(top) {
				if b, ok := o.(*widget.Button); ok && b.Text == label {
					found = b
				}
			}
		}
	})
	if found == nil {
		t.Fatalf("no %q button in the dialog on top", label)
	}
	return found
}

// TestExportInAnotherLanguage inspects a real page in an English window
// and exports it in French, Japanese and English: the files speak those
// languages, their findings too, while the window stays English.
func TestExportInAnotherLanguage(t *testing.T) {
	defer i18n.Use(i18n.Current())
	page := cutPage(t)
	tu := newTestUI(t, Options{})
	tu.customLimit(t, 10000) // the page is cut: its findings are sentences to re-make
	tu.typeURLAndEnter(page)
	tu.waitEnd(t, 30*time.Second)
	var rep *inspect.Report
	tu.act(func() { rep = tu.report })
	if rep == nil || !rep.HasFindingAtLeast("critical") {
		t.Fatalf("the page was not inspected, or not cut: %s", tu.top.banner.Text)
	}
	tests := []struct {
		lang, file string
		want       []string
	}{
		{"fr", "r.html", []string{`<html lang="fr">`, "<h2>Constats</h2>", "<h2>Éléments critiques</h2>", "La page fait "}},
		{"ja", "r.html", []string{`<html lang="ja">`, "<h2>重要な要素</h2>", "ページは "}},
		{"en", "r.html", []string{`<html lang="en">`, "<h2>Critical elements</h2>", "The page is "}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			done := make(chan struct{})
			tu.act(func() { tu.hooks.onExport = func() { close(done) } })
			f := &memFile{}
			tu.act(func() { tu.exportTo(rep, f, tt.file, i18n.Get(tt.lang)) })
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the export did not finish")
			}
			for _, w := range tt.want {
				if !strings.Contains(f.String(), w) {
					t.Errorf("the %s report lacks %q", tt.lang, w)
				}
			}
			tu.act(func() {
				if i18n.Current().Code() != "en" || tu.tab.overview.Text != "Overview" {
					t.Errorf("the window speaks %s after the export, its first tab is %q", i18n.Current().Code(), tu.tab.overview.Text)
				}
				want := "Report saved as r.html, in " + i18n.Get(tt.lang).Name() + "."
				if tt.lang == "en" {
					want = "Report saved as r.html."
				}
				if got := tu.top.phase.Text; got != want {
					t.Errorf("status line = %q, want %q", got, want)
				}
			})
		})
	}
}

// TestExportAsksTheLanguage: File › Export offers every language, the
// window's chosen, and writes the file in the one picked.
func TestExportAsksTheLanguage(t *testing.T) {
	defer i18n.Use(i18n.Current())
	rep, _ := cutReport(t)
	tu, dir, done := exportUI(t, rep)
	tu.act(tu.onExport)
	var pick *widget.Select
	tu.act(func() {
		for _, o := range test.LaidOutObjects(tu.win.Canvas().Overlays().Top()) {
			if s, ok := o.(*widget.Select); ok {
				pick = s
			}
		}
	})
	if pick == nil {
		t.Fatal("the export asks no language")
	}
	tu.act(func() {
		if len(pick.Options) != len(i18n.Codes) || pick.Selected != "English" {
			t.Errorf("languages offered %q, %q chosen; want all %d, English chosen", pick.Options, pick.Selected, len(i18n.Codes))
		}
		pick.SetSelected("Italiano")
	})
	next := tu.overlayButton(t, "Choose the file…")
	tu.act(func() { test.Tap(next) })
	save := tu.overlayButton(t, "Save")
	tu.act(func() { test.Tap(save) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the export did not finish")
	}
	data, err := os.ReadFile(filepath.Join(dir, exportFileName(rep)))
	if err != nil || !strings.Contains(string(data), `<html lang="it">`) || !strings.Contains(string(data), "<h2>Elementi critici</h2>") {
		t.Errorf("the exported file is not in Italian (%v): %.200q", err, data)
	}
}
