package app

import (
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

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

// onExport asks in which language to write the report (the window's
// unless another is chosen), then where to save it: .json, .csv or .html
// (a self-contained evidence pack), by the name's extension.
func (u *UI) onExport() {
	rep := u.report
	if rep == nil {
		u.top.setError(errNoReport.Error())
		return
	}
	u.askReportLanguage(func(l *i18n.Lang) { kit.ShowFileDialog(u.exportDialog(rep, l), u.win) })
}

// askReportLanguage asks which language a report is to be written in,
// offering every language Cutoff speaks in its own words, the window's
// chosen; next gets the choice unless the dialog is cancelled.
func (u *UI) askReportLanguage(next func(*i18n.Lang)) {
	names := make([]string, len(i18n.Codes))
	for i, code := range i18n.Codes {
		names[i] = i18n.Get(code).Name()
	}
	pick := widget.NewSelect(names, nil)
	pick.SetSelected(i18n.Current().Name())
	items := []*widget.FormItem{widget.NewFormItem(i18n.T("app.export-language"), pick)}
	dialog.ShowForm(i18n.T("app.export-title"), i18n.T("app.export-next"), i18n.T("app.cancel"), items, func(ok bool) {
		if ok && pick.SelectedIndex() >= 0 {
			next(i18n.Get(i18n.Codes[pick.SelectedIndex()]))
		}
	}, u.win)
}

// exportDialog is the save dialog for rep in language l: it proposes a
// name after the page's host and the report's date, in the folder of the
// last export.
func (u *UI) exportDialog(rep *inspect.Report, l *i18n.Lang) *dialog.FileDialog {
	return kit.NewSaveDialog(u.win, u.prefs.ExportFolder(), exportFileName(rep), func(wc fyne.URIWriteCloser) {
		if dir := kit.FolderOf(wc.URI()); dir != "" {
			u.prefs.SetExportFolder(dir)
		}
		u.exportTo(rep, wc, wc.URI().Name(), l)
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

// exportTo writes rep in language l to w in the format named by name's
// extension (HTML when it has none) on a goroutine, then says where it
// went.
func (u *UI) exportTo(rep *inspect.Report, w io.WriteCloser, name string, l *i18n.Lang) {
	format := reportFormat(name)
	window := i18n.Current()
	go func() {
		err := writeReportIn(w, rep, format, l)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		u.bridge.Do(func() {
			if err != nil {
				u.top.setError(i18n.T("app.export-failed", "Error", err.Error()))
				return
			}
			if l == window {
				u.top.phase.SetText(i18n.T("app.export-saved", "Name", name))
			} else {
				u.top.phase.SetText(i18n.T("app.export-saved-in", "Name", name, "Language", l.Name()))
			}
			if u.hooks.onExport != nil {
				u.hooks.onExport()
			}
		})
	}()
}

// writeReportIn writes rep to w in format, in language l: its findings
// re-made in l and every sentence of the report said in l. The language
// in use is process-wide, so it is l only while the report is written,
// then the window's again, unless the Language menu chose another
// meanwhile, which stays.
func writeReportIn(w io.Writer, rep *inspect.Report, format string, l *i18n.Lang) error {
	if l == i18n.Current() {
		return report.Write(w, rep, format)
	}
	prev := i18n.Use(l)
	defer func() {
		if i18n.Current() == l {
			i18n.Use(prev)
		}
	}()
	return report.Write(w, rep.Retold(), format) // its findings re-made in l
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
