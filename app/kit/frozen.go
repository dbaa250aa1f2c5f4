package kit

import (
	"reflect"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// FrozenTable is a table under column headings whose first column (row
// labels, say) stays in place while the other columns scroll sideways.
//
// Column 0 is drawn as the inner table's header column, which the table
// itself keeps beside its rows; the other columns are the inner table's
// data columns. (Fyne 2.8's StickyColumnCount draws the scrolled columns
// one column off from where it maps clicks once the sticky column's width
// differs from theirs, and it ignores the wheel over the sticky column.)
// Cell ids, widths and callbacks are all in the caller's columns: column 0
// is the frozen one.
type FrozenTable struct {
	widget.BaseWidget

	// Table is the inner table; its column c is the caller's column c+1.
	Table *widget.Table
	// OnSelected runs when a cell is selected, a frozen one included.
	OnSelected func(id widget.TableCellID)

	create       func() fyne.CanvasObject
	update       func(id widget.TableCellID, o fyne.CanvasObject)
	updateHeader func(id widget.TableCellID, o fyne.CanvasObject)
	wheel        *wheelStrip
	frozen       float32 // the frozen column's width, 0 until set
	headingH     float32 // the headings' row's height, 0 until set
}

// NewFrozenTable is a table of length's rows and columns (the frozen one
// counted), its cells made by create and filled by update, its headings
// (row -1) made by NewHeadingCell's label and filled by updateHeader.
func NewFrozenTable(length func() (rows, cols int), create func() fyne.CanvasObject,
	update, updateHeader func(id widget.TableCellID, o fyne.CanvasObject)) *FrozenTable {
	f := &FrozenTable{create: create, update: update, updateHeader: updateHeader}
	f.Table = widget.NewTableWithHeaders(func() (int, int) {
		rows, cols := length()
		return rows, max(cols-1, 0)
	}, create, func(id widget.TableCellID, o fyne.CanvasObject) {
		f.update(widget.TableCellID{Row: id.Row, Col: id.Col + 1}, o)
	})
	f.Table.CreateHeader = f.newHeaderCell
	f.Table.UpdateHeader = f.fillHeaderCell
	f.Table.OnSelected = func(id widget.TableCellID) {
		if f.OnSelected != nil {
			f.OnSelected(widget.TableCellID{Row: id.Row, Col: id.Col + 1})
		}
	}
	f.wheel = &wheelStrip{table: f.Table, heading: Heading("")}
	f.wheel.heading.Truncation = fyne.TextTruncateEllipsis
	f.ExtendBaseWidget(f)
	return f
}

// SetColumnWidth sets column col's width, the frozen column's for col 0.
func (f *FrozenTable) SetColumnWidth(col int, width float32) {
	if col == 0 {
		f.frozen = width
	}
	f.Table.SetColumnWidth(col-1, width)
	f.Refresh()
}

// SetHeadingHeight sets the height of the headings' row.
func (f *FrozenTable) SetHeadingHeight(height float32) {
	f.headingH = height
	f.Table.SetRowHeight(-1, height)
	f.Refresh()
}

// Select selects cell id: a data cell is marked in the table, a frozen
// one runs OnSelected only.
func (f *FrozenTable) Select(id widget.TableCellID) {
	if id.Col > 0 {
		f.Table.Select(widget.TableCellID{Row: id.Row, Col: id.Col - 1})
		return
	}
	f.Table.UnselectAll()
	if f.OnSelected != nil {
		f.OnSelected(id)
	}
}

// ScrollToBottom scrolls to the last row.
func (f *FrozenTable) ScrollToBottom() { f.Table.ScrollToBottom() }

// CreateRenderer draws the table with the wheel strip over its frozen
// column.
func (f *FrozenTable) CreateRenderer() fyne.WidgetRenderer {
	return &frozenRenderer{f: f, objects: []fyne.CanvasObject{f.Table, f.wheel}}
}

type frozenRenderer struct {
	f       *FrozenTable
	objects []fyne.CanvasObject
}

func (r *frozenRenderer) Layout(size fyne.Size) {
	r.f.Table.Resize(size)
	r.f.wheel.Move(fyne.Position{})
	r.f.wheel.Resize(fyne.NewSize(r.f.frozenWidth(), size.Height))
	h := r.f.headingH
	if h <= 0 {
		h = r.f.newHeaderCell().MinSize().Height
	}
	r.f.wheel.heading.Resize(fyne.NewSize(r.f.frozenWidth(), h))
}

func (r *frozenRenderer) MinSize() fyne.Size { return r.f.Table.MinSize() }

func (r *frozenRenderer) Refresh() {
	r.Layout(r.f.Size())
	r.f.updateHeader(widget.TableCellID{Row: -1, Col: 0}, r.f.wheel.heading)
	r.f.Table.Refresh()
}

func (r *frozenRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *frozenRenderer) Destroy() {}

// frozenWidth is the width of the frozen column: as set, else as wide as
// its cells need.
func (f *FrozenTable) frozenWidth() float32 {
	if f.frozen > 0 {
		return f.frozen
	}
	return f.newHeaderCell().MinSize().Width
}

// headerCell is a cell of the inner table's header row or column: a
// heading (row -1) or a frozen cell, made by the caller's create, which a
// tap selects.
type headerCell struct {
	widget.BaseWidget
	heading *widget.Label
	cell    fyne.CanvasObject
	onTap   func()
}

func (f *FrozenTable) newHeaderCell() fyne.CanvasObject {
	c := &headerCell{heading: Heading(""), cell: f.create()}
	c.heading.Truncation = fyne.TextTruncateEllipsis
	c.ExtendBaseWidget(c)
	return c
}

// fillHeaderCell shows heading or frozen cell id of the inner table in o.
func (f *FrozenTable) fillHeaderCell(id widget.TableCellID, o fyne.CanvasObject) {
	c := o.(*headerCell)
	if id.Row < 0 { // a scrolling column's heading
		c.cell.Hide()
		c.heading.Show()
		c.onTap = nil
		f.updateHeader(widget.TableCellID{Row: -1, Col: id.Col + 1}, c.heading)
		return
	}
	c.heading.Hide()
	c.cell.Show()
	f.update(widget.TableCellID{Row: id.Row, Col: 0}, c.cell)
	row := id.Row
	c.onTap = func() { f.Select(widget.TableCellID{Row: row, Col: 0}) }
}

// Tapped selects the frozen cell.
func (c *headerCell) Tapped(*fyne.PointEvent) {
	if c.onTap != nil {
		c.onTap()
	}
}

func (c *headerCell) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(c.heading, c.cell))
}

// wheelStrip lies over the frozen column and scrolls the table with the
// wheel: the table's own header column takes the wheel and does nothing.
// It takes no taps, so they reach the cells below. It also shows the
// frozen column's heading, since the table leaves its corner blank.
type wheelStrip struct {
	widget.BaseWidget
	table   *widget.Table
	heading *widget.Label
}

// Scrolled scrolls the table's rows (and columns, for a sideways wheel)
// as the wheel over its cells does.
func (s *wheelStrip) Scrolled(ev *fyne.ScrollEvent) {
	off := TableOffset(s.table)
	s.table.ScrollToOffset(fyne.NewPos(off.X-ev.Scrolled.DX, off.Y-ev.Scrolled.DY))
}

func (s *wheelStrip) CreateRenderer() fyne.WidgetRenderer {
	s.ExtendBaseWidget(s)
	return widget.NewSimpleRenderer(container.NewWithoutLayout(s.heading))
}

// TableOffset is how far t's cells are scrolled. The table keeps it in a
// field of its own and offers no way to read it, so it is read by name;
// a Fyne that renamed the field gives the zero offset (TestTableOffset
// then fails), never a panic.
func TableOffset(t *widget.Table) fyne.Position {
	v := reflect.ValueOf(t).Elem().FieldByName("offset")
	if !v.IsValid() || v.Type() != reflect.TypeFor[fyne.Position]() {
		return fyne.Position{}
	}
	return fyne.NewPos(float32(v.Field(0).Float()), float32(v.Field(1).Float()))
}
