package kit

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Commas writes n with thousands separators: 2000000 -> "2,000,000". Byte
// counts are shown exact, never rounded, because the cutoff is byte-exact.
func Commas(n int64) string { return prose.Thousands(n) }

// BytesText is n as "1,234,567 bytes" (or "1 byte").
func BytesText(n int64) string { return i18n.T("common.bytes", "Count", n) }

// Duration is d rounded for reading: "0 ms", "12 ms", "1.25 s" ("1,25 s"
// in Italian).
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return i18n.T("kit.milliseconds", "N", "0")
	case d < time.Second:
		return i18n.T("kit.milliseconds", "N", strconv.FormatInt(d.Milliseconds(), 10))
	default:
		return i18n.T("kit.seconds", "N", Decimal(d.Seconds(), 2))
	}
}

// Decimal writes v with prec decimals (-1: as many as needed) and the
// language's decimal mark: 1.25, 1,25 in Italian.
func Decimal(v float64, prec int) string { return i18n.Current().Decimal(v, prec) }

// Shorten cuts s to at most n runes, ending with an ellipsis when cut.
func Shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n || n < 2 {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// Itoa is n in decimal.
func Itoa(n int) string { return strconv.Itoa(n) }

// ShownText is b as text to show: each byte that is not valid UTF-8 becomes
// U+FFFD, and past limit bytes of b a last line says how many were left
// out. A character is never split at the limit.
func ShownText(b []byte, limit int) string {
	var s strings.Builder
	s.Grow(min(len(b), limit))
	i := 0
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		if i+size > limit {
			break
		}
		if r == utf8.RuneError && size == 1 {
			s.WriteRune(utf8.RuneError)
		} else {
			s.Write(b[i : i+size])
		}
		i += size
	}
	if i < len(b) {
		s.WriteString("\n" + i18n.T("kit.not-shown", "Bytes", BytesText(int64(len(b)-i))))
	}
	return s.String()
}

// maxShownHeader bounds the header block a label shows: a label wrapping a
// megabyte takes seconds and gigabytes, and no real header is that long.
const maxShownHeader = 64 << 10

// HeaderBlockText is the raw header block, status line first, with CRLF
// shown as line breaks, bytes that are not UTF-8 as U+FFFD, and at most
// maxShownHeader bytes of it.
func HeaderBlockText(raw []byte) string {
	text := ShownText(raw, maxShownHeader)
	return strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
}

// LimitText is a limit with its binary reading when the source states it
// in MB: "2,000,000 bytes (2,097,152 if MB means MiB)".
func LimitText(limit, binary int64) string {
	if limit <= 0 {
		return i18n.T("kit.limit-none")
	}
	if binary > 0 && binary != limit {
		return i18n.T("kit.limit-binary", "Limit", BytesText(limit), "Binary", binary)
	}
	return BytesText(limit)
}

// CSVText keeps a spreadsheet from reading page text as a formula: a cell
// starting with =, +, -, @, tab or carriage return gets a leading
// apostrophe, as the report's CSV does.
func CSVText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
