package kit

import (
	"strings"
	"unicode"
)

// BreakLines cuts text into lines no wider than width, as measure measures
// a piece of text, breaking where the languages Cutoff speaks break lines:
//
//   - at a space, which is dropped there; never at a no-break space
//     (U+00A0, U+202F, U+2007), so French "2 000 000 octets" keeps its
//     number whole;
//   - between two CJK characters, or a CJK character and another one,
//     since Japanese has no spaces; but never before closing punctuation,
//     small kana and the long vowel mark (、。」ッー …), nor after opening
//     punctuation (「（ …);
//   - at every newline of text.
//
// A piece with no opportunity that is wider than width on its own (a long
// URL) is cut between characters, as wide as fits. measure must measure
// "" as 0 and grow with the text; the widths of the pieces between
// opportunities are added, so kerning across them is ignored.
func BreakLines(text string, width float32, measure func(string) float32) []string {
	var lines []string
	for para := range strings.SplitSeq(text, "\n") {
		lines = append(lines, breakParagraph(para, width, measure)...)
	}
	return lines
}

// piece is text between two break opportunities: its words, then the
// breakable spaces after them (dropped when the line breaks there).
type piece struct {
	text   string
	spaces string
}

// breakParagraph is BreakLines for text without newlines.
func breakParagraph(text string, width float32, measure func(string) float32) []string {
	if text == "" || width <= 0 {
		return []string{text}
	}
	var lines []string
	var line strings.Builder
	var lineW float32    // the line's width, its pending spaces left out
	var pending string   // the spaces after the line's last piece
	var pendingW float32 // their width
	flush := func() {
		lines = append(lines, line.String())
		line.Reset()
		lineW, pending, pendingW = 0, "", 0
	}
	for _, p := range pieces(text) {
		w := measure(p.text)
		if line.Len() > 0 && lineW+pendingW+w > width {
			flush()
		}
		if line.Len() == 0 && w > width {
			// Too wide on its own: as many characters as fit per line.
			rest := p.text
			for rest != "" {
				n := fitting(rest, width, measure)
				if n == len(rest) {
					break
				}
				lines = append(lines, rest[:n])
				rest = rest[n:]
			}
			p.text, w = rest, measure(rest)
		}
		line.WriteString(pending)
		line.WriteString(p.text)
		lineW += pendingW + w
		pending, pendingW = p.spaces, measure(p.spaces)
	}
	flush()
	return lines
}

// fitting is the length in bytes of the longest prefix of s, at least one
// character, no wider than width.
func fitting(s string, width float32, measure func(string) float32) int {
	var ends []int // where each character ends
	for i := range s {
		if i > 0 {
			ends = append(ends, i)
		}
	}
	ends = append(ends, len(s))
	lo, hi := 0, len(ends)-1 // ends[lo] is kept; past hi nothing fits
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if measure(s[:ends[mid]]) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return ends[lo]
}

// pieces cuts text at its break opportunities.
func pieces(text string) []piece {
	var out []piece
	start := 0 // of the current piece
	var prev rune
	for i, r := range text {
		if i > start && !breakingSpace(r) && (breakingSpace(prev) || breakBetween(prev, r)) {
			word, spaces := splitSpaces(text[start:i])
			out = append(out, piece{word, spaces})
			start = i
		}
		prev = r
	}
	if start < len(text) {
		word, spaces := splitSpaces(text[start:])
		out = append(out, piece{word, spaces})
	}
	return out
}

// splitSpaces parts s into its text and the breaking spaces that end it.
func splitSpaces(s string) (string, string) {
	end := strings.TrimRightFunc(s, breakingSpace)
	return end, s[len(end):]
}

// breakingSpace reports whether a line may break at r: a space that is
// not a no-break space.
func breakingSpace(r rune) bool {
	switch r {
	case '\u00a0', '\u202f', '\u2007', '\u2060', '\ufeff':
		return false
	}
	return unicode.IsSpace(r)
}

// breakBetween reports whether a line may break between a and b, neither
// a space: one of them is CJK, b may start a line and a may end one.
func breakBetween(a, b rune) bool {
	if !cjk(a) && !cjk(b) {
		return false
	}
	return !strings.ContainsRune(noLineStart, b) && !strings.ContainsRune(noLineEnd, a)
}

// cjk reports whether r is written without spaces between words: Han,
// kana, Hangul, and the CJK and fullwidth punctuation among them.
func cjk(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303f) || // CJK symbols and punctuation
		(r >= 0xff00 && r <= 0xffef) || // halfwidth and fullwidth forms
		r == 'ー' || r == '・'
}

// The characters a line may not start with (closing punctuation, small
// kana, the long vowel mark, iteration marks) and may not end with
// (opening punctuation): the strict set of Japanese line breaking rules
// (JIS X 4051, kinsoku), with the ASCII marks that follow the same rules
// in mixed text.
const (
	noLineStart = "、。，．・：；？！゛゜ヽヾゝゞ々〻ー‐゠–〜～…‥" +
		"）］｝〕〉》」』】〙〗〟’”｠»" +
		"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ" +
		")]},.:;!?%"
	noLineEnd = "（［｛〔〈《「『【〘〖〝‘“｟«([{"
)
