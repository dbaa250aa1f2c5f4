package whatif_test

import (
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
	. "github.com/cutoffapp/cutoff/inspect/whatif"
)

// newPlan is the plan of in as the inspection builds it, analysing in when
// base is nil.
func newPlan(in inspect.Input, base *inspect.Analysis) *Plan {
	if base == nil {
		base = inspect.Analyze(in)
	}
	return inspect.WhatIf(in, base)
}

// resultOf is what an analysis predicts for the crawler.
func resultOf(a *inspect.Analysis) Result { return ResultOf(a.BodyBytes, a.CutoffOffset, a.Critical) }

// countsFor reports whether c decides whether its kind is kept.
func countsFor(c *scan.Critical) bool {
	return !c.HasFlag(scan.FlagDuplicate) && !c.HasFlag(scan.FlagOtherCrawler)
}

// countKindIn is how many elements of kind decide whether it is kept.
func countKindIn(a *inspect.Analysis, kind string) int {
	n := 0
	for i := range a.Critical {
		if c := &a.Critical[i]; c.Kind == kind && countsFor(c) {
			n++
		}
	}
	return n
}
