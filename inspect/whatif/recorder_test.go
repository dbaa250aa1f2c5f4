package whatif

import (
	"cmp"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// recorderBodies are pages whose elements and neutral moves the recorder
// tests compare: hand-written edge cases and the real pages of testdata.
func recorderBodies(t *testing.T) map[string][]byte {
	bodies := map[string][]byte{
		"attrs": []byte(`<html><head><title>t</title><style>a{b:url(data:image/png;base64,AAAA)}` +
			`p{x:url(<data:image/gif;base64,BBBB)}</style></head><body>` +
			`<img src="data:image/png;base64,CCCCCCCC"><a href="data:text/plain,DDDDDDDDDD">x</a>` +
			`<img src=data:image/png;base64,EEEEEEEE><div style="background:url(data:image/png;base64,FFFFFFFF)">y</div>` +
			`<svg><style>q{r:url(data:image/png;base64,GGGGGGGG)}</style><![CDATA[  a   b  ]]></svg>` +
			"<p>  words   and\n\n  more  </p><!-- c --><h1>h</h1></body></html>"),
	}
	for _, name := range []string{"nodejs-api-all.html.gz", "rust-book-print.html.gz", "trace_viewer_full.html.gz"} {
		f, err := os.Open(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(z)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		bodies[name] = body
	}
	return bodies
}

// announced is a recorder told that the body it records is of the given
// size, whatever its pass says, and may be cut: 0 (not known) or a small
// one has the log read while the pass goes on, a larger one only when
// asked.
type announced struct {
	*Recorder
	size int64
}

func (a announced) Start(int64, bool) { a.Recorder.Start(a.size, true) }

// TestRecorderListsWhatFindLists checks that the elements recorded from
// the page's own pass are the ones Find lists from a pass of its own,
// within the recorder's scope and within a smaller one, whether the log
// of the pass is read while it goes on or once asked.
func TestRecorderListsWhatFindLists(t *testing.T) {
	for name, body := range recorderBodies(t) {
		size := int64(len(body))
		for _, scope := range []int64{size, size / 3} {
			want, wantNeutral := findWithin(body, scope)
			for _, announce := range []int64{0, size, 1 << 40} {
				rec := NewRecorder(scope)
				scan.RunVisiting(body, -1, []string{"googlebot"}, nil, scan.DefaultSteps, false, announced{rec, announce})
				if aside := announce <= scope+findMargin; rec.aside != aside {
					t.Errorf("%s, scope %d, %d bytes announced: read aside %v, want %v", name, scope, announce, rec.aside, aside)
				}
				got, order, gotNeutral, ok := rec.found(body, scope)
				if !ok {
					t.Fatalf("%s: the recorder did not read the %d-byte body", name, size)
				}
				if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotNeutral, wantNeutral) {
					t.Errorf("%s, scope %d, %d bytes announced: recorded %d elements (%d neutral), Find lists %d (%d neutral)",
						name, scope, announce, len(got), len(gotNeutral), len(want), len(wantNeutral))
				}
				if want := bySaving(want); !slices.Equal(order, want) {
					t.Errorf("%s, scope %d, %d bytes announced: ranked %d elements by saving, want %d in %v", name, scope, announce, len(order), len(want), want[:min(len(want), 5)])
				}
				if _, _, _, ok := rec.found(append(body[:size:size], ' '), scope); ok {
					t.Errorf("%s: the recorder claims a body of another size", name)
				}
			}
		}
	}
}

// TestNeutralMovesChangeNothingButOffsets checks what a simulation of
// neutral moves relies on: the page's pass over the edited body finds the
// page's critical elements, shifted, and so the same result.
func TestNeutralMovesChangeNothingButOffsets(t *testing.T) {
	tokens := []string{"googlebot"}
	for name, body := range recorderBodies(t) {
		crit := scan.Run(body, -1, tokens, nil, scan.DefaultSteps, false).Critical
		sortByOffset(crit)
		size := int64(len(body))
		pg := Page{Body: body, Window: size / 2, Critical: crit, Pass: func(b []byte) []scan.Critical {
			c := scan.CriticalOnly(b, tokens, nil)
			sortByOffset(c)
			return c
		}}
		p := NewPlan(pg)
		var all []Move
		for _, e := range p.Elements {
			if p.neutral[e.Move] {
				all = append(all, e.Move)
			}
		}
		if name == "attrs" && len(all) != 3 {
			// Not the one after a '<', in href, unquoted, or in SVG.
			t.Errorf("attrs: %d neutral moves %+v, want the 3 data: URIs in <style>, src=\"\" and style=\"\"", len(all), all)
		}
		cases := [][]Move{all}
		for i := 0; i < len(all); i += max(1, len(all)/20) {
			cases = append(cases, all[i:i+1])
		}
		for _, moves := range cases {
			if len(moves) == 0 {
				continue
			}
			edited, err := Apply(body, moves)
			if err != nil {
				t.Fatal(err)
			}
			got, want := p.shiftedResult(sortedMoves(moves)), p.result(sortedMoves(moves), edited)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %d neutral moves from %d: shifted %+v, the pass gives %+v", name, len(moves), moves[0].Start, got, want)
			}
			if !strings.Contains(name, ".gz") {
				shifted := scan.CriticalOnly(edited, tokens, nil)
				if len(shifted) != len(crit) {
					t.Errorf("%s: %d critical elements after the moves, %d before", name, len(shifted), len(crit))
				}
			}
		}
	}
}

func sortByOffset(crit []scan.Critical) {
	slices.SortStableFunc(crit, func(x, y scan.Critical) int {
		return cmp.Or(cmp.Compare(x.Offset, y.Offset), cmp.Compare(x.End, y.End))
	})
}

// TestBySavingOrdersLargestFirst checks the packed ranking, and the one
// it falls back to for savings too large to pack, against the order it
// stands for: largest saving first, then document order.
func TestBySavingOrdersLargestFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	tests := []struct {
		name string
		most int64 // largest saving drawn
	}{
		{"small savings, many ties", 4},    // two bytes of key
		{"savings of a kilobyte", 1 << 10}, // three: sorted back into place
		{"page-sized savings", 4 << 20},    // four
		{"savings too large to pack", 1 << 60},
	}
	for _, tc := range tests {
		els := make([]Element, 500)
		for i := range els {
			start := int64(i) * 8
			els[i] = Element{Kind: Kind(r.IntN(int(numKinds))), Move: Move{Start: start, End: start + 1 + r.Int64N(tc.most)}}
		}
		got := bySaving(els)
		want := make([]int, len(els))
		for i := range want {
			want[i] = i
		}
		sort.SliceStable(want, func(x, y int) bool { return els[want[x]].Move.Saved() > els[want[y]].Move.Saved() })
		if !slices.Equal(got, want) {
			t.Errorf("%s: ranked %v..., want %v...", tc.name, got[:8], want[:8])
		}
	}
}

// TestWhitespaceRunsAreTheMaximalOnes checks the runs the finder moves,
// found eight bytes at a time, against the maximal runs of two or more
// white-space bytes read one byte at a time, over random text of words,
// spaces, control bytes and UTF-8.
func TestWhitespaceRunsAreTheMaximalOnes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	pieces := []string{"a", "word", "é", "\x00", "\x0b", "!", " ", "  ", "\t", "\n", "\r\n", "\f", "\x1f", "\xa0"}
	for n := range 2000 {
		var b strings.Builder
		for range r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := []byte(b.String())
		var f finder
		f.body = text
		f.whitespaceRuns(0, int64(len(text)))
		var want []Element
		for i := 0; i < len(text); {
			j, newline := i, false
			for j < len(text) && spaceByte[text[j]] {
				newline = newline || text[j] == '\n' || text[j] == '\r'
				j++
			}
			if j-i >= 2 {
				repl := " "
				if newline {
					repl = "\n"
				}
				want = append(want, Element{Kind: Whitespace, Move: Move{Start: int64(i), End: int64(j), Replacement: repl}, Parent: -1})
			}
			i = max(j, i+1)
		}
		if got := f.elements(int64(len(text))); !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
			t.Fatalf("text %d %q: runs %+v, want %+v", n, text, got, want)
		}
	}
}

// TestRecorderReadsAsideOnlyWhatMayBeCut: a body the cutoff cannot cut
// never needs advice, so its log is not read on the side.
func TestRecorderReadsAsideOnlyWhatMayBeCut(t *testing.T) {
	for _, tt := range []struct {
		mayCut bool
		aside  bool
	}{{true, true}, {false, false}} {
		r := NewRecorder(1 << 20)
		r.Start(1000, tt.mayCut)
		if r.aside != tt.aside {
			t.Errorf("may be cut %v: read aside %v, want %v", tt.mayCut, r.aside, tt.aside)
		}
		r.End(0)
	}
}
