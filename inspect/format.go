package inspect

import (
	"html"
	"strings"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// cleanValue turns raw page bytes into a value fit for a report: at most
// maxValue bytes read, character references decoded when unescape is set,
// white space collapsed, invalid UTF-8 replaced.
func cleanValue(raw []byte, unescape bool) string {
	cut := len(raw) > maxValue
	if cut {
		raw = raw[:maxValue]
	}
	s := string(raw)
	if unescape && strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	s = strings.Join(strings.Fields(s), " ")
	if cut {
		// Do not end on half a character.
		for i := 0; i < utf8.UTFMax-1 && len(s) > 0; i++ {
			if r, size := utf8.DecodeLastRuneInString(s); r != utf8.RuneError || size != 1 {
				break
			}
			s = s[:len(s)-1]
		}
		s += "…"
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// Bytes formats n with thousands separators: 2431007 -> "2,431,007". It is
// prose.Thousands, under the name the report's code and templates use.
func Bytes(n int64) string { return prose.Thousands(n) }

// thousands writes a count shown to people: 1353 gives "1,353".
func thousands(n int) string { return prose.Thousands(int64(n)) }

// pluralize returns "1 link" or "3 links".
func pluralize(n int, one, many string) string { return prose.Count(int64(n), one, many) }

// percentOf is prose.Percent, under the name the report's code uses.
func percentOf(part, whole int64) string { return prose.Percent(part, whole) }

// quoted shortens s for a sentence and puts it in typographic quotes.
func quoted(s string) string {
	const maxRunes = 80
	if utf8.RuneCountInString(s) > maxRunes {
		r := []rune(s)
		s = string(r[:maxRunes]) + "…"
	}
	return "“" + s + "”"
}
