package prose

import (
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

func TestThousands(t *testing.T) {
	tests := []struct {
		in   int64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {512000, "512,000"},
		{2431007, "2,431,007"}, {1234567, "1,234,567"}, {-1234, "-1,234"}, {-1234567, "-1,234,567"}, {-12, "-12"},
		{-9223372036854775808, "-9,223,372,036,854,775,808"},
	}
	for _, tt := range tests {
		if got := Thousands(tt.in); got != tt.want {
			t.Errorf("Thousands(%d) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 lines"}, {1, "1 line"}, {2, "2 lines"}, {12000, "12,000 lines"}, {-1, "-1 lines"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, "line", "lines"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestSentence(t *testing.T) {
	tests := []struct {
		name, in, end, whole string
	}{
		{"empty", "  ", "", ""},
		{"adds a full stop", "fetch: connection refused", "fetch: connection refused.", "Fetch: connection refused."},
		{"keeps a full stop", "The host is unknown.", "The host is unknown.", "The host is unknown."},
		{"keeps a question", "is it up?", "is it up?", "Is it up?"},
		{"keeps an exclamation", " stop! ", "stop!", "Stop!"},
		{"capitalises a non-ASCII letter", "échec", "échec.", "Échec."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EndSentence(tt.in); got != tt.end {
				t.Errorf("EndSentence(%q) = %q, want %q", tt.in, got, tt.end)
			}
			if got := Sentence(tt.in); got != tt.whole {
				t.Errorf("Sentence(%q) = %q, want %q", tt.in, got, tt.whole)
			}
		})
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		part, whole int64
		want        string
	}{
		{5_009_067, 8_000_000, "63%"},  // 62.6%: to the nearest
		{1_998_000, 10_000_000, "20%"}, // 19.98% does not read 19%
		{1_999_999, 2_000_000, "99%"},  // a part never reads 100%
		{3_000_000, 2_000_000, "150%"},
		{49, 10_000, "<1%"}, // 0.49% rounds to 0: a sliver
		{2_000_000, 2_000_000, "100%"},
		{21, 2_208, "1%"}, // 0.95%
		{10, 2_208, "<1%"},
		{0, 2_208, "0%"},
		{5, 0, "0%"},
	}
	for _, tt := range tests {
		if got := Percent(tt.part, tt.whole); got != tt.want {
			t.Errorf("Percent(%d, %d) = %q, want %q", tt.part, tt.whole, got, tt.want)
		}
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct {
		name, in, line, lines string // line: Printable; lines: PrintableLines
	}{
		{"plain", "a title", "a title", "a title"},
		{"clear screen", "x\x1b[2Jy", "x?[2Jy", "x?[2Jy"},
		{"clipboard write", "\x1b]52;c;cHdu\x07", "?]52;c;cHdu?", "?]52;c;cHdu?"},
		{"C1 introducer", "a\u009b2Jb", "a?2Jb", "a?2Jb"},
		{"line breaks", "a\nb\r\n", "a?b??", "a\nb?\n"},
		{"tab and DEL", "a\tb\x7f", "a?b?", "a?b?"},
		{"non-ASCII kept", "Café ＝ 東京", "Café ＝ 東京", "Café ＝ 東京"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Printable(tt.in); got != tt.line {
				t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.line)
			}
			if got := PrintableLines(tt.in); got != tt.lines {
				t.Errorf("PrintableLines(%q) = %q, want %q", tt.in, got, tt.lines)
			}
		})
	}
}

func TestCSVCell(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "https://example.com/", "https://example.com/"},
		{"empty", "", ""},
		{"equals", "=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"},
		{"plus", "+1", "'+1"},
		{"minus", "-1", "'-1"},
		{"at", "@SUM(A1)", "'@SUM(A1)"},
		{"tab", "\t=1", "'\t=1"},
		{"carriage return", "\r=1", "'\r=1"},
		{"NUL", "\x00=1+1", "'\x00=1+1"},
		{"full-width equals", "＝1+1", "'＝1+1"},
		{"full-width plus", "＋1", "'＋1"},
		{"full-width at", "＠SUM(A1)", "'＠SUM(A1)"},
		{"equals inside", "a=b", "a=b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CSVCell(tt.in); got != tt.want {
				t.Errorf("CSVCell(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCapitalize(t *testing.T) {
	tests := []struct{ lang, in, want string }{
		{"en", "the title is lost", "The title is lost"},
		{"en", "", ""},
		{"en", "“quoted”", "“quoted”"},
		{"fr", "élément perdu", "Élément perdu"},
		{"en", "içerik", "Içerik"},
		{"tr", "içerik", "İçerik"},
		{"ja", "見出し", "見出し"},
		{"en", "http://h/page is not the canonical", "http://h/page is not the canonical"},
		{"fr", "https://exemple.fr/ renvoie 404", "https://exemple.fr/ renvoie 404"},
		{"en", "robots.txt answered 200", "robots.txt answered 200"},
		{"en", "data: URIs take 39%", "data: URIs take 39%"},
		{"en", "done.", "Done."},
	}
	for _, tt := range tests {
		prev := i18n.Use(i18n.Get(tt.lang))
		if got := Capitalize(tt.in); got != tt.want {
			t.Errorf("%s Capitalize(%q) = %q, want %q", tt.lang, tt.in, got, tt.want)
		}
		i18n.Use(prev)
	}
}
