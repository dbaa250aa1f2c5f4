package prose

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Width is the number of terminal columns s takes in a monospaced font:
// two for a wide or full-width character (East Asian Width W or F: kanji,
// kana, Hangul, full-width forms, most emoji), none for a mark that sits on
// the character before it or a format character (categories Mn, Me and Cf:
// the combining acute of a decomposed é, U+200B, U+2060, the emoji variation
// selector U+FE0F), one for every other character. An East Asian ambiguous
// character ("…", "—", "→") counts one, as terminals outside a CJK locale
// show it. A control character counts one too: the writers print it as '?'
// (Printable) after they have lined their columns up. Columns are what
// padding must count; bytes (len) and runes both miscount Japanese, and bytes
// miscount accented letters and French's narrow no-break space U+202F.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += runeWidth(r)
		i += size
	}
	return n
}

// runeWidth is the number of columns r takes; see Width.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case r >= 0x1160 && r <= 0x11ff:
		// Hangul medial vowels and final consonants join the initial
		// consonant before them into one syllable's two columns.
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// Widest is the Width of the widest of texts, 0 for none: the width of a
// column that must hold any of them, such as the severity words of a list
// of findings in the language in use.
func Widest(texts ...string) int {
	n := 0
	for _, t := range texts {
		n = max(n, Width(t))
	}
	return n
}

// PadRight left-aligns s in a column of cols terminal columns: s followed
// by the spaces that make its Width cols. A text already as wide or wider
// is returned whole, never cut.
func PadRight(s string, cols int) string {
	return s + strings.Repeat(" ", max(cols-Width(s), 0))
}

// PadLeft right-aligns s in a column of cols terminal columns, for
// numbers: the spaces that make its Width cols, then s. A text already as
// wide or wider is returned whole, never cut.
func PadLeft(s string, cols int) string {
	return strings.Repeat(" ", max(cols-Width(s), 0)) + s
}
