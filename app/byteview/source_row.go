package byteview

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Glyphs shown in place of bytes that have no visible form. Each is in the
// monospace font Fyne bundles (DejaVu Sans Mono), so it keeps the column
// width.
const (
	glyphNewline = '↵'
	glyphTab     = '→'
	glyphReturn  = '←'
	glyphControl = '·'
	glyphCutoff  = '✂'
)

// sourceRowHighlights is how many highlights one row draws; more in one
// 128-byte row are not told apart anyway.
const sourceRowHighlights = 4

// rowColumns maps one row's columns to bytes. A row of n bytes shows between
// 1 and n columns: a valid UTF-8 character is one column covering its bytes;
// every invalid byte, and every byte of a character split by the row
// boundary, is its own U+FFFD column; control bytes show as visible glyphs.
// So the column of a byte never depends on other rows, and offsets never
// shift.
type rowColumns struct {
	text   string
	count  int                     // columns in the row
	byteAt [SourceRowBytes + 1]int // first byte (row-relative) of each column; byteAt[count] = row length
	strAt  [SourceRowBytes + 1]int // index in text where each column starts
	simple bool                    // every column is a glyph of the monospace font's fixed advance
	sb     strings.Builder
}

// decode fills c from one row's bytes.
func (c *rowColumns) decode(row []byte) {
	c.sb.Reset()
	c.sb.Grow(len(row) * 2)
	c.count, c.simple = 0, true
	for i := 0; i < len(row); {
		r, size := displayRune(row[i:])
		c.byteAt[c.count], c.strAt[c.count] = i, c.sb.Len()
		c.count++
		c.sb.WriteRune(r)
		if r >= utf8.RuneSelf && r != utf8.RuneError && r != glyphNewline && r != glyphTab &&
			r != glyphReturn && r != glyphControl {
			c.simple = false
		}
		i += size
	}
	c.byteAt[c.count], c.strAt[c.count] = len(row), c.sb.Len()
	c.text = c.sb.String()
}

// displayRune is the glyph shown for the character starting b and how many
// bytes it covers.
func displayRune(b []byte) (rune, int) {
	switch c := b[0]; {
	case c == '\n':
		return glyphNewline, 1
	case c == '\t':
		return glyphTab, 1
	case c == '\r':
		return glyphReturn, 1
	case c < 0x20 || c == 0x7f:
		return glyphControl, 1
	case c < utf8.RuneSelf:
		return rune(c), 1
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError {
		return utf8.RuneError, 1
	}
	if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Mn, unicode.Me, unicode.Zl, unicode.Zp) {
		return glyphControl, size // invisible or zero-width: would hide bytes and shift columns
	}
	return r, size
}

// colOf is the column holding row-relative byte b.
func (c *rowColumns) colOf(b int) int {
	lo, hi := 0, c.count
	for lo < hi {
		mid := (lo + hi) / 2
		if c.byteAt[mid] <= b {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return max(lo-1, 0)
}

// colEnd is the column just after the one holding byte e-1: a span of bytes
// [s, e) covers columns [colOf(s), colEnd(e)).
func (c *rowColumns) colEnd(e int) int {
	if e <= 0 {
		return 0
	}
	return min(c.colOf(e-1)+1, c.count)
}

// sourceMetrics are the monospace measures rows are laid out with.
type sourceMetrics struct {
	textSize     float32
	glyphW, rowH float32
	gutterChars  int
	textX, width float32
}

func newSourceMetrics(bodyLen int) sourceMetrics {
	th := theme.Current()
	m := sourceMetrics{textSize: th.Size(theme.SizeNameText)}
	glyph := fyne.MeasureText("0", m.textSize, fyne.TextStyle{Monospace: true})
	m.glyphW, m.rowH = glyph.Width, glyph.Height
	last := int64(max(bodyLen-1, 0)) / SourceRowBytes * SourceRowBytes
	m.gutterChars = max(len(commas(last)), 7) + 2 // a space and the cutoff mark
	pad := th.Size(theme.SizeNamePadding)
	m.textX = float32(m.gutterChars)*m.glyphW + pad
	m.width = m.textX + SourceRowBytes*m.glyphW + pad
	return m
}

// xOf is the x of column col from the start of the row's text.
func (m *sourceMetrics) xOf(c *rowColumns, col int) float32 {
	if c.simple || col == 0 {
		return float32(col) * m.glyphW
	}
	return fyne.MeasureText(c.text[:c.strAt[col]], m.textSize, fyne.TextStyle{Monospace: true}).Width
}

// sourceRow draws one row: gutter offset, the decoded text, the shading past
// the cutoff, highlight tints and the current mark. Its objects are placed
// by SourceView.updateRow.
type sourceRow struct {
	widget.BaseWidget
	view *SourceView

	gutter, text             *canvas.Text
	shade, cutLine, markRect *canvas.Rectangle
	hls                      [sourceRowHighlights]*canvas.Rectangle
}

func newSourceRow(v *SourceView) *sourceRow {
	r := &sourceRow{view: v}
	mono := fyne.TextStyle{Monospace: true}
	r.gutter = &canvas.Text{TextStyle: mono}
	r.text = &canvas.Text{TextStyle: mono}
	r.shade, r.cutLine, r.markRect = &canvas.Rectangle{}, &canvas.Rectangle{}, &canvas.Rectangle{}
	for i := range r.hls {
		r.hls[i] = &canvas.Rectangle{}
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
	objs := []fyne.CanvasObject{r.shade}
	for _, h := range r.hls {
		objs = append(objs, h)
	}
	return append(objs, r.markRect, r.cutLine, r.gutter, r.text)
}

// MinSize fits the gutter and 128 monospace columns.
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

// setText shows s from x to x+w; the width is given, not measured, so a row
// costs no text shaping beyond drawing.
func (r *sourceRow) setText(t *canvas.Text, s string, x, w float32) {
	t.Text = s
	t.TextSize = r.view.metrics.textSize
	t.Hidden = false
	t.Move(fyne.NewPos(x, 0))
	t.Resize(fyne.NewSize(w, r.view.metrics.rowH))
}

// updateRow fills a list item with row id: decoding happens here, when the
// row is shown, so no per-document text is ever built.
func (s *SourceView) updateRow(id widget.ListItemID, item fyne.CanvasObject) {
	r, ok := item.(*sourceRow)
	if !ok {
		return
	}
	row, start := s.rowBytes(id)
	c, m := s.cols, &s.metrics
	c.decode(row)
	th := r.Theme()
	end := start + int64(len(row))

	r.gutter.Color = themeColor(th, theme.ColorNamePlaceHolder)
	mark := ' '
	if s.cutoff >= start && s.cutoff < end {
		mark = glyphCutoff
		r.gutter.Color = themeColor(th, theme.ColorNameError)
	}
	r.setText(r.gutter, gutterText(start, m.gutterChars-2)+" "+string(mark), 0, m.textX)
	r.text.Color = themeColor(th, theme.ColorNameForeground)
	r.setText(r.text, c.text, m.textX, m.width-m.textX)

	s.placeCutoff(r, start, end)
	s.placeHighlights(r, start, end)
	r.markRect.FillColor = themeColor(th, theme.ColorNameSelection)
	ms, me := max(s.markStart, start), min(s.markEnd, end)
	s.placeSpan(r, r.markRect, int(ms-start), int(me-start), s.markStart >= 0 && ms < me)
	r.Refresh()
}

// gutterText right-aligns a row's first offset in width characters.
func gutterText(start int64, width int) string {
	n := commas(start)
	if len(n) >= width {
		return n
	}
	return strings.Repeat(" ", width-len(n)) + n
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
		x := m.textX + m.xOf(s.cols, s.cols.colOf(int(s.cutoff-start)))
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
	if !show {
		r.setRect(rect, 0, 0, false)
		return
	}
	m, c := &s.metrics, s.cols
	x0 := m.xOf(c, c.colOf(a))
	x1 := m.xOf(c, c.colEnd(b))
	r.setRect(rect, m.textX+x0, x1-x0, true)
}
