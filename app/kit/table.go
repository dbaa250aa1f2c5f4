package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// newSortHeader makes a column title cell of a sortable table: a flat,
// left-aligned button whose tap sorts by that column (the table's
// UpdateHeader sets its text and action).
func newSortHeader() fyne.CanvasObject {
	b := widget.NewButton("", nil)
	b.Importance = widget.LowImportance
	b.Alignment = widget.ButtonAlignLeading
	return b
}

// sortHeader is what a sortable table's header cells need: the column
// titles, the sort column (-1 for none) and its direction, and what a tap
// on a title does.
type sortHeader struct {
	titles func(col int) string
	cols   int
	col    int
	desc   bool
	sortBy func(col int)
}

// update fills the header cell o for id: its title, an arrow on the sort
// column, and the tap that sorts by it; cells outside the columns are blank.
func (h sortHeader) update(id widget.TableCellID, o fyne.CanvasObject) {
	b := o.(*widget.Button)
	if id.Row >= 0 || id.Col < 0 || id.Col >= h.cols {
		b.SetText("")
		b.OnTapped = nil
		return
	}
	title := h.titles(id.Col)
	if id.Col == h.col {
		title += map[bool]string{false: " ▲", true: " ▼"}[h.desc]
	}
	b.SetText(title)
	col := id.Col
	b.OnTapped = func() { h.sortBy(col) }
}
