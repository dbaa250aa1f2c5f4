package whatiftab

import (
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// selection is what the consultant ticked: elements of a plan, by their
// index in plan.Elements. It belongs to the UI goroutine; ticked and
// effective return copies a job may keep.
type selection struct {
	els    []whatif.Element
	on     []bool
	ofKind map[whatif.Kind][]int
}

func newSelection(els []whatif.Element) *selection {
	s := &selection{els: els, on: make([]bool, len(els)), ofKind: map[whatif.Kind][]int{}}
	for i, e := range els {
		s.ofKind[e.Kind] = append(s.ofKind[e.Kind], i)
	}
	return s
}

// setKind ticks (or unticks) every element of kind k.
func (s *selection) setKind(k whatif.Kind, on bool) {
	for _, i := range s.ofKind[k] {
		s.on[i] = on
	}
}

// set ticks or unticks element i; an index out of range does nothing.
func (s *selection) set(i int, on bool) {
	if i >= 0 && i < len(s.on) {
		s.on[i] = on
	}
}

// only ticks exactly the elements idx (an advice's).
func (s *selection) only(idx []int) {
	clear(s.on)
	for _, i := range idx {
		s.set(i, true)
	}
}

// kindState says whether every element of kind k is ticked, or only
// some.
func (s *selection) kindState(k whatif.Kind) (all, some bool) {
	n := 0
	for _, i := range s.ofKind[k] {
		if s.on[i] {
			n++
		}
	}
	total := len(s.ofKind[k])
	return total > 0 && n == total, n > 0 && n < total
}

// takenAlong reports whether an element holding element i is ticked: its
// move takes i along, whatever i's own tick.
func (s *selection) takenAlong(i int) bool {
	for q := s.els[i].Parent; q >= 0; q = s.els[q].Parent {
		if s.on[q] {
			return true
		}
	}
	return false
}

// ticked returns the indexes of the ticked elements, in order.
func (s *selection) ticked() []int {
	var out []int
	for i, on := range s.on {
		if on {
			out = append(out, i)
		}
	}
	return out
}

// effective returns the ticked elements whose own move is applied (not
// taken along by a ticked element holding them), sorted by start: the
// moves Plan.Moves makes of ticked.
func (s *selection) effective() []int {
	var out []int
	for i, on := range s.on {
		if on && !s.takenAlong(i) {
			out = append(out, i)
		}
	}
	return out
}

// asKinds is the set of kinds the ticks are exactly (every element of
// those kinds ticked, none of the others): the selection --what-if
// makes of it; false when the ticks are no such set.
func (s *selection) asKinds() (whatif.Kinds, bool) {
	var kinds whatif.Kinds
	for k, idx := range s.ofKind {
		all, some := s.kindState(k)
		switch {
		case some:
			return 0, false
		case all && len(idx) > 0:
			kinds |= whatif.KindsOf(k)
		}
	}
	return kinds, kinds != 0
}
