package byteview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// sourceSyncWrapBytes is the largest body re-wrapped on the UI goroutine:
// indexing runs at 300-1,200 MB/s (BenchmarkRowIndex64MB), so this takes a
// few milliseconds. A larger body is re-indexed in the background while
// the old rows stay shown.
const sourceSyncWrapBytes = 4 << 20

// wrapState follows the wrap width the view's width asks for.
type wrapState struct {
	want     int  // wrap width that fits the view; 0 until it has a size
	building bool // a background re-index is running
	doc      int  // counts documents shown, so a stale re-index is dropped
	// do hands a finished background re-index to the UI goroutine.
	do func(func())
}

// wrapLayout lays the view's scroller over its whole area and tells the
// view its width, so the rows re-wrap to fit when the window is resized.
type wrapLayout struct{ view *SourceView }

// Layout is part of fyne.Layout.
func (l wrapLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	l.view.fitWidth(size.Width)
}

// MinSize is part of fyne.Layout.
func (l wrapLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// wrapFor is the wrap width whose rows, with a line ending's two glyphs,
// fill width pixels next to the gutter and clear of the scroll bar.
func (m *sourceMetrics) wrapFor(width float32) int {
	if m.glyphW <= 0 {
		return SourceRowBytes
	}
	bar := theme.Current().Size(theme.SizeNameScrollBar)
	return clampWrap(int((width-m.textX-m.pad-bar)/m.glyphW) - 2)
}

// fitWidth re-wraps the rows when the view's width asks for another wrap
// width.
func (s *SourceView) fitWidth(width float32) {
	if width <= 0 {
		return
	}
	if want := s.metrics.wrapFor(width); want != s.wrap.want {
		s.wrap.want = want
		s.rewrap()
	}
}

// wrapWidth is the width the next index is built with.
func (s *SourceView) wrapWidth() int {
	if s.wrap.want == 0 {
		return SourceRowBytes
	}
	return s.wrap.want
}

// rewrap re-indexes the body at the wanted wrap width: at once for a small
// body, else in the background (one re-index at a time; the latest width
// wins), the old rows shown meanwhile.
func (s *SourceView) rewrap() {
	width := s.wrapWidth()
	if s.wrap.building || width == s.index.width {
		return
	}
	charLen := s.charset.Len // pure, so safe on another goroutine; Decode is not
	if len(s.body) <= sourceSyncWrapBytes || (charLen == nil && s.charset.Decode != nil) {
		s.applyIndex(newRowIndex(s.body, s.charset.charLen(), width))
		return
	}
	s.wrap.building = true
	body, doc := s.body, s.wrap.doc
	go func() {
		x := newRowIndex(body, charLen, width)
		s.wrap.do(func() {
			s.wrap.building = false
			if doc == s.wrap.doc {
				s.applyIndex(x)
			}
			s.rewrap()
		})
	}()
}

// applyIndex shows the rows of x, keeping the byte at the top of the view
// at the top and the selected byte selected, and in view if it was.
func (s *SourceView) applyIndex(x *rowIndex) {
	topRow := s.topRow()
	top := s.index.start(topRow)
	sel, shown := s.selectedByte()
	shown = shown && s.selected >= topRow && s.selected <= topRow+s.pageRows()
	s.index = x
	s.setMetrics()
	if sel >= 0 {
		s.list.Select(x.rowOf(sel)) // scrolls to it; the top is put back below
	}
	s.list.ScrollToOffset(float32(x.rowOf(top)) * s.rowPitch())
	if shown {
		s.list.ScrollTo(s.selected) // only as far as it takes to show it
	}
	s.list.Refresh()
	s.showStatus()
}

// selectedByte is the byte the selection stands for (the marked byte, else
// the selected row's first) and whether a row is selected; -1 when none.
func (s *SourceView) selectedByte() (int64, bool) {
	if off, ok := s.SelectedOffset(); ok && s.selected >= 0 {
		return off, true
	}
	return -1, false
}

// setMetrics measures the rows of the current index. The offsets' column
// is sized by the body's length, which no re-wrap changes, so the wrap
// width that fits a view stays the same after the re-wrap.
func (s *SourceView) setMetrics() {
	last := s.index.count() - 1
	s.metrics = newSourceMetrics(s.index.line(last), int64(len(s.index.body)), s.index.width)
}
