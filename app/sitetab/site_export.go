package sitetab

import (
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// onExport asks where to save the rows the table shows and the run's
// summary in format; the file is written off the UI thread from a copy of
// the rows, with the command line's writer (site.Write), so that a window's
// export and `cutoff site` of the same run are the same file.
func (a *Area) onExport(format string) {
	ex, ok := a.exportOf(format)
	if !ok {
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil || wc == nil {
			return
		}
		a.writeExport(wc, ex)
	}, a.win)
	d.SetFileName("cutoff-site." + format)
	kit.ShowFileDialog(d, a.win)
}

// exportOf is the export of what the table shows in format; false, with
// the reason in the status line, when there is nothing to export.
func (a *Area) exportOf(format string) (siteExport, bool) {
	if len(a.model.rows) == 0 {
		a.status.SetText(i18n.T("sitetab.export-nothing"))
		return siteExport{}, false
	}
	if len(a.model.view) == 0 {
		a.setExportText(i18n.T("sitetab.export-filtered-out"))
		return siteExport{}, false
	}
	ex := siteExport{format: format, rows: a.model.shown(), sum: a.summary, all: len(a.model.rows), save: a.last.save,
		meta: site.Meta{Input: a.inputText(), Profile: a.profile().Name, Shown: a.model.filterWords()}}
	if ex.sum == nil {
		ex.sum = summarise(a.model.rows)
	}
	return ex, true
}

// siteExport is one export: the rows shown, out of all the run's, and the
// file the run saved its rows to (with their links) for JSON Lines.
type siteExport struct {
	format string
	rows   []site.Row
	sum    *site.Summary
	meta   site.Meta
	all    int
	save   string
}

// write writes the export to w: JSON Lines rows get back the links the
// window does not keep in memory, from the run's saved rows.
func (ex siteExport) write(w io.Writer) error {
	if ex.format == site.FormatJSONL {
		withLinks(ex.rows, ex.save)
	}
	return site.Write(w, ex.format, ex.rows, ex.sum, ex.meta)
}

// withLinks fills the rows' kept and lost-only links from the rows saved
// at path; rows it does not find stay as they are.
func withLinks(rows []site.Row, path string) {
	saved, err := readSaved(path)
	if err != nil {
		return
	}
	byURL := make(map[string]*site.Row, len(saved))
	for i := range saved {
		byURL[saved[i].URL] = &saved[i]
	}
	for i := range rows {
		if s, ok := byURL[rows[i].URL]; ok {
			rows[i].KeptLinks, rows[i].LostOnlyLinks = s.KeptLinks, s.LostOnlyLinks
		}
	}
}

// words says what the export wrote: "Exported 1 of 16 rows (those the
// filter shows) as csv."
func (ex siteExport) words() string {
	if len(ex.rows) < ex.all {
		return i18n.T("sitetab.exported-some", "Shown", len(ex.rows), "Count", ex.all, "Format", ex.format)
	}
	return i18n.T("sitetab.exported", "Count", len(ex.rows), "Format", ex.format)
}

func (a *Area) writeExport(w io.WriteCloser, ex siteExport) {
	bridge := a.bridge
	go func() {
		err := ex.write(w)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		bridge.Do(func() {
			if err != nil {
				a.setExportText(i18n.T("sitetab.export-failed", "Error", err.Error()))
				return
			}
			a.setExportText(ex.words())
		})
	}()
}

// setExportText says how an export went after the run's summary, which
// stays.
func (a *Area) setExportText(t string) {
	if a.summaryText != "" {
		t = a.summaryText + "\n" + t
	}
	a.status.SetText(t)
}

// summarise counts rows of a run still in progress.
func summarise(rows []site.Row) *site.Summary {
	s := &site.Summary{CriticalBeyond: map[string]int{}, Findings: map[string]int{}}
	for i := range rows {
		s.Add(&rows[i])
	}
	return s
}

func (a *Area) inputText() string {
	if a.kind.SelectedIndex() == 1 {
		return i18n.T("sitetab.a-url-list")
	}
	return a.target.Text
}
