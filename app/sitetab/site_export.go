package sitetab

import (
	"fmt"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// onExport asks where to save the rows and summary in format; the file is
// written off the UI thread from a copy of the rows.
func (a *Area) onExport(format string) {
	if len(a.model.rows) == 0 {
		a.status.SetText("There is nothing to export yet: start a run first.")
		return
	}
	rows := append([]site.Row(nil), a.model.rows...)
	sum := a.summary
	if sum == nil {
		sum = summarise(rows)
	}
	meta := site.Meta{Input: a.inputText(), Profile: a.profile().Name}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil || wc == nil {
			return
		}
		a.writeExport(wc, format, rows, sum, meta)
	}, a.win)
	d.SetFileName("cutoff-site." + format)
	kit.ShowFileDialog(d, a.win)
}

func (a *Area) writeExport(w io.WriteCloser, format string, rows []site.Row, sum *site.Summary, m site.Meta) {
	bridge := a.bridge
	go func() {
		err := site.Write(w, format, rows, sum, m)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		bridge.Do(func() {
			if err != nil {
				a.status.SetText(fmt.Sprintf("The export could not be written: %v.", err))
				return
			}
			a.status.SetText(fmt.Sprintf("Exported %s as %s.", prose.Count(int64(len(rows)), "row", "rows"), format))
		})
	}()
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
		return "a URL list"
	}
	return a.target.Text
}
