package kit

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// columns measures text as a terminal does: a wide character two
// columns, most others one.
func columns(s string) float32 { return float32(prose.Width(s)) }

func TestBreakLines(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		width float32
		want  []string
	}{
		{"between words", "the quick brown fox", 10, []string{"the quick", "brown fox"}},
		{"fits", "short", 10, []string{"short"}},
		{"newlines kept", "a b\n\nc", 10, []string{"a b", "", "c"}},
		{"French number kept whole", "garde 2\u202f000\u202f000 octets", 12,
			[]string{"garde", "2\u202f000\u202f000", "octets"}},
		{"no-break space before a colon", "le seuil\u00a0: 2\u202f000", 9, []string{"le", "seuil\u00a0:", "2\u202f000"}},
		{"Japanese between characters", "ページはカットされます", 10, []string{"ページは", "カットされ", "ます"}},
		{"no small kana at a line's start", "カットオフ", 4, []string{"カッ", "トオ", "フ"}},
		{"no long vowel mark at a line's start", "アページ", 4, []string{"ア", "ペー", "ジ"}},
		{"no full stop at a line's start", "です。です。", 4, []string{"で", "す。", "で", "す。"}},
		{"no opening bracket at a line's end", "ああ「いい」", 6, []string{"ああ", "「い", "い」"}},
		{"no opening bracket at a line's end, tight", "あ「い", 4, []string{"あ", "「い"}},
		{"Latin inside Japanese", "上限は 2 MB です", 8, []string{"上限は 2", "MB です"}},
		{"a long URL cut between characters", "see https://example.com/a/very/long/path", 10,
			[]string{"see", "https://ex", "ample.com/", "a/very/lon", "g/path"}},
		{"indentation at the start kept", "  indented text", 20, []string{"  indented text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := BreakLines(tt.text, tt.width, columns)
			if !slices.Equal(got, tt.want) {
				t.Errorf("BreakLines(%q, %v) = %q, want %q", tt.text, tt.width, got, tt.want)
			}
		})
	}
}

// TestBreakLinesKeepsTheRules breaks real sentences of every kind at many
// widths: no line is wider than the width unless it is one character; at
// widths where every piece between break opportunities fits, no line
// starts with a mark that may not start one and no number is split at its
// narrow no-break space; and the lines joined again give the text with
// only breaking spaces dropped.
func TestBreakLinesKeepsTheRules(t *testing.T) {
	texts := []string{
		"ボディの 1,998,000–2,001,511 バイト（3,512 バイト）にある JSON-LD ブロック（Organization）は、Googlebot Smartphone のカットオフで切り取られます。",
		"La page fait 2\u202f600\u202f140 octets (140 d’en-tête et 2\u202f600\u202f000 de corps), au-delà de la limite de 2\u202f000\u202f000 octets de Googlebot Smartphone.",
		"Sayfa 2.600.140 bayt (140 üst bilgi, 2.600.000 gövde); Googlebot Smartphone'un 2.000.000 baytlık sınırının ötesinde.",
	}
	for _, text := range texts {
		var widest float32
		for _, p := range pieces(text) {
			widest = max(widest, columns(p.text))
		}
		for width := float32(4); width <= 60; width += 3 {
			lines := BreakLines(text, width, columns)
			for _, l := range lines {
				if columns(l) > width && utf8.RuneCountInString(l) > 1 {
					t.Errorf("width %v: line %q is %v wide", width, l, columns(l))
				}
				if width < widest {
					continue // pieces too wide are cut anywhere
				}
				if r, _ := utf8.DecodeRuneInString(l); strings.ContainsRune(noLineStart, r) {
					t.Errorf("width %v: line %q starts with %q", width, l, r)
				}
				if strings.HasPrefix(l, "\u202f") || strings.HasSuffix(l, "\u202f") {
					t.Errorf("width %v: a number is split at line %q", width, l)
				}
			}
			if joined, want := strings.Join(lines, ""), strings.ReplaceAll(text, " ", ""); strings.ReplaceAll(joined, " ", "") != want {
				t.Errorf("width %v: the lines %q are not the text", width, lines)
			}
		}
	}
}
