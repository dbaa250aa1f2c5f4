package app

import (
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// errNoReport is shown when Export is asked for before any inspection.
var errNoReport error = sentenceError("app.no-report")

// onOpenFile asks for a local HTML file and inspects it: no robots.txt, no
// subresources, the body counted as the profile counts.
func (u *UI) onOpenFile() {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil || rc == nil {
			u.showFileError(err)
			return
		}
		path := rc.URI().Path()
		rc.Close()
		u.top.url.SetText(path)
		u.onInspect()
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".html", ".htm", ".xhtml", ".txt"}))
	kit.ShowFileDialog(d, u.win)
}

// onExport asks where to save the report: .json, .csv or .html (a
// self-contained evidence pack), by the name's extension.
func (u *UI) onExport() {
	rep := u.report
	if rep == nil {
		u.top.setError(errNoReport.Error())
		return
	}
	kit.ShowFileDialog(u.exportDialog(rep), u.win)
}

// exportDialog is the save dialog for rep: it proposes a name after the
// page's host and the report's date, in the folder of the last export.
func (u *UI) exportDialog(rep *inspect.Report) *dialog.FileDialog {
	return kit.NewSaveDialog(u.win, u.prefs.ExportFolder(), exportFileName(rep), func(wc fyne.URIWriteCloser) {
		if dir := kit.FolderOf(wc.URI()); dir != "" {
			u.prefs.SetExportFolder(dir)
		}
		u.exportTo(rep, wc, wc.URI().Name())
	}, u.showFileError)
}

// exportFileName is the name Export proposes: "cutoff-", the page's host
// (a local file's name), the report's date, ".html":
// cutoff-example.com-2026-12-03.html.
func exportFileName(rep *inspect.Report) string {
	page := rep.URL
	if rep.FinalURL != "" {
		page = rep.FinalURL
	}
	return kit.ExportName(page, rep.Generated, ".html")
}

// exportTo writes rep to w in the format named by name's extension (HTML
// when it has none) on a goroutine, then says where it went.
func (u *UI) exportTo(rep *inspect.Report, w io.WriteCloser, name string) {
	format := reportFormat(name)
	go func() {
		err := report.Write(w, rep, format)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		u.bridge.Do(func() {
			if err != nil {
				u.top.setError(i18n.T("app.export-failed", "Error", err.Error()))
				return
			}
			u.top.phase.SetText(i18n.T("app.export-saved", "Name", name))
			if u.hooks.onExport != nil {
				u.hooks.onExport()
			}
		})
	}()
}

// reportFormat is the report format a file name asks for.
func reportFormat(name string) string {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
	if report.IsFormat(ext) {
		return ext
	}
	return report.FormatHTML
}

func (u *UI) showFileError(err error) {
	if err != nil {
		u.top.setError(err.Error())
	}
}
