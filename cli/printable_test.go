package cli

import (
	"strings"
	"testing"
)

// TestPrintableLines: text written in pieces (a character split between
// two writes, an escape sequence, a last line without its end) comes out
// with control characters as '?' and every other character whole.
func TestPrintableLines(t *testing.T) {
	var out strings.Builder
	p := &printableLines{w: &out}
	for _, piece := range []string{"https://x.test/\x1b[2J", "caf\xc3", "\xa9\n", "\x1b]52;c;cHdu\x07 last"} {
		if _, err := p.Write([]byte(piece)); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := out.String(), "https://x.test/?[2Jcafé\n"; got != want {
		t.Errorf("before Close: %q, want %q", got, want)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "https://x.test/?[2Jcafé\n?]52;c;cHdu? last"; got != want {
		t.Errorf("after Close: %q, want %q", got, want)
	}
}
