package inspect

import (
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Bytes formats n with thousands separators: 2431007 -> "2,431,007". It is
// prose.Thousands, under the name the report's code and templates use.
func Bytes(n int64) string { return prose.Thousands(n) }

// thousands writes a count shown to people: 1353 gives "1,353".
func thousands(n int) string { return prose.Thousands(int64(n)) }

// percentOf is prose.Percent, under the name the report's code uses.
func percentOf(part, whole int64) string { return prose.Percent(part, whole) }

// quoted shortens s for a sentence and puts it in typographic quotes.
func quoted(s string) string {
	const maxRunes = 80
	if utf8.RuneCountInString(s) > maxRunes {
		r := []rune(s)
		s = string(r[:maxRunes]) + "…"
	}
	return i18n.Quote(s)
}
