package prose

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"text/tabwriter"
)

// tableShapes are texts for a Table, written the way the report writers
// write theirs, in ASCII, where a Table must write what text/tabwriter
// writes.
var tableShapes = []struct {
	name, text string
}{
	{"empty", ""},
	{"no tab", "a line\nanother\n"},
	{"one column", "Limit\t2,000,000 bytes\nCutoff\tnone\n"},
	{"header and rows", "  KIND\tBODY BYTES\tVALUE\n  title\tbytes 1-2\tShop\n  main\tbytes 3-40\t\n"},
	{"a line with a cell more", "Response\tHTTP/1.1 200 OK\ttext/html\nBytes\t1,234\nLimit\t2,000,000\n"},
	{"a line without a tab ends the columns", "a\tb\tc\nlonger cell\tb\nbreak\nx\ty\n"},
	{"empty cells", "\tWHOLE\tKEPT\t\n  links\t1\t0\t\n  headings\t244\t0\t\n"},
	{"trailing text without a newline", "a\tbb\ncc\td"},
	{"deeper columns in the middle", "a\tb\nc\td\te\tf\ng\th\n"},
	{"blank lines", "a\tb\n\nccc\td\n"},
	{"a tab ending the text", "a\tbb\nccc\t"},
}

func TestTableWritesWhatTabwriterWrites(t *testing.T) {
	for _, tt := range tableShapes {
		for _, align := range []Align{AlignLeft, AlignRight} {
			t.Run(fmt.Sprintf("%s/right=%v", tt.name, align), func(t *testing.T) {
				got, want := tableOutput(t, tt.text, 2, align), tabwriterOutput(t, tt.text, 2, align)
				if got != want {
					t.Errorf("Table wrote\n%q\ntext/tabwriter writes\n%q", got, want)
				}
			})
		}
	}
}

// FuzzTableMatchesTabwriter checks any ASCII text: where every character
// takes one column, a Table and text/tabwriter write the same bytes.
func FuzzTableMatchesTabwriter(f *testing.F) {
	for _, tt := range tableShapes {
		f.Add(tt.text, uint8(2), false)
	}
	f.Fuzz(func(t *testing.T, text string, gap uint8, right bool) {
		for _, r := range text {
			if r != '\t' && r != '\n' && (r < ' ' || r > '~') {
				t.Skip("text/tabwriter counts runes, a Table columns: they agree on printable ASCII only")
			}
		}
		g := int(gap % 8)
		if got, want := tableOutput(t, text, g, Align(right)), tabwriterOutput(t, text, g, Align(right)); got != want {
			t.Errorf("Table(%q) wrote\n%q\ntext/tabwriter writes\n%q", text, got, want)
		}
	})
}

func tableOutput(t *testing.T, text string, gap int, align Align) string {
	t.Helper()
	var b strings.Builder
	tw := NewTable(&b, gap, align)
	if _, err := tw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func tabwriterOutput(t *testing.T, text string, gap int, align Align) string {
	t.Helper()
	var b strings.Builder
	flags := uint(0)
	if align == AlignRight {
		flags = tabwriter.AlignRight
	}
	tw := tabwriter.NewWriter(&b, 0, 4, gap, ' ', flags)
	if _, err := tw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestTableAlignsByDisplayWidth(t *testing.T) {
	tests := []struct {
		name  string
		align Align
		text  string
		want  string
	}{
		{"Japanese header over ASCII rows", AlignLeft,
			"  種類\t本文のバイト\t値\n  title\tバイト 132–215\tShop\n  meta-description\tbytes 217\t\n",
			"  種類              本文のバイト    値\n" +
				"  title             バイト 132–215  Shop\n" +
				"  meta-description  bytes 217       \n"},
		{"right-aligned Japanese names", AlignRight,
			"  \tページ全体\t保持\t\n  内部リンク\t1,568\t0\t\n  hreflang リンク\t2\t0\t\n",
			"                     ページ全体  保持\n" +
				"         内部リンク       1,568     0\n" +
				"    hreflang リンク           2     0\n"},
		{"French narrow no-break spaces and a decomposed accent", AlignLeft,
			"CRE\u0301E\t1\u202f234\tx\nÉTÉ\t12\tx\n",
			"CRE\u0301E  1\u202f234  x\nÉTÉ   12     x\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tableOutput(t, tt.text, 2, tt.align); got != tt.want {
				t.Errorf("Table wrote\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// failingWriter fails every write.
type failingWriter struct{}

var errFull = errors.New("disk full")

func (failingWriter) Write([]byte) (int, error) { return 0, errFull }

func TestTableFlushReturnsTheWriterError(t *testing.T) {
	tw := NewTable(failingWriter{}, 2, AlignLeft)
	fmt.Fprintln(tw, "a\tb")
	if err := tw.Flush(); !errors.Is(err, errFull) {
		t.Errorf("Flush() = %v, want %v", err, errFull)
	}
}
