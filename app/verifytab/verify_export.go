package verifytab

import (
	"bytes"
	"io"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
	"github.com/cutoffapp/cutoff/verify"
)

// csvText renders the rows, in table order, as CSV.
func (a *Area) csvText() string {
	var b bytes.Buffer
	if err := verify.WriteCSV(&b, a.results()); err != nil {
		return ""
	}
	return b.String()
}

// results returns the rows' results in table order.
func (a *Area) results() []verify.Result {
	out := make([]verify.Result, len(a.rows))
	for i, r := range a.rows {
		out[i] = r.res
	}
	return out
}

func (a *Area) onCopyCSV() {
	if len(a.rows) == 0 {
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(a.csvText())
	a.status.SetText(i18n.T("verifytab.copied", "Count", len(a.rows)))
}

func (a *Area) onExportCSV() {
	if len(a.rows) == 0 {
		return
	}
	results := a.results()
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			dialog.ShowError(err, a.win)
			return
		}
		if wc != nil {
			go a.exportCSV(wc, wc.URI().Name(), results)
		}
	}, a.win)
	d.SetFileName("verify-" + time.Now().Format("2006-01-02") + ".csv")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".csv"}))
	kit.ShowFileDialog(d, a.win)
}

// exportCSV writes results to wc and closes it; any goroutine may call it.
func (a *Area) exportCSV(wc io.WriteCloser, name string, results []verify.Result) {
	err := verify.WriteCSV(wc, results)
	if cerr := wc.Close(); err == nil {
		err = cerr
	}
	a.bridge.Do(func() {
		if err != nil {
			a.status.SetText(i18n.T("verifytab.write-failed", "Name", name, "Error", prose.Sentence(err.Error())))
		} else {
			a.status.SetText(i18n.T("verifytab.wrote", "Count", len(results), "Name", name))
		}
		if a.onDone != nil {
			a.onDone()
		}
	})
}
