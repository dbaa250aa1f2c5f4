package app

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect"
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

// TestExportDialogNameAndFolder opens Export on a report of http://h/page:
// the dialog proposes cutoff-h-<date>.html in the folder of the last
// export, Save writes there, and the folder is remembered.
func TestExportDialogNameAndFolder(t *testing.T) {
	rep, _ := cutReport(t)
	rep.Generated = time.Date(2026, 12, 3, 12, 0, 0, 0, time.Local)
	dir := t.TempDir()
	tu := newTestUI(t, Options{})
	done := make(chan struct{})
	tu.hooks.onExport = func() { close(done) }
	tu.prefs.SetExportFolder(dir)
	tu.report = rep
	tu.act(tu.onExport)
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
