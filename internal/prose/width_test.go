package prose

import "testing"

func TestWidth(t *testing.T) {
	tests := []struct {
		name, in string
		want     int
	}{
		{"empty", "", 0},
		{"ASCII", "CRITICAL", 8},
		{"kanji and kana", "重要な要素", 10},
		{"Japanese with ASCII", "HTML の上限", 11},
		{"full-width parentheses", "（MB）", 6},
		{"half-width katakana", "ｶﾀｶﾅ", 4},
		{"Hangul syllables", "한국어", 6},
		{"Hangul in jamo", "\u1112\u1161\u11ab", 2}, // 한 decomposed
		{"é composed", "\u00e9t\u00e9", 3},
		{"é decomposed", "e\u0301te\u0301", 3},
		{"narrow no-break space", "2\u202f000\u202f000", 9},
		{"no-break space", "Constats\u00a0:", 10},
		{"zero width space and word joiner", "a\u200bb\u2060c", 3},
		{"soft hyphen is a format character", "ab\u00adc", 3},
		{"ambiguous characters count one", "… — → ×", 7},
		{"wide emoji", "😀", 2},
		{"emoji with variation selector", "\u2764\ufe0f", 1},
		{"control character, printed as '?'", "a\x1bb", 3},
		{"invalid UTF-8, printed as U+FFFD", "a\xffb", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Width(tt.in); got != tt.want {
				t.Errorf("Width(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestPad(t *testing.T) {
	tests := []struct {
		name        string
		in          string
		cols        int
		right, left string
	}{
		{"ASCII", "info", 8, "info    ", "    info"},
		{"Japanese counts two a character", "重大", 8, "重大    ", "    重大"},
		{"accent decomposed", "cre\u0301e", 6, "cre\u0301e  ", "  cre\u0301e"},
		{"narrow no-break space", "1\u202f234", 7, "1\u202f234  ", "  1\u202f234"},
		{"exactly as wide", "警告", 4, "警告", "警告"},
		{"wider is never cut", "avertissement", 8, "avertissement", "avertissement"},
		{"empty", "", 3, "   ", "   "},
		{"no room", "abc", 0, "abc", "abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PadRight(tt.in, tt.cols); got != tt.right {
				t.Errorf("PadRight(%q, %d) = %q, want %q", tt.in, tt.cols, got, tt.right)
			}
			if got := PadLeft(tt.in, tt.cols); got != tt.left {
				t.Errorf("PadLeft(%q, %d) = %q, want %q", tt.in, tt.cols, got, tt.left)
			}
		})
	}
}

func TestWidest(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want int
	}{
		{"none", nil, 0},
		{"English severities", []string{"CRITICAL", "WARNING", "INFO"}, 8},
		{"Japanese severities", []string{"重大", "警告", "情報"}, 4},
		{"mixed", []string{"未実行", "ran"}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Widest(tt.in...); got != tt.want {
				t.Errorf("Widest(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}
