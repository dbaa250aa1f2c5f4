package byteview

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Fyne sizes a text's texture by its first font's line height but puts the
// baseline under the tallest ascent among the fonts that draw it. So a run
// of Latin letters in the monospace font that also holds CJK text, drawn by
// a fallback font with a taller ascent, is pushed down and loses the
// bottoms of its descenders (p, g, y) and of the CJK glyphs. Rows therefore
// draw characters outside the monospace font (CJK, emoji, other scripts)
// in pieces of their own in the regular font, whose line is tall enough
// for the fallback fonts' glyphs, and the monospace pieces alone.
var (
	monoStyle    = fyne.TextStyle{Monospace: true}
	regularStyle = fyne.TextStyle{}
)

// rowHeightSamples are measured to size the rows, in the style each is
// drawn in: monospace Latin with descenders, and CJK and emoji in the
// regular font.
var rowHeightSamples = []struct {
	text  string
	style fyne.TextStyle
}{{"Mgjpqy", monoStyle}, {"日本語中文한국어", regularStyle}, {"😀", regularStyle}}

// sourceMetrics are the monospace measures rows are laid out with.
type sourceMetrics struct {
	textSize     float32
	glyphW, rowH float32
	base         float32 // the row's baseline, from its top
	asciiBase    float32 // baseline of text in the monospace font alone
	asciiH       float32 // and its height
	lineChars    int     // width of the line numbers; 0 when lines are not counted
	offChars     int     // width of the offsets
	textX, width float32
	pad          float32          // the theme's padding, after the text
	advance      map[rune]float32 // advances of glyphs wider or narrower than glyphW
}

// newSourceMetrics measures the theme's monospace font for a document
// whose last line and last row offset are given, wrapped at wrap bytes.
func newSourceMetrics(lastLine int, lastOffset int64, wrap int) sourceMetrics {
	th := theme.Current()
	m := sourceMetrics{textSize: th.Size(theme.SizeNameText), advance: map[rune]float32{}}
	m.glyphW = fyne.MeasureText("0", m.textSize, monoStyle).Width
	m.measureHeight()
	if lastLine > 0 {
		m.lineChars = max(len(commas(int64(lastLine))), 3)
	}
	m.offChars = max(len(commas(lastOffset)), 7)
	gutter := m.lineChars + 1 + m.offChars + 2 // spaces and the cutoff mark
	m.pad = th.Size(theme.SizeNamePadding)
	m.textX = float32(gutter)*m.glyphW + m.pad
	m.width = m.textX + float32(wrap+2)*m.glyphW + m.pad
	return m
}

// measureHeight sizes the row from the tallest ascent and the deepest
// descent of the samples, so a row mixing CJK, emoji and Latin text shows
// every glyph whole, and notes the monospace font's own baseline.
func (m *sourceMetrics) measureHeight() {
	var descent float32
	for _, s := range rowHeightSamples {
		size, base := m.measure(s.text, s.style)
		m.base = max(m.base, base)
		descent = max(descent, size.Height-base)
	}
	m.rowH = float32(math.Ceil(float64(m.base + descent)))
	size, base := m.measure("0", monoStyle)
	m.asciiBase, m.asciiH = base, size.Height
}

func (m *sourceMetrics) measure(s string, style fyne.TextStyle) (fyne.Size, float32) {
	return fyne.CurrentApp().Driver().RenderedTextSize(s, m.textSize, style, nil)
}

// textBox is where a piece of text sits in the row: its top and height,
// so that its baseline is the row's in either style (Fyne centres a text
// in its box by the text's own height, which differs between the fonts).
// mono says s is in the monospace font alone; other pieces are drawn in the
// regular font.
func (m *sourceMetrics) textBox(s string, mono bool) (y, h float32) {
	if mono {
		return m.base - m.asciiBase, m.asciiH
	}
	size, base := m.measure(s, regularStyle)
	return m.base - base, size.Height
}

// layout fills x with the x of each of c's columns from the row's text
// start, x[c.count] being the text's width. Glyphs of the monospace font
// take glyphW; others (CJK, emoji) are measured once each.
func (m *sourceMetrics) layout(c *rowColumns, x []float32) {
	x[0] = 0
	for col := range c.count {
		x[col+1] = x[col] + m.advanceOf(c.runeAt[col])
	}
}

func (m *sourceMetrics) advanceOf(r rune) float32 {
	if fixedWidth(r) {
		return m.glyphW
	}
	w, ok := m.advance[r]
	if !ok {
		w = fyne.MeasureText(string(r), m.textSize, regularStyle).Width
		m.advance[r] = w
	}
	return w
}
