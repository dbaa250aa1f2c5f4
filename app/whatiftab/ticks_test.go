package whatiftab

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// TestTickingAKindTicksItsElements: a kind's tick ticks each of its
// elements in the list; unticking one of them leaves the kind partly
// ticked, and the figures are those of the elements still ticked.
func TestTickingAKindTicksItsElements(t *testing.T) {
	d := inspectURL(t, demoBigURL(t))
	tp := newTestPanel(t, d)
	tp.tickKinds(t, whatif.KindsOf(whatif.Scripts))

	scripts := tp.ready.plan.Select(whatif.KindsOf(whatif.Scripts))
	if len(scripts) < 2 {
		t.Fatalf("the demo page has %d inline scripts to move, want several", len(scripts))
	}
	tp.act(func() {
		for _, i := range scripts {
			if !rowCheck(tp, i).Checked {
				t.Errorf("inline script %d is not ticked in the list", i)
			}
		}
		if n := len(tp.sel.ticked()); n != len(scripts) {
			t.Errorf("%d elements ticked, want the %d inline scripts", n, len(scripts))
		}
	})

	last := scripts[len(scripts)-1]
	tp.act(func() { test.Tap(rowCheck(tp, last)) })
	tp.wait(t)
	tp.act(func() {
		ch := tp.kinds.checks[kindIndex(tp, whatif.Scripts)]
		if ch.Checked || !ch.Partial {
			t.Errorf("with one script unticked the kind shows checked %v, partly %v; want partly", ch.Checked, ch.Partial)
		}
	})
	rest := scripts[:len(scripts)-1]
	_, sim, err := d.Report.SimulateElements(tp.ready.plan, rest, d.Profile)
	if err != nil {
		t.Fatal(err)
	}
	got := tp.panelFigures(t)
	if got.bodyBytes != sim.Result.BodyBytes || got.moves != len(rest) {
		t.Errorf("panel %s; moving all scripts but the last gives %d bytes in %d moves", got, sim.Result.BodyBytes, len(rest))
	}

	tp.act(func() { test.Tap(tp.kinds.checks[kindIndex(tp, whatif.Scripts)]) })
	tp.wait(t)
	tp.act(func() {
		if !rowCheck(tp, last).Checked || !tp.kinds.checks[kindIndex(tp, whatif.Scripts)].Checked {
			t.Error("tapping the partly ticked kind did not tick all its elements")
		}
	})
}

// TestUntickingEverythingShowsThePage: with nothing ticked the panel
// shows the real page again, and offers nothing to save.
func TestUntickingEverythingShowsThePage(t *testing.T) {
	d := inspectURL(t, demoBigURL(t))
	tp := newTestPanel(t, d)
	tp.tickKinds(t, whatif.KindsOf(whatif.Comments))
	tp.tickKinds(t, whatif.KindsOf(whatif.Comments))
	tp.act(func() {
		if tp.shown.sim != nil || tp.shown.bodyBytes != d.Report.Fetch.BodyBytes {
			t.Errorf("with nothing ticked the panel shows %d bytes (simulated %v), the page has %d", tp.shown.bodyBytes, tp.shown.sim != nil, d.Report.Fetch.BodyBytes)
		}
		if !tp.savePage.Disabled() || !tp.saveList.Disabled() {
			t.Error("the exports are enabled with nothing moved")
		}
	})
}

// TestAdviceTicksExactlyItsMoves: each advice's Apply button ticks the
// elements of its moves, no more, and the panel then shows what the
// advice says its simulation gives.
func TestAdviceTicksExactlyItsMoves(t *testing.T) {
	d := inspectURL(t, demoBigURL(t))
	advice := d.Report.Analysis.Advice
	if len(advice) == 0 {
		t.Fatal("the demo page has no advice: the test tests nothing")
	}
	tp := newTestPanel(t, d)
	tp.tickKinds(t, whatif.KindsOf(whatif.Whitespace)) // ticks the advice must clear
	for i, adv := range advice {
		tp.act(func() { test.Tap(tp.kinds.apply[i]) })
		tp.wait(t)
		var moves []whatif.Move
		tp.act(func() {
			for _, j := range tp.sel.ticked() {
				moves = append(moves, tp.ready.plan.Elements[j].Move)
			}
		})
		if !slices.Equal(moves, adv.Moves) {
			t.Errorf("advice %d ticks %d moves, it has %d: %v, want %v", i, len(moves), len(adv.Moves), moves, adv.Moves)
		}
		if got, want := tp.panelFigures(t), figuresOfResult(adv.Result, len(adv.Moves)); got.String() != want.String() {
			t.Errorf("advice %d: panel %s, the advice says %s (%s)", i, got, want, adv.Message)
		}
	}
}

// TestQuickTicksShowTheLastOnes: ticks in quick succession cancel the
// recomputations before them; what is shown is the last ticks'
// simulation.
func TestQuickTicksShowTheLastOnes(t *testing.T) {
	d := inspectURL(t, demoBigURL(t))
	tp := newTestPanel(t, d)
	all := whatif.AllKinds
	tp.act(func() {
		for range 3 {
			for i := range tp.kinds.checks {
				if all.Has(tp.ready.kinds[i].kind) && tp.ready.kinds[i].count > 0 {
					test.Tap(tp.kinds.checks[i])
				}
			}
		}
	})
	tp.wait(t)
	rep, sim, err := d.Report.Simulate(all, d.Profile)
	if err != nil {
		t.Fatal(err)
	}
	if got := tp.panelFigures(t); got.bodyBytes != rep.Fetch.BodyBytes || got.moves != len(sim.Moves) {
		t.Errorf("after quick ticks the panel shows %s, moving everything gives %d bytes in %d moves", got, rep.Fetch.BodyBytes, len(sim.Moves))
	}
}

// TestHeldElementMovesWithItsHolder: a data: URI inside a <style>
// element shows as taken along, and cannot be ticked, while its <style>
// element is ticked.
func TestHeldElementMovesWithItsHolder(t *testing.T) {
	body := []byte(`<!doctype html><html><head><title>t</title><style>a{background:url(data:image/png;base64,` +
		string(make64(3000)) + `)}</style><link rel=canonical href="/c"></head><body><h1>h</h1></body></html>`)
	d := inspectURL(t, servePage(t, padToCut(body)))
	tp := newTestPanel(t, d)
	held := -1
	for i, e := range tp.ready.plan.Elements {
		if e.Kind == whatif.DataURIs && e.Parent >= 0 {
			held = i
		}
	}
	if held < 0 {
		t.Fatal("no data: URI held by a <style> element")
	}
	tp.tickKinds(t, whatif.KindsOf(whatif.Styles))
	tp.act(func() {
		ch := rowCheck(tp, held)
		if !ch.Checked || !ch.Disabled() {
			t.Errorf("the held data: URI shows checked %v, disabled %v; want both", ch.Checked, ch.Disabled())
		}
		if text := rowText(tp, held); !strings.Contains(text, "moves with the element holding it") {
			t.Errorf("its row says %q", text)
		}
	})
}

// rowCheck is the tick of element i's row, as the list draws it.
func rowCheck(tp *testPanel, i int) *widget.Check {
	return elementRow(tp, i).Objects[1].(*widget.Check)
}

// rowText is the text of element i's row.
func rowText(tp *testPanel, i int) string {
	return elementRow(tp, i).Objects[0].(*widget.Label).Text
}

// elementRow draws element i's row as the list does.
func elementRow(tp *testPanel, i int) *fyne.Container {
	row := newElementRow().(*fyne.Container)
	tp.elements.updateRow(slices.Index(tp.elements.order, i), row)
	return row
}

func kindIndex(tp *testPanel, k whatif.Kind) int {
	return slices.IndexFunc(tp.ready.kinds, func(t kindTotal) bool { return t.kind == k })
}
