package whatif

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// Plan is a page ready for what-if simulations: its input, its analysis
// and its movable elements. It is read-only once built, so any goroutine
// may simulate from it, several at once.
type Plan struct {
	// Elements are the page's movable elements, as Find returns them.
	Elements []Element
	// Base is the analysis of the page as it is.
	Base *inspect.Analysis

	in inspect.Input
}

// NewPlan finds the movable elements of in's body. base is the page's
// analysis when the caller has it; when it is nil, Analyze runs on another
// goroutine while the elements are found. in is the input base came from,
// whose limit, header bytes, URL and robots tokens every simulation keeps.
func NewPlan(in inspect.Input, base *inspect.Analysis) *Plan {
	if base != nil {
		return &Plan{Elements: Find(in.Body), Base: base, in: in}
	}
	analysed := make(chan *inspect.Analysis, 1)
	go func() { analysed <- inspect.Analyze(in) }()
	els := Find(in.Body)
	return &Plan{Elements: els, Base: <-analysed, in: in}
}

// Result is what an analysis predicts for the crawler, in the terms advice
// states: JSON advice[].result.
type Result struct {
	// BodyBytes is the body's length in bytes.
	BodyBytes int64 `json:"body_bytes"`
	// CutoffOffset is the body offset where the crawler stops, nil when
	// nothing is cut.
	CutoffOffset *int64 `json:"cutoff_offset"`
	// Kept lists the critical element kinds (scan.ElementTitle, ...)
	// of which the crawler gets every element, Lost the ones of which it
	// misses at least one, each in document order of its first element.
	// Duplicates and robots meta tags for other crawlers do not count.
	Kept []string `json:"kept"`
	Lost []string `json:"lost"`
}

// ResultOf summarises an analysis as a Result.
func ResultOf(a *inspect.Analysis) Result {
	r := Result{BodyBytes: a.BodyBytes, CutoffOffset: a.CutoffOffset, Kept: []string{}, Lost: []string{}}
	lost := map[string]bool{}
	var order []string
	for i := range a.Critical {
		c := &a.Critical[i]
		if !counts(c) {
			continue
		}
		if _, seen := lost[c.Kind]; !seen {
			order = append(order, c.Kind)
		}
		lost[c.Kind] = lost[c.Kind] || c.BeyondCutoff
	}
	for _, k := range order {
		if lost[k] {
			r.Lost = append(r.Lost, k)
		} else {
			r.Kept = append(r.Kept, k)
		}
	}
	return r
}

// counts reports whether c decides whether its kind is kept: a duplicate
// (the first title, description and canonical are the ones used) and a
// robots meta tag addressed to another crawler do not.
func counts(c *scan.Critical) bool {
	return !c.HasFlag(scan.FlagDuplicate) && !c.HasFlag(scan.FlagOtherCrawler)
}

// Simulation is a page after some moves: the edited body and what the
// analysis makes of it.
type Simulation struct {
	// Moves are the moves applied, sorted by start.
	Moves []Move
	// Body is the edited body: the patched page a developer can diff.
	Body []byte
	// Analysis is inspect.Analyze's analysis of Body, for the simulated
	// ruler, cutoff and critical elements.
	Analysis *inspect.Analysis
	// Result summarises Analysis.
	Result Result
}

// Select returns the indexes of the elements of the given kinds, leaving
// out the ones held by an element of those kinds (its move takes them
// along).
func (p *Plan) Select(kinds Kinds) []int {
	var sel []int
	for i, e := range p.Elements {
		if kinds.Has(e.Kind) && !p.heldBy(e, kinds) {
			sel = append(sel, i)
		}
	}
	return sel
}

// heldBy reports whether an element holding e is of one of the kinds.
func (p *Plan) heldBy(e Element, kinds Kinds) bool {
	for q := e.Parent; q >= 0; q = p.Elements[q].Parent {
		if kinds.Has(p.Elements[q].Kind) {
			return true
		}
	}
	return false
}

// Moves returns the moves of the selected elements (indexes into
// Elements, in any order, repeats allowed), sorted by start; an element
// whose parent is selected is left out, as the parent's move takes it
// along. An index out of range is an error.
func (p *Plan) Moves(selected []int) ([]Move, error) {
	on := make([]bool, len(p.Elements))
	for _, i := range selected {
		if i < 0 || i >= len(p.Elements) {
			return nil, fmt.Errorf("whatif: element %d out of range (%d elements)", i, len(p.Elements))
		}
		on[i] = true
	}
	var moves []Move
	for i, e := range p.Elements {
		if on[i] && !p.ancestorOn(e, on) {
			moves = append(moves, e.Move)
		}
	}
	return moves, nil
}

// ancestorOn reports whether an element holding e is selected.
func (p *Plan) ancestorOn(e Element, on []bool) bool {
	for q := e.Parent; q >= 0; q = p.Elements[q].Parent {
		if on[q] {
			return true
		}
	}
	return false
}

// Simulate applies the selected elements' moves (see Moves) to the body
// and analyses the edited body as the crawler would read it: the same
// input, with the cutoff recomputed from the limit and the header bytes.
func (p *Plan) Simulate(selected []int) (*Simulation, error) {
	moves, err := p.Moves(selected)
	if err != nil {
		return nil, err
	}
	return p.SimulateMoves(moves)
}

// SimulateMoves applies moves, which need not come from Elements, to the
// body and analyses the result as Simulate does.
func (p *Plan) SimulateMoves(moves []Move) (*Simulation, error) {
	body, err := Apply(p.in.Body, moves)
	if err != nil {
		return nil, err
	}
	a := inspect.Analyze(p.input(body))
	moves = slices.Clone(moves)
	slices.SortFunc(moves, func(x, y Move) int { return cmp.Compare(x.Start, y.Start) })
	return &Simulation{Moves: moves, Body: body, Analysis: a, Result: ResultOf(a)}, nil
}

// input is the page's input with body in place of its own.
func (p *Plan) input(body []byte) inspect.Input {
	in := p.in
	in.Body = body
	in.Cutoff = cutoff(p.window(), int64(len(body)), in.Incomplete)
	in.BinaryCutoff = cutoff(p.binaryWindow(), int64(len(body)), in.Incomplete)
	return in
}

// window is how many body bytes the crawler reads: the limit less the
// counted header bytes, or the input's cutoff when no limit is given; -1
// when neither is known (nothing is ever cut).
func (p *Plan) window() int64 { return windowOf(p.in.Limit, p.in.HeaderBytes, p.in.Cutoff) }

// binaryWindow is window under the binary reading of an MB limit.
func (p *Plan) binaryWindow() int64 {
	return windowOf(p.in.BinaryLimit, p.in.HeaderBytes, p.in.BinaryCutoff)
}

func windowOf(limit, header int64, cut *int64) int64 {
	switch {
	case limit > 0:
		return max(limit-header, 0)
	case cut != nil:
		return *cut
	}
	return -1
}

// cutoff is where a window of w bytes cuts a body of size bytes, nil when
// it holds the body. A body read only in part is longer than size, as the
// fetcher counts it.
func cutoff(w, size int64, incomplete bool) *int64 {
	if incomplete {
		size++
	}
	if w < 0 || size <= w {
		return nil
	}
	return &w
}
