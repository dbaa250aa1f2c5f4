package app

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// commas writes n with thousands separators: 2000000 -> "2,000,000". Byte
// counts are shown exact, never rounded, because the cutoff is byte-exact.
func commas(n int64) string { return prose.Thousands(n) }

// bytesText is n as "1,234,567 bytes" (or "1 byte").
func bytesText(n int64) string { return prose.Count(n, "byte", "bytes") }

// duration is d rounded for reading: "0 ms", "12 ms", "1.25 s".
func duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 ms"
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	default:
		return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
	}
}

// shorten cuts s to at most n runes, ending with an ellipsis when cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n || n < 2 {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func itoa(n int) string { return strconv.Itoa(n) }

// shownText is b as text to show: each byte that is not valid UTF-8 becomes
// U+FFFD, and past limit bytes of b a last line says how many were left
// out. A character is never split at the limit.
func shownText(b []byte, limit int) string {
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
		s.WriteString("\n… " + bytesText(int64(len(b)-i)) + " not shown")
	}
	return s.String()
}
