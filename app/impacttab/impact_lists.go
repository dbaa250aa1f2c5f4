package impacttab

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// lostItems is one list of what the crawler loses (links or headings),
// prepared off the UI thread: a line each for the list and the clipboard,
// and the same items as CSV records for export.
type lostItems struct {
	lines  []string
	header []string
	rows   [][]string
}

// lostLinksOf lists every lost link, as the engine found them.
func lostLinksOf(links []scan.Link) lostItems {
	it := lostItems{header: []string{"body_offset", "kind", "href"}}
	// The hrefs start in one column, past the wider kind word.
	cols := prose.Widest(i18n.T("impacttab.link-external"), i18n.T("impacttab.link-internal"))
	for _, l := range links {
		kind, shown := "external", i18n.T("impacttab.link-external")
		if l.Internal {
			kind, shown = "internal", i18n.T("impacttab.link-internal")
		}
		it.lines = append(it.lines, byteColumn(l.Offset)+" "+prose.PadRight(shown, cols)+" "+l.Href)
		it.rows = append(it.rows, []string{strconv.FormatInt(l.Offset, 10), kind, kit.CSVText(l.Href)})
	}
	return it
}

// lostHeadingsOf lists every lost heading.
func lostHeadingsOf(hs []scan.Heading) lostItems {
	it := lostItems{header: []string{"body_offset", "level", "text"}}
	for _, h := range hs {
		it.lines = append(it.lines, fmt.Sprintf("%s h%d  %s", byteColumn(h.Offset), h.Level, h.Text))
		it.rows = append(it.rows, []string{strconv.FormatInt(h.Offset, 10), "h" + strconv.Itoa(h.Level), kit.CSVText(h.Text)})
	}
	return it
}

// lostList shows a lostItems virtualised (a row is drawn only when on
// screen, so 20,000 links cost nothing), with Copy and Export.
type lostList struct {
	win    fyne.Window
	name   string // for the file name: "links" or "headings"
	items  lostItems
	list   *widget.List
	status *widget.Label
	copy   *widget.Button
	export *widget.Button
	root   fyne.CanvasObject
}

func newLostList(win fyne.Window, name string) *lostList {
	l := &lostList{win: win, name: name, status: widget.NewLabel("")}
	l.list = widget.NewList(func() int { return len(l.items.lines) },
		func() fyne.CanvasObject {
			lb := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
			lb.Truncation = fyne.TextTruncateEllipsis
			return lb
		},
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(l.items.lines[id]) })
	l.copy = widget.NewButtonWithIcon(i18n.T("impacttab.copy-all"), theme.ContentCopyIcon(), l.onCopy)
	l.export = widget.NewButtonWithIcon(i18n.T("impacttab.export-csv"), theme.DocumentSaveIcon(), l.onExport)
	bar := container.NewBorder(nil, nil, nil, container.NewHBox(l.copy, l.export), l.status)
	l.root = container.NewBorder(bar, nil, nil, nil, l.list)
	l.show(lostItems{})
	return l
}

func (l *lostList) show(items lostItems) {
	l.items = items
	l.status.SetText(i18n.T("impacttab.all-listed", "Count", len(items.lines)))
	if len(items.lines) >= scan.MaxLostListed {
		l.status.SetText(i18n.T("impacttab.first-listed", "Count", len(items.lines)))
	}
	if len(items.lines) == 0 {
		l.status.SetText(i18n.T("impacttab.none-lost"))
		l.copy.Disable()
		l.export.Disable()
	} else {
		l.copy.Enable()
		l.export.Enable()
	}
	l.list.Refresh()
}

// text is every line, for the clipboard.
func (l *lostList) text() string {
	var b []byte
	for _, s := range l.items.lines {
		b = append(append(b, s...), '\n')
	}
	return string(b)
}

func (l *lostList) onCopy() {
	fyne.CurrentApp().Clipboard().SetContent(l.text())
	l.status.SetText(i18n.T("impacttab.copied", "Count", len(l.items.lines)))
}

func (l *lostList) onExport() {
	items := l.items
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil || wc == nil {
			if err != nil {
				l.status.SetText(i18n.T("impacttab.cannot-save", "Error", prose.Sentence(err.Error())))
			}
			return
		}
		l.status.SetText(l.write(wc, wc.URI().Name(), items))
	}, l.win)
	d.SetFileName("lost-" + l.name + ".csv")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".csv"}))
	kit.ShowFileDialog(d, l.win)
}

// write saves items as CSV to wc, closes it and says how it went.
func (l *lostList) write(wc io.WriteCloser, name string, items lostItems) string {
	w := csv.NewWriter(wc)
	w.Write(items.header)
	for _, r := range items.rows {
		w.Write(r)
	}
	w.Flush()
	err := w.Error()
	if cerr := wc.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return i18n.T("impacttab.cannot-write", "Name", name, "Error", prose.Sentence(err.Error()))
	}
	return i18n.T("impacttab.wrote", "Count", len(items.rows), "Name", name)
}
