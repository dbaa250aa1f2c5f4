package kit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// CellTextWidth is how wide a table cell must be for a label in it to
// show text whole, bold or regular.
func CellTextWidth(text string, bold bool) float32 {
	return fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{Bold: bold}).Width + 2*theme.InnerPadding()
}

// TitleWidth is width, or more when title needs more room as a column
// heading shows it: bold, with a sort arrow. Column widths are chosen for
// English words; a longer title in another language would otherwise run
// into the next column's.
func TitleWidth(width float32, title string) float32 {
	return max(width, CellTextWidth(title+" ▼", true)+2*theme.Padding())
}

// SortTitle is a sortable table's column title: bold, cut with an
// ellipsis at its column's edge rather than drawn over the next title (a
// title is often longer in French or Japanese than in English), and a tap
// on it sorts by its column. It is no Tab stop: Tab goes from the table to
// what follows it, not through its headings.
type SortTitle struct {
	widget.Label
	OnTapped func()
}

// NewSortHeader makes a column title cell of a sortable table, a
// SortTitle (the table's UpdateHeader sets its text and action).
func NewSortHeader() fyne.CanvasObject {
	t := &SortTitle{}
	t.TextStyle.Bold = true
	t.Truncation = fyne.TextTruncateEllipsis
	t.ExtendBaseWidget(t)
	return t
}

// Tapped sorts by the title's column; it runs on the UI thread.
func (t *SortTitle) Tapped(*fyne.PointEvent) {
	if t.OnTapped != nil {
		t.OnTapped()
	}
}

// Cursor is the hand the pointer becomes over a title, which a tap sorts.
func (t *SortTitle) Cursor() desktop.Cursor { return desktop.PointerCursor }

// SortHeader is what a sortable table's header cells need: the column
// titles, the sort column (-1 for none) and its direction, and what a tap
// on a title does.
type SortHeader struct {
	Titles func(col int) string
	Cols   int
	Col    int
	Desc   bool
	SortBy func(col int)
}

// Update fills the header cell o for id: its title, an arrow on the sort
// column, and the tap that sorts by it; cells outside the columns are blank.
func (h SortHeader) Update(id widget.TableCellID, o fyne.CanvasObject) {
	b := o.(*SortTitle)
	if id.Row >= 0 || id.Col < 0 || id.Col >= h.Cols {
		b.SetText("")
		b.OnTapped = nil
		return
	}
	title := h.Titles(id.Col)
	if id.Col == h.Col {
		title += map[bool]string{false: " ▲", true: " ▼"}[h.Desc]
	}
	b.SetText(title)
	col := id.Col
	b.OnTapped = func() { h.SortBy(col) }
}

// RowText is a table row as Ctrl+C copies it: its cols cells separated by
// tabs, so that it pastes into a spreadsheet as one row.
func RowText(cols int, cell func(col int) string) string {
	cells := make([]string, cols)
	for c := range cells {
		cells[c] = cell(c)
	}
	return strings.Join(cells, "\t")
}
