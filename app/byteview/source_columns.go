package byteview

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
	glyphInvalid = utf8.RuneError // one per byte that starts no character
	glyphWrapped = '↪'            // in the gutter: the row continues a line
)

// SourceCharset tells the source view how the body's bytes make
// characters. The zero value is UTF-8. Offsets stay byte offsets into the
// body whatever the charset: only what a row shows is decoded.
type SourceCharset struct {
	// Name is the charset as the Source header shows it ("Shift_JIS").
	Name string
	// Reason says why it was chosen ("declared in a <meta> tag").
	Reason string
	// Decode returns the character starting b (never empty) and its length
	// in bytes, or utf8.RuneError and 1 for a byte that starts no valid
	// character. nil: UTF-8.
	Decode func(b []byte) (rune, int)
	// Len is Decode's length alone, cheaper; nil: Decode's.
	Len CharLen
}

// charLen is how rows find character boundaries: nil for UTF-8.
func (c *SourceCharset) charLen() CharLen {
	switch {
	case c.Len != nil:
		return c.Len
	case c.Decode != nil:
		return func(b []byte) int { _, n := c.Decode(b); return n }
	}
	return nil
}

// rowColumns maps one row's columns to bytes. A valid character is one
// column covering its bytes; every byte that starts no character is its
// own U+FFFD column; control bytes show as visible glyphs. So the column of
// a byte never depends on other rows, and offsets never shift.
type rowColumns struct {
	text   string
	count  int                        // columns in the row
	byteAt [sourceMaxRowBytes + 1]int // first byte (row-relative) of each column; byteAt[count] = row length
	strAt  [sourceMaxRowBytes + 1]int // index in text where each column starts
	runeAt [sourceMaxRowBytes]rune    // the glyph of each column
	sb     strings.Builder
}

// decode fills c from one row's bytes, read with dec (nil: UTF-8).
func (c *rowColumns) decode(row []byte, dec func([]byte) (rune, int)) {
	c.sb.Reset()
	c.sb.Grow(len(row) * 2)
	c.count = 0
	for i := 0; i < len(row) && c.count < sourceMaxRowBytes; {
		r, size := displayRune(row[i:], dec)
		size = min(max(size, 1), len(row)-i)
		c.byteAt[c.count], c.strAt[c.count], c.runeAt[c.count] = i, c.sb.Len(), r
		c.count++
		c.sb.WriteRune(r)
		i += size
	}
	c.byteAt[c.count], c.strAt[c.count] = len(row), c.sb.Len()
	c.text = c.sb.String()
}

// displayRune is the glyph shown for the character starting b and how many
// bytes it covers.
func displayRune(b []byte, dec func([]byte) (rune, int)) (rune, int) {
	switch c := b[0]; {
	case c == '\n':
		return glyphNewline, 1
	case c == '\t':
		return glyphTab, 1
	case c == '\r':
		return glyphReturn, 1
	case c < 0x20 || c == 0x7f:
		return glyphControl, 1
	case c < utf8.RuneSelf && dec == nil:
		return rune(c), 1
	}
	var r rune
	var size int
	if dec != nil {
		r, size = dec(b)
	} else {
		r, size = utf8.DecodeRune(b)
	}
	if r == utf8.RuneError && size <= 1 {
		return glyphInvalid, 1
	}
	if r < 0x20 || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Mn, unicode.Me, unicode.Zl, unicode.Zp) {
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

// fixedWidth says whether r is drawn at the monospace font's advance.
func fixedWidth(r rune) bool {
	switch r {
	case glyphNewline, glyphTab, glyphReturn, glyphControl, glyphInvalid:
		return true
	}
	return r < utf8.RuneSelf
}

// fixed says whether columns [a, b) are all glyphs of the monospace font.
func (c *rowColumns) fixed(a, b int) bool {
	for _, r := range c.runeAt[a:b] {
		if !fixedWidth(r) {
			return false
		}
	}
	return true
}
