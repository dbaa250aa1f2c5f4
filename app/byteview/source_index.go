package byteview

import (
	"bytes"
	"math"
	"sort"
	"unicode/utf8"
)

// Row layout limits.
const (
	// sourceBreakLookback is how far back from the wrap width a break after
	// a tag, a space or a separator is looked for before a row is cut at
	// the last character boundary instead.
	sourceBreakLookback = 24
	// sourceMaxRowBytes is the most bytes one row holds: the widest wrap
	// width plus a line ending of up to two bytes (CR LF), which stays on
	// the row it ends instead of taking a row of its own.
	sourceMaxRowBytes = SourceMaxWrap + 2
	// sourceMaxRows bounds the rows of one document. Fyne positions are
	// float32: past about 2^25 pixels a row's position is off by more than
	// a pixel or two. A document with more lines than this (64 MB of
	// empty lines) has its short lines packed several to a row instead.
	sourceMaxRows = 1_500_000
	// sourceLineEvery is how many rows apart the line number is stored;
	// rows in between count their line breaks from the stored one.
	sourceLineEvery = 64
)

// CharLen returns the length in bytes of the character starting b (b is
// never empty), 1 for a byte that does not start a valid character.
type CharLen func(b []byte) int

// rowIndex splits a body into rows: one per source line, a line longer
// than its wrap width wrapped into several rows, each break on a character
// boundary. Every row is a non-empty byte range and the rows partition the
// body exactly. It costs 4 bytes per row (and 4 per sourceLineEvery rows),
// built in one pass.
type rowIndex struct {
	body   []byte
	starts []uint32 // first body offset of each row
	lines  []uint32 // 1-based line of rows 0, sourceLineEvery, 2*sourceLineEvery, ...
	packed bool     // short lines share rows (more lines than sourceMaxRows)
	fixed  bool     // a body past 4 GiB: fixed rows of width bytes, no line numbers
	width  int      // the wrap width in bytes
}

// newRowIndex indexes body, wrapping lines longer than width bytes
// (clamped to SourceMinWrap..SourceMaxWrap); charLen tells how bytes form
// characters (nil: UTF-8).
func newRowIndex(body []byte, charLen CharLen, width int) *rowIndex {
	x := &rowIndex{body: body, width: clampWrap(width)}
	if uint64(len(body)) > math.MaxUint32 {
		x.fixed = true
		return x
	}
	if !x.build(charLen, false) {
		x.build(charLen, true)
	}
	return x
}

// build fills the index in one pass over the body; with pack, short lines
// share rows. It reports false when the rows would exceed sourceMaxRows.
func (x *rowIndex) build(charLen CharLen, pack bool) bool {
	x.packed = pack
	x.starts, x.lines = x.starts[:0], x.lines[:0]
	b, n := x.body, len(x.body)
	var nl lineFinder
	line, open := 1, -1 // open: start of the row short lines are packed into
	for pos := 0; pos < n; line++ {
		end, content := nl.next(b, pos)
		for content-pos > x.width {
			brk := breakAt(b, pos, pos+x.width, charLen)
			x.addRow(pos, line)
			pos, open = brk, -1
		}
		if !pack || open < 0 || end-open > x.width+2 {
			x.addRow(pos, line)
			open = pos
		}
		pos = end
		if len(x.starts) > sourceMaxRows && !pack {
			return false
		}
	}
	return true
}

// clampWrap bounds a wrap width to SourceMinWrap..SourceMaxWrap.
func clampWrap(width int) int { return min(max(width, SourceMinWrap), SourceMaxWrap) }

func (x *rowIndex) addRow(start, line int) {
	if len(x.starts)%sourceLineEvery == 0 {
		x.lines = append(x.lines, uint32(line))
	}
	x.starts = append(x.starts, uint32(start))
}

// lineFinder finds line ends: LF, CR LF or a bare CR. It remembers the next
// LF and CR found so each byte is searched once.
type lineFinder struct {
	lf, cr int // next LF and CR at or after the last position; -1 none left
	init   bool
}

// next returns the end of the line starting at pos (after its line
// ending, or len(b)) and where its content ends (before the line ending).
func (f *lineFinder) next(b []byte, pos int) (end, content int) {
	if !f.init || (f.lf >= 0 && f.lf < pos) {
		f.lf = indexFrom(b, pos, '\n')
	}
	if !f.init || (f.cr >= 0 && f.cr < pos) {
		f.cr = indexFrom(b, pos, '\r')
	}
	f.init = true
	switch {
	case f.lf < 0 && f.cr < 0:
		return len(b), len(b)
	case f.cr < 0 || (f.lf >= 0 && f.lf < f.cr):
		return f.lf + 1, f.lf
	case f.cr+1 < len(b) && b[f.cr+1] == '\n':
		return f.cr + 2, f.cr
	}
	return f.cr + 1, f.cr
}

func indexFrom(b []byte, from int, c byte) int {
	if i := bytes.IndexByte(b[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

// isNiceBreak says whether a row may end after c: the end of a tag, a
// space, or a separator of minified scripts and JSON.
func isNiceBreak(c byte) bool {
	return c == '>' || c == ' ' || c == ',' || c == ';' || c == '}'
}

// isCJKPunct says whether b is the UTF-8 of a CJK comma or full stop (、。，),
// after which CJK text, which has no spaces, breaks best.
func isCJKPunct(b []byte) bool {
	return b[0] == 0xe3 && b[1] == 0x80 && (b[2] == 0x81 || b[2] == 0x82) ||
		b[0] == 0xef && b[1] == 0xbc && b[2] == 0x8c
}

// breakAt returns where a row starting at pos and wrapped at limit ends:
// after a nice break within sourceBreakLookback bytes of limit if there is
// one, else at the last character boundary at or before limit, moved back
// one character when a CJK comma or full stop would start the next row
// (as Japanese and Chinese typesetting do: the character before it goes
// along). It is always past pos. Legacy charsets (breakAtChars) know no CJK
// punctuation, in this rule or in the nice breaks.
func breakAt(b []byte, pos, limit int, charLen CharLen) int {
	if charLen != nil {
		return breakAtChars(b, pos, limit, charLen)
	}
	for i := limit - 1; i > pos && i >= limit-sourceBreakLookback; i-- {
		if isNiceBreak(b[i]) || i-2 > pos && isCJKPunct(b[i-2:i+1]) {
			return i + 1
		}
	}
	end := utf8Boundary(b, pos, limit)
	if end+3 <= len(b) && end-1 > pos && isCJKPunct(b[end:end+3]) {
		return utf8Boundary(b, pos, end-1) // past pos, as end-1 is
	}
	return end
}

// utf8Boundary is the last character boundary at or before limit and past
// pos: limit itself unless a valid UTF-8 character starts before limit and
// ends after it.
func utf8Boundary(b []byte, pos, limit int) int {
	for q := limit - 1; q > pos && q > limit-utf8.UTFMax; q-- {
		if !utf8.RuneStart(b[q]) {
			continue
		}
		if r, size := utf8.DecodeRune(b[q:]); (r != utf8.RuneError || size > 1) && q+size > limit {
			return q
		}
		return limit
	}
	return limit
}

// breakAtChars is breakAt for a charset whose characters are found by
// walking from the row's start.
func breakAtChars(b []byte, pos, limit int, charLen CharLen) int {
	nice := -1
	q := pos
	for {
		n := max(charLen(b[q:]), 1)
		if q+n > limit {
			break
		}
		if n == 1 && isNiceBreak(b[q]) && q+1 >= limit-sourceBreakLookback {
			nice = q + 1
		}
		q += n
	}
	switch {
	case nice > pos:
		return nice
	case q > pos:
		return q
	}
	return pos + max(charLen(b[pos:]), 1) // one character wider than the row
}

// count is how many rows there are.
func (x *rowIndex) count() int {
	if x.fixed {
		return (len(x.body) + x.width - 1) / x.width
	}
	return len(x.starts)
}

// start is row's first body offset (the body's length past the last row).
func (x *rowIndex) start(row int) int64 {
	switch {
	case row < 0:
		return 0
	case x.fixed:
		return min(int64(row)*int64(x.width), int64(len(x.body)))
	case row >= len(x.starts):
		return int64(len(x.body))
	}
	return int64(x.starts[row])
}

// rowOf is the row holding body offset off (clamped to the body).
func (x *rowIndex) rowOf(off int64) int {
	if x.fixed {
		return int(max(off, 0) / int64(x.width))
	}
	return max(sort.Search(len(x.starts), func(i int) bool { return int64(x.starts[i]) > off })-1, 0)
}

// bytes returns row's bytes and its first body offset.
func (x *rowIndex) bytes(row int) ([]byte, int64) {
	if row < 0 || row >= x.count() {
		return nil, x.start(row)
	}
	s, e := x.start(row), x.start(row+1)
	return x.body[s:e], s
}

// line is the 1-based source line of row's first byte; 0 when lines are
// not counted.
func (x *rowIndex) line(row int) int {
	if x.fixed || row < 0 || row >= len(x.starts) {
		return 0
	}
	cp := row / sourceLineEvery
	return int(x.lines[cp]) + lineBreaks(x.body[x.starts[cp*sourceLineEvery]:x.starts[row]])
}

// continues says whether row continues a line begun on an earlier row.
func (x *rowIndex) continues(row int) bool {
	s := x.start(row)
	if row <= 0 || s == 0 {
		return false
	}
	c := x.body[s-1]
	return c != '\n' && c != '\r'
}

// lineBreaks counts the line endings in b: LF, CR LF and bare CR.
func lineBreaks(b []byte) int {
	n := bytes.Count(b, []byte{'\n'}) + bytes.Count(b, []byte{'\r'})
	return n - bytes.Count(b, []byte("\r\n"))
}

// lineStart is the first body offset of the line holding off.
func (x *rowIndex) lineStart(off int64) int64 {
	end := off
	if end > 0 && end < int64(len(x.body)) && x.body[end] == '\n' && x.body[end-1] == '\r' {
		end-- // the LF of a CR LF ends the line the CR ends
	}
	return int64(bytes.LastIndexAny(x.body[:end], "\r\n") + 1)
}
