package inspect

import (
	"bytes"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

func TestContributors(t *testing.T) {
	// 1,000 bytes: two data: URIs (100-400, 500-600) before a canonical at
	// 700-750, an inline script (800-900) after it, cutoff at 450.
	body := bytes.Repeat([]byte("x"), 1000)
	copy(body[100:], "data:image/png;base64,")
	copy(body[500:], "data:image/gif;base64,")
	var m scan.ByteMap
	m.Append(scan.SpanMarkup, 0, 100)
	m.Append(scan.SpanDataURI, 100, 400)
	m.Append(scan.SpanMarkup, 400, 500)
	m.Append(scan.SpanDataURI, 500, 600)
	m.Append(scan.SpanMarkup, 600, 800)
	m.Append(scan.SpanInlineScript, 800, 900)
	m.Append(scan.SpanMarkup, 900, 1000)
	crit := []scan.Critical{
		{Kind: scan.ElementTitle, Offset: 10, End: 20},
		{Kind: scan.ElementCanonical, Offset: 700, End: 750, BeyondCutoff: true},
		{Kind: scan.ElementJSONLD, Offset: 950, End: 990, BeyondCutoff: true},
	}
	got := contributors(body, &m, crit, 450)
	if len(got) != 1 {
		t.Fatalf("got %d contributors, want 1 (the script lies after the canonical): %+v", len(got), got)
	}
	c := got[0]
	tests := []struct {
		name      string
		got, want any
	}{
		{"kind", c.Kind, scan.SpanDataURI},
		{"count", c.Count, 2},
		{"bytes", c.Bytes, int64(400)},
		{"largest", c.Largest, scan.Span{Kind: scan.SpanDataURI, Offset: 100, End: 400}},
		{"target", c.Target, scan.ElementCanonical},
		{"new cutoff", *c.NewCutoff, int64(850)}, // 450 + 300 + 100: the fixed point
		{"saved", c.Saved, int64(400)},
		{"rescued", len(c.Rescued) == 1 && c.Rescued[0] == 1, true},
		// The message states the bytes only: what moving them would do is
		// the advice's to say, by simulation.
		{"message", c.Message, "Inline images as data: URIs take 400 bytes before the canonical link (byte 700)."},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

func TestContributorWholePageFits(t *testing.T) {
	var m scan.ByteMap
	m.Append(scan.SpanInlineScript, 0, 5000)
	m.Append(scan.SpanMarkup, 5000, 6000)
	c := tally(&m, 4000, 4000, 6000)[scan.SpanInlineScript]
	if c.NewCutoff != nil {
		t.Errorf("NewCutoff = %d, want nil: without the script the page is 1,000 bytes", *c.NewCutoff)
	}
	if got, want := c.Saved, int64(2000); got != want {
		t.Errorf("Saved = %d, want %d", got, want)
	}
}
