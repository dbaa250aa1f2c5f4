package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TextTable shows rows of short texts in columns, each as wide as its
// widest cell. Text padded with spaces lines up only where every
// character takes a whole number of the font's columns, which Japanese
// drawn from a fallback font does not; a TextTable lines up whatever the
// script. A right click offers to copy it as the text it was given with
// its rows (padded for a fixed-width font, say).
type TextTable struct {
	widget.BaseWidget
	// Header makes the first row the columns' titles, in bold.
	Header bool

	rows  [][]string
	text  string // what a right click copies
	right []bool // per column: its cells end on its right edge (numbers)
}

// NewTextTable is an empty table whose columns marked true in right line
// their cells up on the right.
func NewTextTable(right ...bool) *TextTable {
	t := &TextTable{right: right}
	t.ExtendBaseWidget(t)
	return t
}

// SetRows shows rows; text is the same table as text, which a right
// click copies.
func (t *TextTable) SetRows(rows [][]string, text string) {
	t.rows, t.text = rows, text
	t.Refresh()
}

// Rows are the rows shown.
func (t *TextTable) Rows() [][]string { return t.rows }

// Text is the table as text, as SetRows was given it.
func (t *TextTable) Text() string { return t.text }

// TappedSecondary offers to copy the table as text.
func (t *TextTable) TappedSecondary(e *fyne.PointEvent) {
	c := fyne.CurrentApp().Driver().CanvasForObject(t)
	if c == nil || t.text == "" {
		return
	}
	menu := fyne.NewMenu("", fyne.NewMenuItem(i18n.T("kit.copy-table"), func() {
		fyne.CurrentApp().Clipboard().SetContent(t.text)
	}))
	widget.ShowPopUpMenuAtPosition(menu, c, e.AbsolutePosition)
}

// CreateRenderer draws the cells as texts.
func (t *TextTable) CreateRenderer() fyne.WidgetRenderer {
	t.ExtendBaseWidget(t)
	r := &textTableRenderer{t: t}
	r.Refresh()
	return r
}

// textTableRenderer places a canvas text per cell.
type textTableRenderer struct {
	t     *TextTable
	cells [][]*canvas.Text
	objs  []fyne.CanvasObject
}

func (r *textTableRenderer) Destroy() {}

func (r *textTableRenderer) Objects() []fyne.CanvasObject { return r.objs }

// Refresh makes the texts of the table's rows again.
func (r *textTableRenderer) Refresh() {
	th := r.t.Theme()
	fg := th.Color(theme.ColorNameForeground, fyne.CurrentApp().Settings().ThemeVariant())
	size := th.Size(theme.SizeNameText)
	r.cells, r.objs = nil, nil
	for n, row := range r.t.rows {
		texts := make([]*canvas.Text, len(row))
		for i, c := range row {
			txt := canvas.NewText(c, fg)
			txt.TextSize = size
			txt.TextStyle.Bold = r.t.Header && n == 0
			texts[i] = txt
			r.objs = append(r.objs, txt)
		}
		r.cells = append(r.cells, texts)
	}
	r.Layout(r.t.Size())
	canvas.Refresh(r.t)
}

// columns are the columns' widths and the rows' height.
func (r *textTableRenderer) columns() (widths []float32, rowH float32) {
	for _, row := range r.cells {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			s := c.MinSize()
			widths[i] = max(widths[i], s.Width)
			rowH = max(rowH, s.Height)
		}
	}
	return widths, rowH
}

// gaps are the space around the table and between its columns and rows.
func (r *textTableRenderer) gaps() (pad, colGap, rowGap float32) {
	th := r.t.Theme()
	return th.Size(theme.SizeNameInnerPadding), 4 * th.Size(theme.SizeNamePadding), th.Size(theme.SizeNameLineSpacing)
}

// Layout places each cell in its column, numbers on the column's right.
func (r *textTableRenderer) Layout(fyne.Size) {
	widths, rowH := r.columns()
	pad, colGap, rowGap := r.gaps()
	y := pad
	for _, row := range r.cells {
		x := pad
		for i, c := range row {
			s := c.MinSize()
			c.Resize(s)
			if i < len(r.t.right) && r.t.right[i] {
				c.Move(fyne.NewPos(x+widths[i]-s.Width, y))
			} else {
				c.Move(fyne.NewPos(x, y))
			}
			x += widths[i] + colGap
		}
		y += rowH + rowGap
	}
}

// MinSize holds every column and row.
func (r *textTableRenderer) MinSize() fyne.Size {
	widths, rowH := r.columns()
	if len(r.cells) == 0 {
		return fyne.Size{}
	}
	pad, colGap, rowGap := r.gaps()
	w := 2 * pad
	for i, cw := range widths {
		if i > 0 {
			w += colGap
		}
		w += cw
	}
	n := float32(len(r.cells))
	return fyne.NewSize(w, 2*pad+n*rowH+(n-1)*rowGap)
}
