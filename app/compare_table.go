package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// compareColumnWidth is the width of a profile's column.
const compareColumnWidth = 230

// size is the table's rows (one per compared aspect) and columns (the
// aspect's name, then one per fetch).
func (a *compareArea) size() (int, int) {
	if a.result == nil {
		return 0, 0
	}
	return len(a.rows), 1 + len(a.result.Fetches)
}

func newCompareCell() fyne.CanvasObject {
	l := widget.NewLabel("")
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

// updateCell shows one cell: the aspect's name in the first column, else
// the fetch's value, marked and coloured when it differs from the first.
func (a *compareArea) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	if id.Row >= len(a.rows) {
		l.SetText("")
		return
	}
	row := a.rows[id.Row]
	l.TextStyle = fyne.TextStyle{}
	l.Importance = widget.MediumImportance
	if id.Col == 0 {
		l.TextStyle.Bold = true
		text, differs := compareCellText(row.Label, row.AnyDiffers())
		if differs {
			l.Importance = widget.WarningImportance
		}
		l.SetText(text)
		return
	}
	text, differs := compareCellText(row.Cells[id.Col-1], row.Differs[id.Col-1])
	if differs {
		l.Importance = widget.WarningImportance
	}
	l.SetText(text)
}

// compareCellText is a cell's text: the value, "≠ " before it when it
// differs from the first column's.
func compareCellText(value string, differs bool) (string, bool) {
	if differs {
		return "≠ " + value, true
	}
	return value, false
}

// updateHeader names each fetch's column by its profile.
func (a *compareArea) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	switch {
	case id.Row >= 0:
		l.SetText("")
	case id.Col == 0:
		l.SetText("")
	case a.result != nil && id.Col-1 < len(a.result.Fetches):
		l.SetText(a.result.Fetches[id.Col-1].Name)
	default:
		l.SetText("")
	}
}

// fitColumns gives every fetch's column the same width.
func (a *compareArea) fitColumns() {
	if a.result == nil {
		return
	}
	for i := range a.result.Fetches {
		a.table.SetColumnWidth(i+1, compareColumnWidth)
	}
}
