package comparetab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/compare"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Column widths: each column as wide as its longest cell, within bounds;
// a selected cell is shown whole below the table.
const (
	compareColumnMin = 140
	compareColumnMax = 420
)

// size is the table's rows (one per compared aspect) and columns (the
// aspect's name, then one per fetch).
func (a *Area) size() (int, int) {
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
func (a *Area) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	if id.Row >= len(a.rows) {
		l.SetText("")
		return
	}
	l.TextStyle = fyne.TextStyle{Bold: id.Col == 0}
	l.Importance = widget.MediumImportance
	text, differs := compareCellText(cellValue(a.rows[id.Row], id.Col))
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
func (a *Area) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	if id.Row >= 0 {
		l.SetText("")
		return
	}
	l.SetText(compareHeading(a.result, id.Col))
}

// compareHeading is column col's heading: the fetch's profile name, none
// over the aspects' names.
func compareHeading(r *compare.Result, col int) string {
	if r == nil || col < 1 || col > len(r.Fetches) {
		return ""
	}
	return r.Fetches[col-1].Name
}

// newTable makes the table of a.rows: the aspects' names in a column that
// stays in place while the fetches' columns scroll sideways, each fetch's
// column headed by its profile, each column as wide as its text within
// bounds; selecting a cell shows it whole, with its row and column named.
func (a *Area) newTable() *kit.FrozenTable {
	t := kit.NewFrozenTable(a.size, newCompareCell, a.updateCell, a.updateHeader)
	t.OnSelected = a.showCell
	_, cols := a.size()
	for col := range max(cols, 1) {
		t.SetColumnWidth(col, a.columnWidth(col))
	}
	return t
}

// columnWidth fits column col to its longest text: the heading and every
// cell, as updateCell and updateHeader write them.
func (a *Area) columnWidth(col int) float32 {
	pad := 2*theme.Size(theme.SizeNameInnerPadding) + 2*theme.Size(theme.SizeNamePadding)
	measure := func(text string, bold bool) float32 {
		return fyne.MeasureText(text, theme.Size(theme.SizeNameText), fyne.TextStyle{Bold: bold}).Width + pad
	}
	widest := measure(compareHeading(a.result, col), true) // headings are bold
	for _, row := range a.rows {
		text, _ := compareCellText(cellValue(row, col))
		widest = max(widest, measure(text, col == 0))
	}
	return min(max(widest, compareColumnMin), compareColumnMax)
}

// cellValue is row's value in column col (its label in column 0) and
// whether it differs from the first fetch's.
func cellValue(row compare.Row, col int) (string, bool) {
	if col == 0 {
		return row.Label, row.AnyDiffers()
	}
	return row.Cells[col-1], row.Differs[col-1]
}

// showCell writes the selected cell whole below the table, with its row
// and column, since a narrow column may cut it short.
func (a *Area) showCell(id widget.TableCellID) {
	if id.Row >= len(a.rows) {
		return
	}
	row := a.rows[id.Row]
	text, _ := compareCellText(cellValue(row, id.Col))
	if id.Col != 0 {
		text = row.Label + " · " + compareHeading(a.result, id.Col) + ": " + text
	}
	a.copied = text
	a.cell.SetText(text)
}

// CopyText is the selected cell with its row and column, for Ctrl+C; ""
// when no cell is selected.
func (a *Area) CopyText() string { return a.copied }

// showTable shows a.rows in a new table, scrolled to its start: a table
// kept across results of fewer rows drew stale and blank cells.
func (a *Area) showTable() {
	a.table = a.newTable()
	a.copied = ""
	a.cell.SetText("")
	if a.result != nil {
		a.cell.SetText(i18n.T("comparetab.select-cell"))
	}
	a.split.Leading = a.table
	a.split.Refresh()
}
