package whatif_test

import (
	"compress/gzip"
	. "github.com/cutoffapp/cutoff/inspect/whatif"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
)

// realPages are the saved pages in testdata (see its README).
var realPages = []string{"trace_viewer_full.html.gz", "nodejs-api-all.html.gz", "rust-book-print.html.gz"}

// pagesToTest is realPages, less the 8 MB one under -short.
func pagesToTest() []string {
	if testing.Short() {
		return []string{realPages[0], realPages[2]}
	}
	return realPages
}

func loadPage(t testing.TB, name string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// withWindow is the input of body for a crawler that reads w body bytes.
func withWindow(body []byte, w int64) inspect.Input {
	in := inspect.Input{Body: body, Limit: w, Crawler: "Googlebot", Tokens: []string{"googlebot"}}
	if int64(len(body)) > w {
		in.Cutoff = &w
	}
	return in
}

// TestRealPagesMoves applies every element of one kind to each real page:
// the edited page then has none of that kind left to move, and its
// simulation is the analysis of the edited bytes.
func TestRealPagesMoves(t *testing.T) {
	for _, name := range pagesToTest() {
		body := loadPage(t, name)
		p := newPlan(withWindow(body, 2_000_000), nil)
		for _, k := range AllKinds.List() {
			t.Run(name+"/"+k.String(), func(t *testing.T) {
				sel := p.Select(KindsOf(k))
				sim, err := p.Simulate(sel)
				if err != nil {
					t.Fatal(err)
				}
				// Asset numbers restart in the edited page, so an element
				// that saved nothing under a 3-digit number may save a byte
				// or two under a 1-digit one.
				if left := countKind(Find(sim.Body), k, 3); left > 0 {
					t.Errorf("after moving %d elements, %d are left to move", len(sel), left)
				}
				want := resultOf(inspect.Analyze(withWindow(sim.Body, 2_000_000)))
				if show(sim.Result) != show(want) {
					t.Errorf("simulation %s, analysis of the edited body %s", show(sim.Result), show(want))
				}
				if saved := int64(len(body) - len(sim.Body)); saved != savedBy(p, sel) {
					t.Errorf("the body lost %d bytes, the moves save %d", saved, savedBy(p, sel))
				}
			})
		}
	}
}

// countKind counts the elements of kind k that save more than small bytes.
func countKind(els []Element, k Kind, small int64) int {
	n := 0
	for _, e := range els {
		if e.Kind == k && e.Move.Saved() > small {
			n++
		}
	}
	return n
}

func savedBy(p *Plan, sel []int) int64 {
	var s int64
	for _, i := range sel {
		s += p.Elements[i].Move.Saved()
	}
	return s
}

// TestRealPagesAdvice puts each critical element of each real page past
// the cutoff by half the bytes that moves before it could save, so that
// moving them can keep it: the advice must keep it, and hold its contract.
// The real limit, 2,000,000 bytes, is tried too.
func TestRealPagesAdvice(t *testing.T) {
	for _, name := range pagesToTest() {
		body := loadPage(t, name)
		in := withWindow(body, 2_000_000)
		base := inspect.Analyze(in)
		p := newPlan(in, base)
		t.Run(name+"/2MB", func(t *testing.T) {
			checkContract(t, in, base, p.Advise(AllKinds))
			checkContract(t, in, base, base.Advice)
		})
		all := p.Select(AllKinds)
		for _, c := range base.Critical {
			if !countsFor(&c) || countKindIn(base, c.Kind) != 1 {
				continue
			}
			var avail int64
			for _, i := range all {
				if m := p.Elements[i].Move; m.End <= c.End {
					avail += m.Saved()
				}
			}
			if avail < 2 {
				continue
			}
			w := c.End - avail/2
			t.Run(name+"/"+c.Kind, func(t *testing.T) {
				in := withWindow(body, w)
				base := inspect.Analyze(in)
				advice := newPlan(in, base).Advise(AllKinds)
				checkContract(t, in, base, advice)
				kept := false
				for _, a := range advice {
					kept = kept || slices.Contains(a.Result.Kept, c.Kind)
				}
				if !kept {
					t.Errorf("%d bytes past a %d-byte window, %d bytes to save before it: no advice keeps the %s: %v",
						c.End-w, w, avail, c.Kind, messages(advice))
				}
				// The report's own advice looks for moves within its scope.
				checkContract(t, in, base, base.Advice)
				kept = false
				for _, a := range base.Advice {
					kept = kept || slices.Contains(a.Result.Kept, c.Kind)
				}
				if !kept && c.End <= Scope(w) {
					t.Errorf("the report's advice keeps no %s: %v", c.Kind, messages(base.Advice))
				}
			})
		}
	}
}
