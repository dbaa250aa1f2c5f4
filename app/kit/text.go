package kit

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// Commas writes n with thousands separators: 2000000 -> "2,000,000". Byte
// counts are shown exact, never rounded, because the cutoff is byte-exact.
func Commas(n int64) string { return prose.Thousands(n) }

// BytesText is n as "1,234,567 bytes" (or "1 byte").
func BytesText(n int64) string { return prose.Count(n, "byte", "bytes") }

// Duration is d rounded for reading: "0 ms", "12 ms", "1.25 s".
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 ms"
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	default:
		return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
	}
}

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
		s.WriteString("\n… " + BytesText(int64(len(b)-i)) + " not shown")
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
		return "none"
	}
	if binary > 0 && binary != limit {
		return BytesText(limit) + " (" + Commas(binary) + " if MB means MiB)"
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
