package whatif

import (
	"cmp"
	"slices"
	"sort"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// Page is what the engine needs of an inspected page: its body, what the
// crawler reads of it, the critical elements the analysis found, and the
// pass that finds them in an edited body. The inspection fills it (see
// package inspect), so that every simulation runs the page's own analysis.
type Page struct {
	// Body is the decoded body, as read. It is not modified.
	Body []byte
	// Window is how many body bytes the crawler reads: its limit less the
	// counted header bytes; -1 when nothing is ever cut.
	Window int64
	// Incomplete is true when Body is not the whole body (the cap or an
	// error stopped reading): the fetcher then counts it as longer.
	Incomplete bool
	// Critical are the page's critical elements in document order, with
	// BeyondCutoff marked against Window.
	Critical []scan.Critical
	// Pass finds the critical elements of an edited body, as the analysis
	// does (BeyondCutoff is not read). It is called from several
	// goroutines at once.
	Pass func(body []byte) []scan.Critical
	// Label names a critical element kind in a sentence ("canonical
	// link"); nil names it by its kind.
	Label func(kind string) string
	// Recorded, when not nil, found the movable elements while the
	// page's pass read Body (NewRecorder); Advise then reads the body no
	// second time. Nil: Advise finds them itself.
	Recorded *Recorder
}

// Plan is a page ready for what-if simulations: the page and its movable
// elements. It is read-only once built, so any goroutine may simulate from
// it, several at once.
type Plan struct {
	// Elements are the page's movable elements, as Find returns them.
	Elements []Element
	// Scope is how many of the body's first bytes were searched for
	// Elements: the whole body for NewPlan.
	Scope int64

	page Page
	base Result
	// neutral are the moves of Elements that change no token but the one
	// they lie in, nor anything the page's pass reads of it: moved alone,
	// they shift the page's critical elements and change nothing else.
	neutral map[Move]bool
	// bySaving are the indexes of Elements as bySaving orders them, when
	// the recorder ranked them; nil: Advise ranks them.
	bySaving []int
}

// NewPlan finds the movable elements of the whole body of pg.
func NewPlan(pg Page) *Plan {
	size := int64(len(pg.Body))
	els, neutral := findWithin(pg.Body, size)
	p := planOf(pg, els, size)
	p.neutral = neutral
	return p
}

// planOf is the plan of pg whose movable elements are els, the ones that
// end within the body's first scope bytes.
func planOf(pg Page, els []Element, scope int64) *Plan {
	p := &Plan{Elements: els, Scope: scope, page: pg}
	if p.page.Label == nil {
		p.page.Label = func(kind string) string { return kind }
	}
	size := int64(len(pg.Body))
	p.base = ResultOf(size, cutoff(pg.Window, size, pg.Incomplete), pg.Critical)
	return p
}

// Base is the result of the page as it is.
func (p *Plan) Base() Result { return p.base }

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

// ResultOf summarises a body of size bytes cut at cut (nil when nothing
// is cut) whose critical elements, in document order, are crit with
// BeyondCutoff marked.
func ResultOf(size int64, cut *int64, crit []scan.Critical) Result {
	r := Result{BodyBytes: size, CutoffOffset: cut, Kept: []string{}, Lost: []string{}}
	lost := map[string]bool{}
	var order []string
	for i := range crit {
		c := &crit[i]
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
// crawler then gets.
type Simulation struct {
	// Moves are the moves applied, sorted by start.
	Moves []Move
	// Body is the edited body: the patched page a developer can diff.
	Body []byte
	// Result says what the crawler gets of Body.
	Result Result
}

// Select returns the indexes of the elements of the given kinds, leaving
// out the ones held by an element of those kinds (its move takes them
// along).
func (p *Plan) Select(kinds Kinds) []int {
	sel := make([]int, 0, len(p.Elements))
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
			return nil, errOutOfRange(i, len(p.Elements))
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
// and says what the crawler gets of the edited body.
func (p *Plan) Simulate(selected []int) (*Simulation, error) {
	moves, err := p.Moves(selected)
	if err != nil {
		return nil, err
	}
	return p.SimulateMoves(moves)
}

// SimulateMoves applies moves, which need not come from Elements, to the
// body and simulates the result as Simulate does.
func (p *Plan) SimulateMoves(moves []Move) (*Simulation, error) {
	body, err := Apply(p.page.Body, moves)
	if err != nil {
		return nil, err
	}
	moves = sortedMoves(moves)
	return &Simulation{Moves: moves, Body: body, Result: p.result(moves, body)}, nil
}

// simMargin is how far past the simulated cutoff a simulation reads the
// edited body: enough for the elements around the cutoff to be read as in
// the whole body.
const simMargin = 64 << 10

// predict simulates moves (valid for Apply) without building the whole
// edited body: only its first bytes, up to the cutoff and simMargin past
// it, are built and read; the critical elements further on are the page's
// own, moved by the bytes the moves take off before them, and lost.
func (p *Plan) predict(moves []Move) (*Simulation, error) {
	moves = sortedMoves(moves)
	var saved int64
	for _, m := range moves {
		saved += m.Saved()
	}
	size := int64(len(p.page.Body)) - saved
	if p.allNeutral(moves) {
		if _, err := applyPrefix(p.page.Body, moves, 0); err != nil {
			return nil, err // the moves are checked as Apply checks them
		}
		return &Simulation{Moves: moves, Result: p.shiftedResult(moves)}, nil
	}
	prefix, err := applyPrefix(p.page.Body, moves, p.readTo(size))
	if err != nil {
		return nil, err
	}
	return &Simulation{Moves: moves, Result: p.result(moves, prefix)}, nil
}

// allNeutral reports whether every move is a neutral one of the plan's.
func (p *Plan) allNeutral(moves []Move) bool {
	for _, m := range moves {
		if !p.neutral[m] {
			return false
		}
	}
	return len(moves) > 0
}

// shiftedResult is the result of neutral moves (sorted by start): the
// page's own critical elements, moved by the bytes the moves take off
// before them, against the edited body's cutoff. The page's pass would
// find exactly those in the edited body.
func (p *Plan) shiftedResult(moves []Move) Result {
	shift := shifter(moves)
	var saved int64
	for _, m := range moves {
		saved += m.Saved()
	}
	size := int64(len(p.page.Body)) - saved
	cut := cutoff(p.page.Window, size, p.page.Incomplete)
	crit := slices.Clone(p.page.Critical)
	for i := range crit {
		c := &crit[i]
		c.Offset, c.End = shift(c.Offset), shift(c.End)
		c.BeyondCutoff = cut != nil && c.End > *cut
	}
	return ResultOf(size, cut, crit)
}

// shifter returns the function that maps an offset of the page, outside
// the moves (sorted by start), to the edited body's.
func shifter(moves []Move) func(int64) int64 {
	ends := make([]int64, len(moves)) // moves sorted by start do not overlap: by end too
	savedBefore := make([]int64, len(moves)+1)
	for i, m := range moves {
		ends[i] = m.End
		savedBefore[i+1] = savedBefore[i] + m.Saved()
	}
	return func(off int64) int64 {
		n := sort.Search(len(ends), func(i int) bool { return ends[i] > off })
		return off - savedBefore[n]
	}
}

// readTo is how much of an edited body of size bytes a simulation reads.
func (p *Plan) readTo(size int64) int64 {
	cut := cutoff(p.page.Window, size, p.page.Incomplete)
	if cut == nil {
		return size
	}
	return min(size, *cut+simMargin)
}

// result says what the crawler gets of the body that moves (sorted by
// start) make of the page, given its first bytes (at least readTo of its
// size; the whole edited body will do).
func (p *Plan) result(moves []Move, edited []byte) Result {
	var saved int64
	for _, m := range moves {
		saved += m.Saved()
	}
	size := int64(len(p.page.Body)) - saved
	cut := cutoff(p.page.Window, size, p.page.Incomplete)
	read := p.readTo(size)
	crit := p.page.Pass(edited[:read])
	if read < size {
		crit = p.beyondRead(crit, moves, read)
	}
	if cut != nil {
		for i := range crit {
			crit[i].BeyondCutoff = crit[i].End > *cut
		}
	}
	return ResultOf(size, cut, crit)
}

// beyondRead completes the critical elements found in the first read
// bytes of an edited body with the page's own past them, shifted by the
// moves: those decide which head end and last internal link are the
// page's, so the ones the read part would give are dropped.
func (p *Plan) beyondRead(crit []scan.Critical, moves []Move, read int64) []scan.Critical {
	shift := shifter(moves)
	var later []scan.Critical
	for _, c := range p.page.Critical {
		if off := shift(c.Offset); off >= read {
			c.Offset, c.End = off, shift(c.End)
			later = append(later, c)
		}
	}
	for _, c := range later {
		if c.Kind == scan.ElementHeadEnd || c.Kind == scan.ElementLastInternalLink {
			crit = slices.DeleteFunc(crit, func(x scan.Critical) bool { return x.Kind == c.Kind })
		}
	}
	return append(crit, later...)
}

// sortedMoves returns a copy of moves sorted by start.
func sortedMoves(moves []Move) []Move {
	moves = slices.Clone(moves)
	slices.SortFunc(moves, func(x, y Move) int { return cmp.Or(cmp.Compare(x.Start, y.Start), cmp.Compare(x.End, y.End)) })
	return moves
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
