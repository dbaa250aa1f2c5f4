package sitetab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
)

// newTable is the virtualised site table: only the visible cells exist, so
// 100,000 rows cost no more widgets than 30.
func (a *Area) newTable() *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return len(a.model.view), siteCols },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateClip // clipping needs no shaping per cell, ellipsis does
			return l
		},
		a.updateCell)
	t.ShowHeaderColumn = false
	t.CreateHeader = kit.NewSortHeader
	t.UpdateHeader = a.updateHeader
	t.OnSelected = func(id widget.TableCellID) {
		a.selected = id.Row
		a.setButtons()
	}
	for i, c := range siteColumns {
		t.SetColumnWidth(i, c.width)
	}
	return t
}

func (a *Area) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	if id.Row < 0 || id.Row >= len(a.model.view) {
		l.SetText("")
		return
	}
	l.Importance = widget.MediumImportance
	if a.model.warn(id.Row, id.Col) {
		l.Importance = widget.WarningImportance
	}
	l.SetText(a.model.cell(id.Row, id.Col))
}

func (a *Area) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	kit.SortHeader{Titles: func(c int) string { return siteColumns[c].title }, Cols: siteCols,
		Col: a.model.sortCol, Desc: a.model.sortDesc, SortBy: func(col int) {
			a.model.sortBy(col)
			a.table.Refresh()
		}}.Update(id, o)
}
