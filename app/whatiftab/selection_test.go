package whatiftab

import (
	"slices"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// TestSelectionMovesAsThePlan: whatever is ticked, the elements whose
// moves the panel lists (and saves) are the moves the plan applies.
func TestSelectionMovesAsThePlan(t *testing.T) {
	body := []byte(`<html><head><style>a{background:url(data:image/png;base64,QUJDQUJDQUJDQUJD)}</style>` +
		`<!-- a comment --><script>var a = 1;</script></head><body>` +
		`<p style="color:red;background:url(data:image/png;base64,QUJDQUJDQUJDQUJD)">x</p>   <p>y</p></body></html>`)
	plan := whatif.NewPlan(whatif.Page{Body: body, Window: -1})
	if held := slices.IndexFunc(plan.Elements, func(e whatif.Element) bool { return e.Parent >= 0 }); held < 0 {
		t.Fatalf("no element is held by another in %v: the test tests no taking along", plan.Elements)
	}
	tests := []struct {
		name  string
		tick  func(s *selection)
		kinds whatif.Kinds // the kinds whose Select the ticks equal; 0: none
	}{
		{"nothing", func(s *selection) {}, 0},
		{"data: URIs", func(s *selection) { s.setKind(whatif.DataURIs, true) }, whatif.KindsOf(whatif.DataURIs)},
		{"styles take their data: URI along", func(s *selection) {
			s.setKind(whatif.DataURIs, true)
			s.setKind(whatif.Styles, true)
		}, whatif.KindsOf(whatif.DataURIs, whatif.Styles)},
		{"style attributes and comments", func(s *selection) {
			s.setKind(whatif.StyleAttributes, true)
			s.setKind(whatif.Comments, true)
			s.setKind(whatif.DataURIs, true)
		}, whatif.KindsOf(whatif.StyleAttributes, whatif.Comments, whatif.DataURIs)},
		{"a kind ticked then unticked", func(s *selection) {
			s.setKind(whatif.Scripts, true)
			s.setKind(whatif.Scripts, false)
		}, 0},
		{"every kind", func(s *selection) {
			for _, k := range whatif.AllKinds.List() {
				s.setKind(k, true)
			}
		}, whatif.AllKinds},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSelection(plan.Elements)
			tt.tick(s)
			want, err := plan.Moves(s.ticked())
			if err != nil {
				t.Fatal(err)
			}
			var got []whatif.Move
			for _, i := range s.effective() {
				got = append(got, plan.Elements[i].Move)
			}
			if !slices.Equal(got, want) {
				t.Errorf("effective moves %v, the plan's %v", got, want)
			}
			if tt.kinds != 0 && !slices.Equal(s.ticked(), elementsOf(plan, tt.kinds)) {
				t.Errorf("ticked %v, the elements of %s are %v", s.ticked(), tt.kinds, elementsOf(plan, tt.kinds))
			}
			// Kinds the page has no element of may be left out.
			if kinds, ok := s.asKinds(); ok != (tt.kinds != 0) || ok && !slices.Equal(plan.Select(kinds), s.effective()) {
				t.Errorf("the ticks read as kinds %q (%v), whose moves are not the ticks' (want %q)", kinds, ok, tt.kinds)
			}
			if sel := plan.Select(tt.kinds); tt.kinds != 0 && !slices.Equal(s.effective(), sel) {
				t.Errorf("effective %v, Select(%s) %v", s.effective(), tt.kinds, sel)
			}
		})
	}
}

// elementsOf lists the plan's elements of the kinds.
func elementsOf(plan *whatif.Plan, kinds whatif.Kinds) []int {
	var out []int
	for i, e := range plan.Elements {
		if kinds.Has(e.Kind) {
			out = append(out, i)
		}
	}
	return out
}
