package whatiftab

import (
	"encoding/csv"
	"io"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// movesHeader is the first line of a moves file.
var movesHeader = []string{"start", "end", "kind", "bytes_saved", "replacement"}

// writeMoves writes the moved elements as CSV, one line per move in
// order of start: its body byte range of the real page (end exclusive),
// its kind as --what-if names it, the bytes it saves and what replaces
// it. Applying the lines to the page (whatif.Apply) gives the patched
// page.
func writeMoves(w io.Writer, els []whatif.Element, moved []int) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(movesHeader); err != nil {
		return err
	}
	for _, i := range moved {
		e := els[i]
		line := []string{strconv.FormatInt(e.Move.Start, 10), strconv.FormatInt(e.Move.End, 10), e.Kind.String(),
			strconv.FormatInt(e.Move.Saved(), 10), e.Move.Replacement}
		if err := cw.Write(line); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// onSavePage asks where to save the patched page of the figures shown.
func (a *Area) onSavePage() {
	f := a.shown
	if f == nil || f.sim == nil {
		return
	}
	body := f.sim.Body
	a.save(kit.ExportName(pageName(a.data), a.data.Report.Generated, "-patched.html"), []string{".html", ".htm"},
		func(w io.Writer) error { _, err := w.Write(body); return err },
		func(name string) string {
			return i18n.T("whatiftab.saved-page", "Bytes", bytesText(int64(len(body))), "Name", name)
		})
}

// onSaveMoves asks where to save the list of moves of the figures shown.
func (a *Area) onSaveMoves() {
	f := a.shown
	if f == nil || f.sim == nil {
		return
	}
	els, moved := a.ready.plan.Elements, f.moved
	a.save(kit.ExportName(pageName(a.data), a.data.Report.Generated, "-moves.csv"), []string{".csv", ".txt"},
		func(w io.Writer) error { return writeMoves(w, els, moved) },
		func(name string) string { return i18n.T("whatiftab.saved-moves", "Count", len(moved), "Name", name) })
}

// save shows the save dialog proposing name and writes the chosen file
// with write, off the UI thread; saved says on the status line that the
// file of that name was saved.
func (a *Area) save(name string, exts []string, write func(io.Writer) error, saved func(name string) string) {
	d := kit.NewSaveDialog(a.win, a.prefs.ExportFolder(), name, func(wc fyne.URIWriteCloser) {
		if dir := kit.FolderOf(wc.URI()); dir != "" {
			a.prefs.SetExportFolder(dir)
		}
		go a.writeFile(wc, write, saved)
	}, func(err error) { a.status.SetText(prose.Sentence(err.Error())) })
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	kit.ShowFileDialog(d, a.win)
}

// writeFile writes wc with write and closes it, then says so on the
// status line. Any goroutine may call it.
func (a *Area) writeFile(wc fyne.URIWriteCloser, write func(io.Writer) error, saved func(name string) string) {
	err := write(wc)
	if cerr := wc.Close(); err == nil {
		err = cerr
	}
	name := wc.URI().Name()
	a.bridge.Do(func() {
		if err != nil {
			a.status.SetText(i18n.T("whatiftab.cannot-write", "Name", name, "Error", prose.Sentence(err.Error())))
		} else {
			a.status.SetText(saved(name))
		}
		a.done()
	})
}
