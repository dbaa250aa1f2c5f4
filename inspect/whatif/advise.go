package whatif

import (
	"cmp"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// Advice is one suggestion: moves, and what the simulation of exactly
// those moves predicts. JSON advice[] in CLI.md.
type Advice struct {
	// Kind is the name of the kind moved ("styles"), or Combined when the
	// moves are of several kinds.
	Kind string `json:"kind"`
	// Message says what to move and what the crawler then gets; the
	// numbers in it are numbers of moves.
	Message string `json:"message"`
	// Moves are sorted by start.
	Moves  []Move `json:"moves"`
	Result Result `json:"result"`
	// Elements are the moved elements, as indexes into Plan.Elements, for
	// a view that ticks them.
	Elements []int `json:"-"`
}

// Combined is Advice.Kind for moves of several kinds.
const Combined = "combined"

// maxSimulations bounds the simulations one Advise runs: one per distinct
// proposal is the rule, more only where an edit changed how the page
// parses.
const maxSimulations = 12

// Advise is the advice for pg: what Plan.Advise proposes, from the
// movable elements that can matter. It returns an empty list at once when
// nothing is cut, or when no lost element can be brought back by moves:
// one that ends more than Scope(pg.Window) bytes past the cutoff (no
// moves within that scope save as much). It looks for moves in the
// body's first Scope(pg.Window) bytes only: enough for every lost element
// the window can rescue, and for a page up to twice the window to fit
// whole. Every message says when the body was longer.
func Advise(pg Page, kinds Kinds) []Advice {
	size := int64(len(pg.Body))
	if cutoff(pg.Window, size, pg.Incomplete) == nil {
		return []Advice{}
	}
	scope := min(Scope(pg.Window), size)
	if !rescuable(targets(pg.Critical, pg.Window), scope) {
		return []Advice{}
	}
	els, order, neutral, ok := pg.Recorded.found(pg.Body, scope)
	if !ok {
		els, neutral = findWithin(pg.Body, scope)
	}
	p := planOf(pg, els, scope)
	p.neutral, p.bySaving = neutral, order
	return p.Advise(kinds)
}

// Scope is how far Advise looks for moves in a body of which the crawler
// reads w bytes.
func Scope(w int64) int64 { return 2*w + simMargin }

// rescuable reports whether moves within the body's first scope bytes
// could bring back a lost kind: all its elements need at most scope bytes
// taken off before them.
func rescuable(ts []target, scope int64) bool {
	for _, t := range ts {
		if t.need[len(t.need)-1] <= scope {
			return true
		}
	}
	return false
}

// Advise proposes, for each critical element kind the crawler loses, the
// fewest moves of the given kinds that bring all of its elements back
// within the cutoff: the largest moves of one kind first (the kind that
// needs the fewest), several kinds together when no single one is enough
// (or when the simulations of every single kind's proposal disagree with
// the byte shifts). Proposals that are the same moves are stated once,
// the fewest moves first. When no proposal rescues anything, the one
// advice says what moving everything of the given kinds would still leave
// lost. Every proposal is simulated, and its message and result say what
// the simulation predicts. It returns an empty list when nothing is cut.
func (p *Plan) Advise(kinds Kinds) []Advice {
	a := &adviser{p: p, kinds: kinds, seen: map[string]bool{}, simulated: map[string]*Simulation{}, out: []Advice{}}
	w := p.page.Window
	if p.base.CutoffOffset == nil || w < 0 {
		return a.out
	}
	ts := targets(p.page.Critical, w)
	a.fitNeed = int64(len(p.page.Body)) - w
	if p.page.Incomplete {
		a.fitNeed++
	}
	a.pools()
	proposals := make([][]*proposal, len(ts))
	firsts := make([]*proposal, 0, len(ts))
	for i, t := range ts {
		proposals[i] = a.propose(t)
		if len(proposals[i]) > 0 {
			firsts = append(firsts, proposals[i][0])
		}
	}
	a.simulateAll(firsts)
	for i, t := range ts {
		for _, pr := range proposals[i] {
			if a.confirm(pr, t) {
				break
			}
		}
	}
	if len(a.out) == 0 && len(ts) > 0 {
		a.everything()
	}
	// The smallest fix first: each next one keeps more.
	slices.SortStableFunc(a.out, func(x, y Advice) int { return cmp.Compare(len(x.Moves), len(y.Moves)) })
	return a.out
}

// target is a critical element kind the crawler loses, with what its lost
// elements need.
type target struct {
	kind string
	ends []int64 // the lost elements' ends, ascending
	need []int64 // bytes to take off before each end for it to be kept
}

// targetOrder is the order in which lost kinds are rescued: the one a
// consultant wants back first comes first.
var targetOrder = []string{
	scan.ElementCanonical, scan.ElementMetaRobots, scan.ElementTitle, scan.ElementHreflang,
	scan.ElementJSONLD, scan.ElementH1, scan.ElementMetaDescription, scan.ElementMain,
	scan.ElementHeadEnd, scan.ElementLastInternalLink,
}

// targets lists the kinds the page loses (crit, marked against the
// cutoff), most important first, for a crawler that reads w body bytes.
func targets(crit []scan.Critical, w int64) []target {
	byKind := map[string]*target{}
	var ts []*target
	for i := range crit {
		c := &crit[i]
		if !counts(c) || !c.BeyondCutoff {
			continue
		}
		t := byKind[c.Kind]
		if t == nil {
			t = &target{kind: c.Kind}
			byKind[c.Kind] = t
			ts = append(ts, t)
		}
		t.ends = append(t.ends, c.End)
	}
	rank := func(kind string) int {
		if i := slices.Index(targetOrder, kind); i >= 0 {
			return i
		}
		return len(targetOrder)
	}
	slices.SortStableFunc(ts, func(a, b *target) int { return cmp.Compare(rank(a.kind), rank(b.kind)) })
	out := make([]target, len(ts))
	for i, t := range ts {
		slices.Sort(t.ends)
		for _, e := range t.ends {
			t.need = append(t.need, e-w)
		}
		out[i] = *t
	}
	return out
}

// adviser builds one Advise's proposals.
type adviser struct {
	p       *Plan
	kinds   Kinds
	fitNeed int64 // bytes to take off for the whole body to fit
	// byKind holds, per kind, its elements, and combined the elements of
	// all the kinds asked (those a selected parent takes along left out),
	// each largest saving first.
	byKind   [numKinds][]int
	combined []int
	// byKindSaved and combinedSaved are what all of each list saves.
	byKindSaved   [numKinds]int64
	combinedSaved int64
	seen          map[string]bool        // selections stated
	simulated     map[string]*Simulation // by selection
	sims          int                    // simulations run
	out           []Advice
}

// pools fills the candidate lists: all the elements sorted once by
// saving, then shared out in that order.
func (a *adviser) pools() {
	els := a.p.Elements
	order := a.p.bySaving
	if order == nil {
		order = bySaving(els)
	}
	sel := a.p.Select(a.kinds)
	inCombined := make([]bool, len(els))
	for _, i := range sel {
		inCombined[i] = true
	}
	var count [numKinds]int
	for _, e := range els {
		count[e.Kind]++
	}
	for k := range numKinds {
		if a.kinds.Has(k) {
			a.byKind[k] = make([]int, 0, count[k])
		}
	}
	a.combined = make([]int, 0, len(sel))
	for _, i := range order {
		saved := els[i].Move.Saved()
		if k := els[i].Kind; a.kinds.Has(k) {
			a.byKind[k] = append(a.byKind[k], i)
			a.byKindSaved[k] += saved
		}
		if inCombined[i] {
			a.combined = append(a.combined, i)
			a.combinedSaved += saved
		}
	}
}

// bySaving returns the indexes of els, largest saving first, the first
// element first among equal savings.
func bySaving(els []Element) []int {
	order := make([]int, len(els))
	// Packed in one word, saving (complemented) over index, the order
	// sorts as plain numbers, by their digits.
	var most int64
	for _, e := range els {
		most = max(most, e.Move.Saved())
	}
	idxBits := bits.Len(uint(len(els)))
	if width := bits.Len64(uint64(most)) + idxBits; width <= 64 {
		keys := make([]uint64, len(els))
		for i, e := range els {
			keys[i] = uint64(most-e.Move.Saved())<<idxBits | uint64(i)
		}
		radixSort(keys, width)
		for j, k := range keys {
			order[j] = int(k & (1<<idxBits - 1))
		}
		return order
	}
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int {
		return cmp.Or(cmp.Compare(els[y].Move.Saved(), els[x].Move.Saved()), cmp.Compare(x, y))
	})
	return order
}

// radixSort sorts keys whose values fit in their low width bits, a byte
// of them at a time, least significant first: a few passes over the keys
// where a comparison sort makes a dozen.
func radixSort(keys []uint64, width int) {
	if len(keys) < 2 {
		return
	}
	src, dst := keys, make([]uint64, len(keys))
	for shift := 0; shift < width; shift += 8 {
		var at [257]int
		for _, k := range src {
			at[(k>>shift)&0xff+1]++
		}
		for d := 1; d < len(at); d++ {
			at[d] += at[d-1]
		}
		for _, k := range src {
			d := (k >> shift) & 0xff
			dst[at[d]] = k
			at[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// proposal is a candidate list and how many of its first elements to move.
type proposal struct {
	order []int
	n     int
	pool  []int // the list the totals in the message count
}

func (pr *proposal) better(than *proposal, els []Element) bool {
	if than == nil || pr.n != than.n {
		return than == nil || pr.n < than.n
	}
	return saved(els, pr.order[:pr.n]) > saved(els, than.order[:than.n])
}

func saved(els []Element, sel []int) int64 {
	var s int64
	for _, i := range sel {
		s += els[i].Move.Saved()
	}
	return s
}

// propose lists the ways to keep t by the byte shifts, best first: for
// each kind that can on its own, the fewest moves of it (fewer moves
// first, then more bytes saved); then, the fewest moves of all the kinds
// together. The first that its simulation confirms is stated.
func (a *adviser) propose(t target) []*proposal {
	var ranked []*proposal
	for _, k := range a.kinds.List() {
		if pr := a.fewest(a.byKind[k], a.byKindSaved[k], t); pr != nil {
			ranked = append(ranked, pr)
		}
	}
	slices.SortStableFunc(ranked, func(x, y *proposal) int {
		switch {
		case x.better(y, a.p.Elements):
			return -1
		case y.better(x, a.p.Elements):
			return 1
		}
		return 0
	})
	if pr := a.fewest(a.combined, a.combinedSaved, t); pr != nil {
		ranked = append(ranked, pr)
	}
	return ranked
}

// simulateAll simulates the distinct proposals side by side, one per
// processor and 64 MiB of body at most (each holds an edited copy of the
// page and its analysis while it runs).
func (a *adviser) simulateAll(proposals []*proposal) {
	todo := map[string][]int{}
	for _, pr := range proposals {
		if pr != nil && len(todo) < maxSimulations {
			todo[selectionKey(pr.order[:pr.n])] = pr.order[:pr.n]
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	slots := make(chan struct{}, min(runtime.GOMAXPROCS(0), max(1, 64<<20/max(int(a.p.page.Window)+simMargin, 1))))
	for key, sel := range todo {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			sim, err := a.p.simulateResult(sel)
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				a.simulated[key] = sim
			}
		}()
	}
	wg.Wait()
	a.sims += len(todo)
}

// fewest finds the shortest run of pool's first elements (largest savings
// first) that keeps every lost element of t by the byte shifts: either
// among the moves that end before t's last lost element (the others do
// not move it) or among all of them, when it is the whole page fitting
// that keeps t. It returns nil when even all of pool, which saves total
// bytes, is not enough.
func (a *adviser) fewest(pool []int, total int64, t target) *proposal {
	if total < a.fitNeed && total < t.need[len(t.need)-1] {
		return nil // neither the whole page fits nor the last lost element comes back
	}
	els := a.p.Elements
	tree := newNeedTree(t.need)
	last := t.ends[len(t.ends)-1]
	nBefore := 0 // how many of the moves looked at end before t
	var savedBefore, savedAll int64
	nAll := -1
	for i, idx := range pool {
		m := els[idx].Move
		if m.End <= last {
			first := sort.Search(len(t.ends), func(j int) bool { return t.ends[j] >= m.End })
			tree.subtractFrom(first, m.Saved())
			savedBefore += m.Saved()
			nBefore++
			if tree.satisfied() || savedBefore >= a.fitNeed {
				break // the moves before t are enough, and fewer than any other way
			}
		}
		savedAll += m.Saved()
		if nAll < 0 && savedAll >= a.fitNeed {
			nAll = i + 1
			if nAll <= nBefore+1 {
				break
			}
		}
	}
	switch {
	case tree.satisfied() || savedBefore >= a.fitNeed:
		if nAll < 0 || nBefore <= nAll {
			// All the moves before t, in pool's order, so that a
			// confirmation can take more.
			before := make([]int, 0, len(pool))
			for _, idx := range pool {
				if els[idx].Move.End <= last {
					before = append(before, idx)
				}
			}
			return &proposal{order: before, n: nBefore, pool: pool}
		}
		return &proposal{order: pool, n: nAll, pool: pool}
	case nAll >= 0:
		return &proposal{order: pool, n: nAll, pool: pool}
	}
	return nil
}

// confirm states pr when its simulation keeps t. Where it does not (an
// edit changed how the page parses), a binary search over simulations of
// longer runs of pr.order finds the shortest that does, within the
// simulation budget. It reports whether t is kept by an advice.
func (a *adviser) confirm(pr *proposal, t target) bool {
	keeps := func(n int) *Simulation {
		sim := a.simulated[selectionKey(pr.order[:n])]
		if sim == nil && a.sims < maxSimulations {
			a.sims++
			sim, _ = a.p.simulateResult(pr.order[:n])
		}
		if sim == nil || !slices.Contains(sim.Result.Kept, t.kind) {
			return nil
		}
		return sim
	}
	n, sim := pr.n, keeps(pr.n)
	if sim == nil {
		lo, hi := pr.n, len(pr.order) // lo does not keep t
		if hi == lo {
			return false
		}
		hiSim := keeps(hi)
		if hiSim == nil {
			return false
		}
		for hi-lo > 1 && a.sims < maxSimulations {
			mid := lo + (hi-lo)/2
			if s := keeps(mid); s != nil {
				hi, hiSim = mid, s
			} else {
				lo = mid
			}
		}
		n, sim = hi, hiSim
	}
	sel := pr.order[:n]
	key := selectionKey(sel)
	if !a.seen[key] {
		a.seen[key] = true
		a.out = append(a.out, a.advice(sel, pr.pool, sim))
	}
	return true
}

// everything simulates moving every element of the kinds asked, for the
// advice that says what that would still leave lost.
func (a *adviser) everything() {
	sel := a.combined
	if len(sel) == 0 {
		return
	}
	if sim, err := a.p.simulateResult(sel); err == nil {
		a.out = append(a.out, a.advice(sel, sel, sim))
	}
}

// simulateResult simulates sel for the moves and the result, all that
// advice states, reading only the edited body's first bytes (predict).
func (p *Plan) simulateResult(sel []int) (*Simulation, error) {
	moves, err := p.Moves(sel)
	if err != nil {
		return nil, err
	}
	return p.predict(moves)
}

// advice states a simulated selection.
func (a *adviser) advice(sel, pool []int, sim *Simulation) Advice {
	els := a.p.Elements
	var moved, total [numKinds]int
	for _, i := range sel {
		moved[els[i].Kind]++
	}
	for _, i := range pool {
		total[els[i].Kind]++
	}
	kind := Combined
	if n := nonZero(moved); n == 1 {
		kind = els[sel[0]].Kind.String()
	}
	ids := slices.Clone(sel)
	slices.Sort(ids)
	return Advice{
		Kind:     kind,
		Message:  a.p.message(moved, total, sim.Result),
		Moves:    sim.Moves,
		Result:   sim.Result,
		Elements: ids,
	}
}

func nonZero(counts [numKinds]int) int {
	n := 0
	for _, c := range counts {
		if c > 0 {
			n++
		}
	}
	return n
}

// selectionKey names a selection whatever its order.
func selectionKey(sel []int) string {
	ids := slices.Clone(sel)
	slices.Sort(ids)
	var b strings.Builder
	for _, i := range ids {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(',')
	}
	return b.String()
}
