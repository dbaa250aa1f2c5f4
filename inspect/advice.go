package inspect

import (
	"errors"
	"sort"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// CodeAdvicePrefix starts the codes of advice findings, followed by the
// advice's kind: "advice-styles", "advice-combined".
const CodeAdvicePrefix = "advice-"

// advise proposes the fixes of a cut page, each confirmed by simulating it
// (inspect/whatif): Analysis.Advice. in is prepared.
func advise(in *Input, a *Analysis) []whatif.Advice {
	if in.Cutoff == nil {
		return []whatif.Advice{}
	}
	return whatif.Advise(whatIfPage(in, a), whatif.AllKinds)
}

// whatIfPage is the what-if engine's view of a prepared input and its
// analysis: every simulation runs the same pass, with the same robots
// tokens and URL, on the edited body.
func whatIfPage(in *Input, a *Analysis) whatif.Page {
	tokens, base := in.Tokens, in.URL
	return whatif.Page{
		Body:       in.Body,
		Window:     window(in.Limit, in.HeaderBytes, in.Cutoff),
		Incomplete: in.Incomplete,
		Critical:   a.Critical,
		Label:      ElementLabel,
		Recorded:   in.recorded,
		Pass: func(body []byte) []scan.Critical {
			crit := scan.CriticalOnly(body, tokens, base)
			sortCritical(crit)
			return crit
		},
	}
}

// adviceRecorder is what records the movable elements from the pass of
// a body cut at cut (nil when it is not) by a crawler reading limit bytes,
// header counted, for the advice (whatif.Recorder); nil when no advice
// can be asked of it.
func adviceRecorder(limit, header int64, cut *int64) *whatif.Recorder {
	w := window(limit, header, cut)
	if cut == nil || w < 0 {
		return nil
	}
	return whatif.NewRecorder(whatif.Scope(w))
}

// streamRecorder is adviceRecorder for the pass of a body that has not
// arrived yet, fetched as p: it records as far as p's HTML limit can
// need (a page of another kind finds its elements itself); nil when p
// states none.
func streamRecorder(p fetch.Profile) *whatif.Recorder {
	limit := p.Limits[fetch.KindHTML].Bytes
	if limit <= 0 {
		return nil
	}
	return whatif.NewRecorder(whatif.Scope(limit))
}

// window is how many body bytes the crawler reads: the limit less the
// counted header bytes, or the cutoff when no limit is known; -1 when
// neither is (nothing is ever cut).
func window(limit, header int64, cut *int64) int64 {
	switch {
	case limit > 0:
		return max(limit-header, 0)
	case cut != nil:
		return *cut
	}
	return -1
}

// advice states each advice as a finding: a warning when it keeps
// something the crawler loses today, else a note.
func (fs *findings) advice() {
	for _, adv := range fs.a.Advice {
		sev := finding.Info
		if rescues(fs.a, adv.Result) {
			sev = finding.Warning
		}
		var at *int64
		if len(adv.Moves) > 0 {
			at = offsetPtr(adv.Moves[0].Start)
		}
		fs.addMessage(sev, CodeAdvicePrefix+adv.Kind, at, adv.Message)
	}
}

// rescues reports whether r keeps a critical element kind that a loses.
func rescues(a *Analysis, r whatif.Result) bool {
	for i := range a.Critical {
		c := &a.Critical[i]
		if c.BeyondCutoff {
			for _, k := range r.Kept {
				if k == c.Kind {
					return true
				}
			}
		}
	}
	return false
}

// WhatIf is the what-if plan of in, whose analysis is a: every movable
// element of its body, for a view that ticks them (Plan.Simulate).
func WhatIf(in Input, a *Analysis) *whatif.Plan {
	in = prepare(in)
	return whatif.NewPlan(whatIfPage(&in, a))
}

// SimulatedInput is in with body, an edit of its own, in its place: the
// cutoffs recomputed from the limit and the header bytes for the new
// size, the rest kept.
func SimulatedInput(in Input, body []byte) Input {
	size := int64(len(body))
	if in.Incomplete {
		size++ // the fetcher counts a body read in part as longer
	}
	cut := func(limit int64, old *int64) *int64 {
		w := window(limit, in.HeaderBytes, old)
		if w < 0 || size <= w {
			return nil
		}
		return &w
	}
	in.Cutoff, in.BinaryCutoff = cut(in.Limit, in.Cutoff), cut(in.BinaryLimit, in.BinaryCutoff)
	in.Body = body
	return in
}

// Simulate is the report of the page with every movable element of the
// given kinds moved (see inspect/whatif): the edited body analysed as
// this one was, with this report's fetch, robots.txt and resources. p is
// the profile the report was made with. The simulation's Body is the
// patched page.
func (r *Report) Simulate(kinds whatif.Kinds, p fetch.Profile) (*Report, *whatif.Simulation, error) {
	plan, err := r.WhatIf(p)
	if err != nil {
		return nil, nil, err
	}
	return r.SimulateElements(plan, plan.Select(kinds), p)
}

// WhatIf is the what-if plan of the report's page (every movable element
// of its body), for a view that ticks elements and simulates them with
// SimulateElements. p is the profile the report was made with.
func (r *Report) WhatIf(p fetch.Profile) (*whatif.Plan, error) {
	if r.Fetch == nil || r.Analysis == nil {
		return nil, errNoPage()
	}
	return WhatIf(NewInput(r.Fetch, &p), r.Analysis), nil
}

// SimulateElements is Simulate for the elements selected in plan
// (indexes into plan.Elements, as Plan.Simulate takes them), plan being
// r.WhatIf(p).
func (r *Report) SimulateElements(plan *whatif.Plan, selected []int, p fetch.Profile) (*Report, *whatif.Simulation, error) {
	if r.Fetch == nil || r.Analysis == nil {
		return nil, nil, errNoPage()
	}
	sim, err := plan.Simulate(selected)
	if err != nil {
		return nil, nil, err
	}
	sin := SimulatedInput(NewInput(r.Fetch, &p), sim.Body)
	res := *r.Fetch
	res.Body, res.BodyBytes = sim.Body, int64(len(sim.Body))
	res.CutoffOffset, res.BinaryCutoffOffset = sin.Cutoff, sin.BinaryCutoff
	res.Truncated = sin.Cutoff != nil
	out := *r
	out.Fetch = &res
	out.Analysis = Analyze(sin)
	if res.Kind != fetch.KindHTML {
		out.documentOnly()
	}
	out.Partial = nil
	out.addFindings(p)
	return &out, sim, nil
}

// errNoPage says that a report without a fetched page has nothing to
// simulate.
func errNoPage() error { return errors.New(i18n.T("findings.no-page-to-simulate")) }

// sortCritical orders critical elements in document order, as the
// analysis lists them.
func sortCritical(crit []scan.Critical) {
	sort.SliceStable(crit, func(i, j int) bool {
		ci, cj := &crit[i], &crit[j]
		return ci.Offset < cj.Offset || ci.Offset == cj.Offset && ci.End < cj.End
	})
}
