package history

import (
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/internal/golden"
)

// TestDiffSentences inspects a page, changes it, inspects it again, and
// compares the sentences with golden text.
func TestDiffSentences(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		script, nextScript     int
		disallow, nextDisallow string
		verdict                bool
	}{
		{name: "grew-past-cutoff", script: 1000, nextScript: 20_000, verdict: true},
		{name: "shrank-back", script: 20_000, nextScript: 1000, verdict: true},
		{name: "robots-blocks", script: 1000, nextScript: 1000, nextDisallow: "/", verdict: true},
		{name: "near-limit", script: 1000, nextScript: 6500, verdict: true},
		{name: "grew-still-cut", script: 12_000, nextScript: 14_000, verdict: false},
		{name: "unchanged", script: 1000, nextScript: 1000, verdict: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newPageServer(t, tc.script)
			srv.set(tc.script, tc.disallow)
			older := FromReport(mustInspect(t, srv.URL+"/"))
			srv.set(tc.nextScript, tc.nextDisallow)
			newer := FromReport(mustInspect(t, srv.URL+"/"))
			older.Time = time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
			newer.Time = time.Date(2026, 12, 3, 7, 0, 0, 0, time.UTC)
			d := Compare(older, newer)
			if d.VerdictChanged() != tc.verdict {
				t.Errorf("VerdictChanged %v, want %v", d.VerdictChanged(), tc.verdict)
			}
			golden.Check(t, "diff/"+tc.name+".txt", []byte(strings.Join(d.Sentences(), "\n")+"\n"))
		})
	}
}

// TestCompareMatchesByRank: elements pair by kind and rank; one new past
// the cutoff counts as crossed, one gone counts as nothing.
func TestCompareMatchesByRank(t *testing.T) {
	cut := int64(100)
	older := Inspection{LimitBytes: 1000, CutoffOffset: &cut, Critical: []Element{
		{Kind: "hreflang", Name: "en", Offset: 10}, {Kind: "hreflang", Name: "de", Offset: 150, BeyondCutoff: true},
		{Kind: "title", Offset: 5}}}
	newer := Inspection{LimitBytes: 1000, CutoffOffset: &cut, Critical: []Element{
		{Kind: "hreflang", Name: "en", Offset: 10}, {Kind: "hreflang", Name: "de", Offset: 50},
		{Kind: "json-ld", Value: "Product", Offset: 120, BeyondCutoff: true}}}
	d := Compare(older, newer)
	if len(d.Recovered) != 1 || d.Recovered[0].Name != "de" {
		t.Errorf("recovered %+v, want the second hreflang link", d.Recovered)
	}
	if len(d.Crossed) != 1 || d.Crossed[0].Kind != "json-ld" {
		t.Errorf("crossed %+v, want the new JSON-LD block past the cutoff", d.Crossed)
	}
	want := "Since 0001-01-01 00:00 UTC the page kept its size of 0 bytes; the Product JSON-LD block (byte 120) is now behind the cutoff."
	if got := d.Sentences()[0]; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestSinceSameDay(t *testing.T) {
	a := time.Date(2026, 12, 3, 7, 5, 0, 0, time.UTC)
	if got := since(a, a.Add(time.Hour)); got != "2026-12-03 07:05 UTC" {
		t.Errorf("since on the same day: %q", got)
	}
}
