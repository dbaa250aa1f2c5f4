package byteview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// sourceList is the source view's row list with the keys a reader of a long
// document reaches for: Home, End, Page Up and Page Down. widget.List by
// itself only moves with Up and Down, so the end of a 64 MB page was a long
// drag of the scroll bar away.
type sourceList struct {
	widget.List
	onNav func(fyne.KeyName) bool // reports whether it handled the key
}

func newSourceList(length func() int, create func() fyne.CanvasObject,
	update func(widget.ListItemID, fyne.CanvasObject), onNav func(fyne.KeyName) bool) *sourceList {
	l := &sourceList{onNav: onNav}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey handles the navigation keys and leaves the others to the list.
func (l *sourceList) TypedKey(ev *fyne.KeyEvent) {
	if l.onNav != nil && l.onNav(ev.Name) {
		return
	}
	l.List.TypedKey(ev)
}

// Navigate selects the first or last row, or the row a page up or down
// from the selected one (from the top of the view when none is), and
// reports whether key is one it handles.
func (s *SourceView) Navigate(key fyne.KeyName) bool {
	n := s.Rows()
	if n == 0 {
		return false
	}
	from := s.selected
	if from < 0 {
		from = s.topRow()
	}
	var row int
	switch key {
	case fyne.KeyHome:
		row = 0
	case fyne.KeyEnd:
		row = n - 1
	case fyne.KeyPageDown:
		row = from + s.pageRows()
	case fyne.KeyPageUp:
		row = from - s.pageRows()
	default:
		return false
	}
	row = min(max(row, 0), n-1)
	probeBegin("key " + string(key))
	s.list.Select(row) // calls onRowSelected, which updates the status
	s.list.ScrollTo(row)
	probeMark("rows placed")
	return true
}

// rowPitch is the height of one row plus the list's gap between rows.
func (s *SourceView) rowPitch() float32 {
	return s.metrics.rowH + s.list.Theme().Size(theme.SizeNamePadding)
}

// pageRows is how many whole rows the view shows, at least one.
func (s *SourceView) pageRows() int {
	return max(int(s.list.Size().Height/s.rowPitch())-1, 1)
}

// topRow is the first row in view.
func (s *SourceView) topRow() int {
	return int(s.list.GetScrollOffset() / s.rowPitch())
}
