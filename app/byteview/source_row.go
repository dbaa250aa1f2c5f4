package byteview

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// How many objects of each sort one row draws. Runs past the limit merge
// into the row's last one: a row of SourceMaxWrap bytes of minified markup
// (about a hundred tag, attribute and text pieces) is not told apart more
// finely.
const (
	sourceRowHighlights = 4
	sourceRowTints      = 48  // byte-kind tints
	sourceRowPieces     = 128 // differently coloured pieces of text
	sourceKindAlpha     = 0x40
)

// rowScratch is what updating one row computes, kept to be reused: rows
// are updated one at a time on the UI goroutine.
type rowScratch struct {
	cols    rowColumns
	x       [sourceMaxRowBytes + 1]float32 // x of each column from the text's start
	kinds   [sourceMaxRowBytes]uint8
	classes [sourceMaxRowBytes]syntaxClass
	// the bytes lexed with a row when it starts inside a tag
	lexKinds [sourceLexLookback + sourceMaxRowBytes]uint8
	lexOut   [sourceLexLookback + sourceMaxRowBytes]syntaxClass
}

// sourceRow draws one row: the gutter, the text in coloured pieces, the
// byte-kind tints, the shading past the cutoff, highlight tints and the
// current mark. Its objects are placed by SourceView.updateRow.
type sourceRow struct {
	widget.BaseWidget
	view *SourceView

	gutter                   *canvas.Text
	shade, cutLine, markRect *canvas.Rectangle
	tints                    [sourceRowTints]*canvas.Rectangle
	hls                      [sourceRowHighlights]*canvas.Rectangle
	pieces                   [sourceRowPieces]*canvas.Text
}

func newSourceRow(v *SourceView) *sourceRow {
	r := &sourceRow{view: v}
	mono := fyne.TextStyle{Monospace: true}
	r.gutter = &canvas.Text{TextStyle: mono}
	r.shade, r.cutLine, r.markRect = &canvas.Rectangle{}, &canvas.Rectangle{}, &canvas.Rectangle{}
	for i := range r.tints {
		r.tints[i] = &canvas.Rectangle{}
	}
	for i := range r.hls {
		r.hls[i] = &canvas.Rectangle{}
	}
	for i := range r.pieces {
		r.pieces[i] = &canvas.Text{TextStyle: mono}
	}
	for _, o := range r.objects() {
		o.Hide() // until the first update says what to show
	}
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer is part of fyne.Widget.
func (r *sourceRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewWithoutLayout(r.objects()...))
}

// objects lists the row's parts, back to front.
func (r *sourceRow) objects() []fyne.CanvasObject {
	var objs []fyne.CanvasObject
	for _, t := range r.tints {
		objs = append(objs, t)
	}
	objs = append(objs, r.shade)
	for _, h := range r.hls {
		objs = append(objs, h)
	}
	objs = append(objs, r.markRect, r.cutLine, r.gutter)
	for _, p := range r.pieces {
		objs = append(objs, p)
	}
	return objs
}

// MinSize fits the gutter and the widest row.
func (r *sourceRow) MinSize() fyne.Size {
	return fyne.NewSize(r.view.metrics.width, r.view.metrics.rowH)
}

// setRect shows rect from x to x+w (clamped to at least 2 pixels) over the
// row's height, or hides it when show is false.
func (r *sourceRow) setRect(rect *canvas.Rectangle, x, w float32, show bool) {
	rect.Hidden = !show
	if !show {
		return
	}
	rect.Move(fyne.NewPos(x, 0))
	rect.Resize(fyne.NewSize(max(w, 2), r.view.metrics.rowH))
}

// setText shows s from x to x+w on the row's baseline; simple says s is
// drawn by the monospace font alone, which needs no measuring.
func (r *sourceRow) setText(t *canvas.Text, s string, x, w float32, mono bool) {
	t.Text = s
	t.TextSize = r.view.metrics.textSize
	t.TextStyle = regularStyle
	if mono {
		t.TextStyle = monoStyle
	}
	t.Hidden = false
	y, h := r.view.metrics.textBox(s, mono)
	t.Move(fyne.NewPos(x, y))
	t.Resize(fyne.NewSize(w, h))
}

// updateRow fills a list item with row id: decoding happens here, when the
// row is shown, so no per-document text is ever built.
func (s *SourceView) updateRow(id widget.ListItemID, item fyne.CanvasObject) {
	r, ok := item.(*sourceRow)
	if !ok {
		return
	}
	row, start := s.index.bytes(id)
	sc := s.scratch
	sc.cols.decode(row, s.charset.Decode)
	s.metrics.layout(&sc.cols, sc.x[:])
	end := start + int64(len(row))

	s.placeGutter(r, id, start, end)
	s.placeTints(r, row, start)
	s.placePieces(r, row, start)
	s.placeCutoff(r, start, end)
	s.placeHighlights(r, start, end)
	r.markRect.FillColor = themeColor(r.Theme(), theme.ColorNameSelection)
	ms, me := max(s.markStart, start), min(s.markEnd, end)
	s.placeSpan(r, r.markRect, int(ms-start), int(me-start), s.markStart >= 0 && ms < me)
	r.Refresh()
}

// placeGutter writes the row's line number (↪ when it continues a line),
// its first byte offset and the cutoff mark.
func (s *SourceView) placeGutter(r *sourceRow, id int, start, end int64) {
	m := &s.metrics
	r.gutter.Color = themeColor(r.Theme(), theme.ColorNamePlaceHolder)
	mark := " "
	if s.cutoff >= start && s.cutoff < end {
		mark = string(glyphCutoff)
		r.gutter.Color = themeColor(r.Theme(), theme.ColorNameError)
	}
	line := ""
	switch {
	case m.lineChars == 0:
	case s.index.continues(id):
		line = string(glyphWrapped)
	default:
		line = commas(int64(s.index.line(id)))
	}
	text := padLeft(line, m.lineChars) + " " + padLeft(commas(start), m.offChars) + " " + mark
	r.setText(r.gutter, text, 0, m.textX, true)
}

// padLeft right-aligns s in width characters.
func padLeft(s string, width int) string {
	n := len([]rune(s))
	if n >= width {
		return s
	}
	return strings.Repeat(" ", width-n) + s
}

// placeTints tints each run of bytes of one kind with the ruler's colour
// for that kind.
func (s *SourceView) placeTints(r *sourceRow, row []byte, start int64) {
	sc, th := s.scratch, r.Theme()
	n := 0
	if s.kinds != nil {
		rowKinds(s.kinds, start, len(row), sc.kinds[:])
		n = s.runs(sc.cols.count, sourceRowTints, func(col int) int { return int(sc.kinds[sc.cols.byteAt[col]]) },
			func(i, a, b, k int) {
				show := k != kindNone && k < len(Kinds)
				if show {
					r.tints[i].FillColor = withAlpha(KindColor(Kinds[k], th), sourceKindAlpha)
				}
				s.placeCols(r, r.tints[i], a, b, show)
			})
	}
	for _, t := range r.tints[n:] {
		t.Hide()
	}
}

// placePieces draws the row's text in pieces coloured by syntax class,
// the characters of the monospace font apart from the others.
func (s *SourceView) placePieces(r *sourceRow, row []byte, start int64) {
	sc, th, m := s.scratch, r.Theme(), &s.metrics
	fg := themeColor(th, theme.ColorNameForeground)
	s.lexFrom(row, start)
	c := &sc.cols
	piece := func(col int) int {
		v := int(sc.classes[c.byteAt[col]]) * 2
		if !fixedWidth(c.runeAt[col]) {
			v++
		}
		return v
	}
	n := s.runs(c.count, sourceRowPieces, piece, func(i, a, b, v int) {
		p := r.pieces[i]
		p.Color = syntaxColor(syntaxClass(v/2), th, fg)
		r.setText(p, c.text[c.strAt[a]:c.strAt[b]], m.textX+sc.x[a], sc.x[b]-sc.x[a], c.fixed(a, b))
	})
	for _, p := range r.pieces[n:] {
		p.Hide()
	}
}

// runs calls place for each run of columns [a, b) sharing a value, at most
// limit runs (the last one reaching the row's end), and returns how many.
func (s *SourceView) runs(count, limit int, value func(col int) int, place func(i, a, b, v int)) int {
	n := 0
	for a := 0; a < count; n++ {
		v, b := value(a), a+1
		for b < count && value(b) == v {
			b++
		}
		if n == limit-1 {
			b = count
		}
		place(n, a, b, v)
		a = b
	}
	return n
}

// placeCutoff shades the row from the cutoff's column on (the whole row past
// it, gutter included) and draws a line at that column.
func (s *SourceView) placeCutoff(r *sourceRow, start, end int64) {
	th, m := r.Theme(), &s.metrics
	r.shade.FillColor = withAlpha(themeColor(th, theme.ColorNameError), 0x38)
	r.cutLine.FillColor = themeColor(th, theme.ColorNameError)
	switch {
	case s.cutoff < 0 || s.cutoff >= end:
		r.setRect(r.shade, 0, 0, false)
		r.setRect(r.cutLine, 0, 0, false)
	case s.cutoff < start:
		r.setRect(r.shade, 0, m.width, true)
		r.setRect(r.cutLine, 0, 0, false)
	default:
		sc := s.scratch
		x := m.textX + sc.x[sc.cols.colOf(int(s.cutoff-start))]
		r.setRect(r.shade, x, m.width-x, true)
		r.setRect(r.cutLine, x-1, 2, true)
	}
}

// placeHighlights tints the columns of the highlights touching the row.
func (s *SourceView) placeHighlights(r *sourceRow, start, end int64) {
	hs := s.rowHighlights(start, end)
	tint := withAlpha(themeColor(r.Theme(), theme.ColorNamePrimary), 0x60)
	for i, rect := range r.hls {
		rect.FillColor = tint
		if i >= len(hs) {
			rect.Hide()
			continue
		}
		a, b := max(hs[i].Start, start), min(hs[i].End, end)
		s.placeSpan(r, rect, int(a-start), int(b-start), a < b)
	}
}

// placeSpan covers the columns of row-relative bytes [a, b) with rect.
func (s *SourceView) placeSpan(r *sourceRow, rect *canvas.Rectangle, a, b int, show bool) {
	c := &s.scratch.cols
	s.placeCols(r, rect, c.colOf(a), c.colEnd(b), show)
}

// placeCols covers columns [a, b) with rect.
func (s *SourceView) placeCols(r *sourceRow, rect *canvas.Rectangle, a, b int, show bool) {
	if !show {
		r.setRect(rect, 0, 0, false)
		return
	}
	x := s.scratch.x[:]
	r.setRect(rect, s.metrics.textX+x[a], x[b]-x[a], true)
}
