package byteview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// rowHeightSamples are measured to size the rows: Latin descenders, CJK
// text (drawn from a fallback font with a taller ascent and descent than
// the monospace font) and emoji, alone and together, since a row shows them
// side by side.
var rowHeightSamples = []string{"0", "Mgjpqy", "日本語中文한국어", "Mgjpqy日本語", "😀", "Agy😀"}

// sourceMetrics are the monospace measures rows are laid out with.
type sourceMetrics struct {
	textSize     float32
	glyphW, rowH float32
	lineChars    int // width of the line numbers; 0 when lines are not counted
	offChars     int // width of the offsets
	textX, width float32
	advance      map[rune]float32 // advances of glyphs wider or narrower than glyphW
	style        fyne.TextStyle
}

// newSourceMetrics measures the theme's monospace font for a document
// whose last line and last row offset are given.
func newSourceMetrics(lastLine int, lastOffset int64) sourceMetrics {
	th := theme.Current()
	m := sourceMetrics{textSize: th.Size(theme.SizeNameText), style: fyne.TextStyle{Monospace: true},
		advance: map[rune]float32{}}
	m.glyphW = fyne.MeasureText("0", m.textSize, m.style).Width
	for _, s := range rowHeightSamples {
		m.rowH = max(m.rowH, fyne.MeasureText(s, m.textSize, m.style).Height)
	}
	if lastLine > 0 {
		m.lineChars = max(len(commas(int64(lastLine))), 3)
	}
	m.offChars = max(len(commas(lastOffset)), 7)
	gutter := m.lineChars + 1 + m.offChars + 2 // spaces and the cutoff mark
	pad := th.Size(theme.SizeNamePadding)
	m.textX = float32(gutter)*m.glyphW + pad
	m.width = m.textX + sourceMaxRowBytes*m.glyphW + pad
	return m
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
		w = fyne.MeasureText(string(r), m.textSize, m.style).Width
		m.advance[r] = w
	}
	return w
}
