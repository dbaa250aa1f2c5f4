// Package prose writes numbers and messages the way every part of Cutoff
// shows them: exact counts with thousands separators, a noun agreeing with
// its count, an error message as one sentence, and text lined up in
// columns for a terminal (Width, PadRight, Table), measured in the columns
// a terminal gives each character. Numbers follow the language in use
// (internal/i18n); it imports nothing else of Cutoff's, so that fetch,
// inspect and its engines, cli and app all share it.
package prose

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Thousands writes n with the separator the language in use puts between
// groups of three digits: 2431007 gives "2,431,007" in English,
// "2.431.007" in Italian. Byte counts are shown exact, never rounded,
// because the cutoff is byte-exact.
func Thousands(n int64) string { return i18n.Current().Int(n) }

// Count writes n and the word that agrees with it: one for exactly 1,
// many otherwise ("1 line", "2,000 lines", "0 lines").
func Count(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
}

// Percent writes part/whole as a whole percentage rounded to the nearest,
// so that it never understates by most of a point (19.98% is "20%"), with
// two exceptions that keep it true: "<1%" for a sliver that is not nothing,
// and "99%" for a part that is not the whole ("100%" only for all of it).
// "0%" for nothing or an empty whole.
func Percent(part, whole int64) string {
	return i18n.Current().Percent(percentDigits(part, whole))
}

// percentDigits is Percent's number, without the percent sign.
func percentDigits(part, whole int64) string {
	if whole <= 0 || part <= 0 {
		return "0"
	}
	p := (part*200 + whole) / (2 * whole)
	switch {
	case p == 0:
		return "<1"
	case p >= 100 && part < whole:
		p = 99
	}
	return strconv.FormatInt(p, 10)
}

// EndSentence trims msg and ends it with a full stop unless it already ends
// in one, a question mark or an exclamation mark (their Japanese full-width
// forms too). The full stop is the language's: "。" in Japanese, after a
// message that does not end in Latin text's ".". The command line uses it
// after its "cutoff: " prefix; an empty msg stays empty.
func EndSentence(msg string) string {
	msg = strings.TrimSpace(msg)
	if msg == "" || strings.HasSuffix(msg, ".") || strings.HasSuffix(msg, "?") || strings.HasSuffix(msg, "!") ||
		strings.HasSuffix(msg, "。") || strings.HasSuffix(msg, "？") || strings.HasSuffix(msg, "！") {
		return msg
	}
	if i18n.Current().Code() == "ja" {
		return msg + "。"
	}
	return msg + "."
}

// Sentence turns msg, typically an error message, into a sentence that
// stands alone: EndSentence with a capital first letter.
func Sentence(msg string) string { return Capitalize(EndSentence(msg)) }

// YesNo is b as a table cell or a field says it, in the language in use:
// "yes" or "no".
func YesNo(b bool) string {
	if b {
		return i18n.T("common.yes")
	}
	return i18n.T("common.no")
}

// Capitalize gives s a capital first letter, whatever its script, the
// Turkish way when the language in use is Turkish (i becomes İ): "the
// title is lost" gives "The title is lost", "élément" "Élément". A
// sentence that starts with a URL, a code or an element written as it is
// ("https://…", "data:", "robots.txt", "<h1>") is left as it is: its first
// word is not a word of the language.
func Capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || r == utf8.RuneError || writtenAsIs(s) {
		return s
	}
	first := s[:size]
	up := i18n.Current().Upper(first)
	if up == first {
		return s
	}
	return up + s[size:]
}

// writtenAsIs reports whether the first word of s is a URL, a file name
// or a code: "data:", or a word holding a colon, a dot or a slash before
// its end.
func writtenAsIs(s string) bool {
	word, _, _ := strings.Cut(s, " ")
	if word == "data:" {
		return true
	}
	word = strings.TrimRight(word, ".,;:!?)")
	return strings.ContainsAny(word, ":/.")
}

// Printable replaces control characters with '?', so that a hostile URL,
// rule, page or header cannot drive the terminal a report is printed on.
func Printable(s string) string { return printable(s, false) }

// PrintableLines is Printable for a whole report: it keeps the line
// breaks and replaces every other control character, an escape sequence's
// ESC and C1 introducers included, with '?'.
func PrintableLines(s string) string { return printable(s, true) }

func printable(s string, keepNewlines bool) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' && keepNewlines {
			return r
		}
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return '?'
		}
		return r
	}, s)
}

// CSVCell keeps a spreadsheet from reading untrusted text as a formula: a
// cell starting with =, +, -, @, a tab, a carriage return, NUL or the
// full-width ＝ ＋ － ＠ (which some spreadsheets read as their ASCII
// forms) gets a leading apostrophe, which spreadsheets show as text.
func CSVCell(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	if s != "" && strings.ContainsRune("=+-@\t\r\x00＝＋－＠", r) {
		return "'" + s
	}
	return s
}
