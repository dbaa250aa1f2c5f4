package whatiftab

import (
	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// Data is the page the panel simulates: a report and the profile it was
// made with (every simulation analyses the edited body as that profile's
// crawler would).
type Data struct {
	Report  *inspect.Report
	Profile fetch.Profile
}

// DataOf is the panel's data for a report made with profile p. Any
// goroutine may call it.
func DataOf(rep *inspect.Report, p fetch.Profile) Data { return Data{Report: rep, Profile: p} }

// Simulable reports whether there is something to simulate: an HTML page
// the crawler cuts.
func (d Data) Simulable() bool { return Simulable(d.Report) }

// Simulable reports whether the panel has something to simulate in r: an
// HTML page the crawler cuts. Any goroutine may call it.
func Simulable(r *inspect.Report) bool {
	return r != nil && r.Fetch != nil && r.Analysis != nil && r.Fetch.Kind == fetch.KindHTML && r.Fetch.CutoffOffset != nil
}

// RulerModelFunc draws a report's byte ruler as the Overview does. Any
// goroutine may call it.
type RulerModelFunc func(*inspect.Report) byteview.RulerModel

// kindTotal is one kind of movable element on the page: how many, the
// bytes they take, and what moving them all saves.
type kindTotal struct {
	kind         whatif.Kind
	count        int
	bytes, saves int64
}

// adviceItem is one advice of the report, with its moves as elements of
// the panel's plan.
type adviceItem struct {
	message  string
	elements []int
	// unmatched counts the advice's moves that name no element of the
	// plan; the panel then cannot tick the advice exactly.
	unmatched int
}

// prepared is what the panel shows before anything is ticked, built off
// the UI thread: the plan of the whole body, the totals per kind, the
// advice as elements, and the real page's figures.
type prepared struct {
	plan   *whatif.Plan
	kinds  []kindTotal
	advice []adviceItem
	real   *figures
}

// prepare builds the panel for d. It runs on a job's goroutine.
func prepare(d Data, model RulerModelFunc) (*prepared, error) {
	plan, err := d.Report.WhatIf(d.Profile)
	if err != nil {
		return nil, err
	}
	real := figuresOf(d.Report, nil, model, 0)
	return &prepared{plan: plan, kinds: kindTotals(plan), advice: adviceItems(plan, d.Report.Analysis.Advice), real: real}, nil
}

// kindTotals sums the plan's elements per kind, in the kinds' fixed
// order.
func kindTotals(plan *whatif.Plan) []kindTotal {
	out := make([]kindTotal, 0, len(whatif.AllKinds.List()))
	for _, k := range whatif.AllKinds.List() {
		t := kindTotal{kind: k}
		for _, e := range plan.Elements {
			if e.Kind == k {
				t.count++
				t.bytes += e.Move.End - e.Move.Start
			}
		}
		for _, i := range plan.Select(whatif.KindsOf(k)) {
			t.saves += plan.Elements[i].Move.Saved()
		}
		out = append(out, t)
	}
	return out
}

// adviceItems finds each advice's moves among the plan's elements by
// their byte ranges: advice is planned on the body's first bytes only,
// so its own element indexes need not be the panel's.
func adviceItems(plan *whatif.Plan, advice []whatif.Advice) []adviceItem {
	at := make(map[[2]int64]int, len(plan.Elements))
	for i, e := range plan.Elements {
		at[[2]int64{e.Move.Start, e.Move.End}] = i
	}
	out := make([]adviceItem, 0, len(advice))
	for _, a := range advice {
		it := adviceItem{message: a.Message}
		for _, m := range a.Moves {
			if i, ok := at[[2]int64{m.Start, m.End}]; ok {
				it.elements = append(it.elements, i)
			} else {
				it.unmatched++
			}
		}
		out = append(out, it)
	}
	return out
}

// figures are what the panel states of one page, real or simulated.
type figures struct {
	bodyBytes int64
	cutoff    *int64 // body offset, nil when nothing is cut
	result    whatif.Result
	model     byteview.RulerModel
	// sim is the simulation (moves and patched page); nil for the real
	// page.
	sim *whatif.Simulation
	// moved are the elements whose moves sim applied, sorted by start.
	moved []int
}

// figuresOf states rep, whose ruler is drawn by model at the scale of a
// response of scale bytes (0: its own size).
func figuresOf(rep *inspect.Report, sim *whatif.Simulation, model RulerModelFunc, scale int64) *figures {
	f := &figures{bodyBytes: rep.Fetch.BodyBytes, cutoff: rep.Fetch.CutoffOffset, sim: sim}
	f.result = whatif.ResultOf(f.bodyBytes, f.cutoff, rep.Analysis.Critical)
	f.model = model(rep)
	f.model.ScaleBytes = max(f.model.ScaleBytes, scale)
	return f
}

// span is how many bytes a ruler of m covers: what the simulated ruler
// is drawn against, so both rulers share one scale.
func span(m byteview.RulerModel) int64 { return max(m.ScaleBytes, m.HeaderBytes+m.BodyBytes) }

// simulate is the page of d with the elements ticked moved, as
// Report.SimulateElements analyses it; moved are the ticked elements
// whose moves apply. It runs on a job's goroutine.
func simulate(d Data, p *prepared, ticked, moved []int, model RulerModelFunc) (*figures, error) {
	rep, sim, err := d.Report.SimulateElements(p.plan, ticked, d.Profile)
	if err != nil {
		return nil, err
	}
	f := figuresOf(rep, sim, model, span(p.real.model))
	f.moved = moved
	return f, nil
}

// change is one critical element kind as the real page and the simulated
// one have it: "kept", "lost", or "missing" when the edit took it out
// of the page.
type change struct {
	label         string
	before, after string
}

// changes compares the critical element kinds of two results: the real
// page's lost kinds first (what is at stake), then its kept ones, then
// the kinds only the simulated page has.
func changes(before, after whatif.Result) []change {
	state := func(r whatif.Result, kind string) string {
		for _, k := range r.Kept {
			if k == kind {
				return "kept"
			}
		}
		for _, k := range r.Lost {
			if k == kind {
				return "lost"
			}
		}
		return "missing"
	}
	var out []change
	seen := map[string]bool{}
	for _, list := range [][]string{before.Lost, before.Kept, after.Lost, after.Kept} {
		for _, k := range list {
			if !seen[k] {
				seen[k] = true
				out = append(out, change{label: inspect.ElementLabel(k), before: state(before, k), after: state(after, k)})
			}
		}
	}
	return out
}
