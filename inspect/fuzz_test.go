package inspect

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fmt"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// fuzzSeeds are the pages of the table tests.
func fuzzSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	for _, tt := range criticalTests {
		seeds = append(seeds, []byte(tt.html))
	}
	for _, tt := range openAtCutoffTests {
		seeds = append(seeds, []byte(strings.Replace(tt.html, "|", "", 1)))
	}
	for _, tt := range findingTests {
		seeds = append(seeds, []byte(tt.html))
	}
	pages, err := filepath.Glob(filepath.Join("testdata", "pages", "*.html"))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	return seeds
}

// fuzzInput cuts body at cut and bin (taken modulo its length), as a
// decimal and a binary reading.
func fuzzInput(body []byte, cut, bin uint32) Input {
	in := Input{Body: body, Tokens: []string{"googlebot"}, Limit: 1000, BinaryLimit: 1024}
	if len(body) > 0 {
		c := int64(cut) % int64(len(body)+1)
		b := c + int64(bin)%int64(len(body)+1-int(c))
		in.Cutoff, in.BinaryCutoff = &c, &b
	}
	return in
}

// FuzzByteMap checks that the byte map covers any body exactly, without
// gaps or overlaps, whether raw text is stepped over or not, and that
// nothing panics.
func FuzzByteMap(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		f.Add(s, uint32(i*37), uint32(i))
	}
	f.Fuzz(func(t *testing.T, body []byte, cut, bin uint32) {
		a := Analyze(fuzzInput(body, cut, bin))
		if err := scan.CheckSpans(a.ByteMap.Spans(), int64(len(body))); err != nil {
			t.Fatal(err)
		}
		// Stepping over raw text and tags instead of tokenizing them
		// changes nothing, in the byte map or anywhere else.
		tokenized := analyze(fuzzInput(body, cut, bin), scan.StepNone, nil)
		for _, steps := range []scan.Steps{scan.DefaultSteps, scan.StepAll} {
			stepped := analyze(fuzzInput(body, cut, bin), steps, nil)
			if got, want := fmt.Sprint(stepped.ByteMap.Spans()), fmt.Sprint(tokenized.ByteMap.Spans()); got != want {
				t.Fatalf("byte map when stepping over tokens from %+v bytes:\n got %s\nwant %s", steps, got, want)
			}
			got, _ := json.Marshal(stepped)
			want, _ := json.Marshal(tokenized)
			if !bytes.Equal(got, want) {
				t.Fatalf("analysis when stepping over tokens from %+v bytes:\n got %s\nwant %s", steps, got, want)
			}
		}
		var sum int64
		for _, n := range a.Composition {
			sum += n
		}
		if sum != int64(len(body)) {
			t.Fatalf("composition sums to %d, body has %d bytes", sum, len(body))
		}
	})
}

// FuzzCritical checks that critical elements, directives and findings stay
// within the body, and that the kept side of the impact is what analysing
// the kept prefix on its own finds.
func FuzzCritical(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		f.Add(s, uint32(i*53), uint32(i*7))
	}
	f.Fuzz(func(t *testing.T, body []byte, cut, bin uint32) {
		in := fuzzInput(body, cut, bin)
		a := Analyze(in)
		n := int64(len(body))
		for _, c := range a.Critical {
			if c.Offset < 0 || c.Offset > c.End || c.End > n {
				t.Fatalf("%s at %d-%d outside a %d-byte body", c.Kind, c.Offset, c.End, n)
			}
			if in.Cutoff != nil && c.BeyondCutoff != (c.End > *in.Cutoff) {
				t.Fatalf("%s at %d-%d: beyond_cutoff %v with cutoff %d", c.Kind, c.Offset, c.End, c.BeyondCutoff, *in.Cutoff)
			}
		}
		for _, d := range a.Directives.All {
			if d.Offset != nil && (*d.Offset < 0 || *d.Offset > n) {
				t.Fatalf("directive %s at %d outside the body", d.Rule, *d.Offset)
			}
		}
		for _, fd := range a.Findings {
			if fd.Offset != nil && (*fd.Offset < 0 || *fd.Offset > n) {
				t.Fatalf("finding %s at %d outside the body", fd.Code, *fd.Offset)
			}
		}
		if in.Cutoff == nil {
			return
		}
		kept := Analyze(Input{Body: body[:*in.Cutoff], Tokens: in.Tokens})
		im := a.Impact
		if got, want := im.Canonical.Kept, scan.CountKind(kept.Critical, scan.ElementCanonical) > 0; got != want {
			t.Fatalf("impact says canonical kept %v, the prefix alone says %v", got, want)
		}
		if got, want := im.Hreflang.Kept, scan.CountKind(kept.Critical, scan.ElementHreflang); got != want {
			t.Fatalf("impact says %d hreflang kept, the prefix alone has %d", got, want)
		}
	})
}
