package kit

import "fyne.io/fyne/v2"

// wrapLayout puts its objects in rows, left to right, starting a new row
// when the next one would pass the container's width. Unlike Fyne's
// RowWrapLayout, whose minimum width becomes the widest row it last laid
// out (so a window once wider can never be narrowed again, and each growth
// of a neighbour widens it further), its minimum width is its widest
// object: only its height follows the width it was given.
type wrapLayout struct {
	hPad, vPad float32
	rows       int // in the last layout; 0 before any
}

// NewWrapLayout is a row-wrapping layout with hPad between objects and vPad
// between rows, whose minimum width is its widest object's.
func NewWrapLayout(hPad, vPad float32) fyne.Layout {
	return &wrapLayout{hPad: hPad, vPad: vPad}
}

// MinSize is the widest object's width, and the height of the rows of the
// last layout (before any, one row per object).
func (l *wrapLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var w, h float32
	n := 0
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		n++
		s := o.MinSize()
		w, h = max(w, s.Width), max(h, s.Height)
	}
	if n == 0 {
		return fyne.Size{}
	}
	rows := n
	if l.rows > 0 {
		rows = min(l.rows, n)
	}
	return fyne.NewSize(w, float32(rows)*h+float32(rows-1)*l.vPad)
}

// Layout places the objects at their minimum sizes, wrapping at size's
// width.
func (l *wrapLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	var rowH float32
	for _, o := range objects {
		if o.Visible() {
			rowH = max(rowH, o.MinSize().Height)
		}
	}
	var pos fyne.Position
	rows := 0
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		s := o.MinSize()
		if rows == 0 {
			rows = 1
		} else if pos.X+s.Width > size.Width {
			pos = fyne.NewPos(0, pos.Y+rowH+l.vPad)
			rows++
		}
		o.Resize(s)
		o.Move(pos)
		pos.X += s.Width + l.hPad
	}
	l.rows = rows
}
