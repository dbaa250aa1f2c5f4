package byteview

import (
	"bytes"
	"image/color"
	"sort"

	"fyne.io/fyne/v2"
)

// syntaxClass is how a byte's text is coloured.
type syntaxClass uint8

const (
	classPlain syntaxClass = iota
	classTag               // a tag's brackets and name: <div, </a, >
	classAttr              // an attribute name inside a tag
)

// syntaxColors are the light syntax colours, for dark backgrounds and for
// light ones; plain text keeps the theme's foreground.
var syntaxColors = map[syntaxClass][2]color.NRGBA{
	classTag:  {{0x7c, 0xb7, 0xff, 0xff}, {0x1a, 0x5f, 0xb4, 0xff}},
	classAttr: {{0xc3, 0x9b, 0xf5, 0xff}, {0x6e, 0x3b, 0xb0, 0xff}},
}

func syntaxColor(c syntaxClass, th fyne.Theme, fg color.Color) color.Color {
	pair, ok := syntaxColors[c]
	switch {
	case !ok:
		return fg
	case darkBackground(th):
		return pair[0]
	}
	return pair[1]
}

// kindNone marks a byte no segment covers.
const kindNone = 0xff

// SourceKinds gives a document's byte kinds, as the ruler's segments.
type SourceKinds interface {
	// KindSpans calls each, in order of their start, for the segments
	// overlapping body bytes [start, end).
	KindSpans(start, end int64, each func(RulerSegment))
}

// Segments are SourceKinds held in a slice sorted by start.
type Segments []RulerSegment

// KindSpans is part of SourceKinds.
func (s Segments) KindSpans(start, end int64, each func(RulerSegment)) {
	i := sort.Search(len(s), func(i int) bool { return s[i].End > start })
	for ; i < len(s) && s[i].Start < end; i++ {
		each(s[i])
	}
}

// rowKinds fills kinds[i] with the index in Kinds of body byte start+i's
// kind, for a row of n bytes.
func rowKinds(src SourceKinds, start int64, n int, kinds []uint8) {
	for i := range kinds[:n] {
		kinds[i] = kindNone
	}
	src.KindSpans(start, start+int64(n), func(seg RulerSegment) {
		k := uint8(min(rulerKindIndex(seg.Kind), kindNone-1))
		a, b := max(seg.Start-start, 0), min(seg.End-start, int64(n))
		for j := a; j < b; j++ {
			kinds[j] = k
		}
	})
}

var markupIndex = uint8(rulerKindIndex(RulerKindMarkup))

// sourceLexLookback is how far before a row the lexer may start, at the
// start of the markup the row begins in, so a row that begins inside a tag
// (as wrapped rows of minified pages do) knows whether it is in an
// attribute's quoted value.
const sourceLexLookback = 4096

// lexRow classifies each byte of a row: tag names and attribute names in
// bytes of kind markup (every byte when the document has no byte kinds).
// inTag says the row starts inside a tag, when that is all that is known.
func lexRow(row []byte, kinds []uint8, haveKinds, inTag bool, out []syntaxClass) {
	lexable := func(i int) bool { return !haveKinds || kinds[i] == markupIndex }
	for i := range out[:len(row)] {
		out[i] = classPlain
	}
	for i := 0; i < len(row); {
		c := row[i]
		switch {
		case !lexable(i):
			inTag = false
			i++
		case c == '<' && bytes.HasPrefix(row[i:], []byte("<!--")):
			i = skipComment(row, i) // a comment is not a tag, even without byte kinds
			inTag = false
		case c == '<':
			i = lexTagName(row, i, out, &inTag)
		case c == '>' && inTag:
			out[i] = classTag
			inTag = false
			i++
		case inTag && (c == '"' || c == '\''):
			i = skipQuoted(row, i)
		case inTag && c == '=':
			i = skipUnquoted(row, i+1)
		case inTag && isNameStart(c):
			j := i
			for j < len(row) && isNameByte(row[j]) {
				out[j] = classAttr
				j++
			}
			i = j
		default:
			i++
		}
	}
}

// lexFrom classifies the bytes of a row of the body starting at start:
// from the start of the markup the row begins in when it is near, so the
// lexer's state is right, else from the row itself.
func (s *SourceView) lexFrom(row []byte, start int64) {
	sc := s.scratch
	n := len(row)
	if s.kinds == nil {
		lexRow(row, sc.kinds[:n], false, false, sc.classes[:n])
		return
	}
	from := start
	s.kinds.KindSpans(start, start+1, func(seg RulerSegment) {
		if seg.Kind == RulerKindMarkup && seg.Start < start && start-seg.Start <= sourceLexLookback {
			from = seg.Start
		}
	})
	p := int(start - from)
	if p == 0 {
		lexRow(row, sc.kinds[:n], true, n > 0 && sc.kinds[0] == markupIndex && row[0] != '<', sc.classes[:n])
		return
	}
	for i := range p {
		sc.lexKinds[i] = markupIndex
	}
	copy(sc.lexKinds[p:], sc.kinds[:n])
	lexRow(s.body[from:start+int64(n)], sc.lexKinds[:p+n], true, false, sc.lexOut[:p+n])
	copy(sc.classes[:n], sc.lexOut[p:p+n])
}

// lexTagName marks "<name", "</name" or "<!name" starting at i and returns
// the index after it; a "<" not followed by a name is left plain.
func lexTagName(row []byte, i int, out []syntaxClass, inTag *bool) int {
	j := i + 1
	if j < len(row) && (row[j] == '/' || row[j] == '!' || row[j] == '?') {
		j++
	}
	k := j
	for k < len(row) && isNameByte(row[k]) {
		k++
	}
	if k == j {
		return i + 1
	}
	for x := i; x < k; x++ {
		out[x] = classTag
	}
	*inTag = true
	return k
}

// skipComment returns the index after the comment starting at i (the
// row's end when it closes on a later row).
func skipComment(row []byte, i int) int {
	if end := bytes.Index(row[i+4:], []byte("-->")); end >= 0 {
		return i + 4 + end + 3
	}
	return len(row)
}

// skipUnquoted returns the index after an unquoted attribute value
// starting at i, or i when the value is quoted (or absent).
func skipUnquoted(row []byte, i int) int {
	for i < len(row) && row[i] == ' ' {
		i++
	}
	j := i
	for j < len(row) && row[j] != ' ' && row[j] != '>' && row[j] != '"' && row[j] != '\'' {
		j++
	}
	return j
}

// skipQuoted returns the index after the quoted value starting at i (the
// row's end when it closes on a later row).
func skipQuoted(row []byte, i int) int {
	for j := i + 1; j < len(row); j++ {
		if row[j] == row[i] {
			return j + 1
		}
	}
	return len(row)
}

func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '@' || c == ':'
}

func isNameByte(c byte) bool {
	return isNameStart(c) || '0' <= c && c <= '9' || c == '-' || c == '.'
}
