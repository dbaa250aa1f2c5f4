package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Column is a table column's title and width, in Fyne units.
type Column struct {
	Title string
	Width float32
}

// NewListTable is a table of rows under bold column titles, without row
// numbers: rows returns how many there are, cell the text of a cell.
// Long texts end in an ellipsis; a column is at least as wide as its
// title. The table's OnSelected is the caller's.
func NewListTable(cols []Column, rows func() int, cell func(row, col int) string) *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return rows(), len(cols) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Row < rows() {
				o.(*widget.Label).SetText(cell(id.Row, id.Col))
			}
		})
	t.ShowHeaderColumn = false
	t.CreateHeader = func() fyne.CanvasObject {
		h := Heading("")
		h.Truncation = fyne.TextTruncateEllipsis // not over the next title
		return h
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 && id.Col < len(cols) {
			o.(*widget.Label).SetText(cols[id.Col].Title)
		}
	}
	for i, c := range cols {
		t.SetColumnWidth(i, TitleWidth(c.Width, c.Title))
	}
	return t
}
