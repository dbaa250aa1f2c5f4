package app

import (
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// reportRobots is the robots.txt outcome of the host the page finally came
// from (after redirects), nil when none was consulted.
func reportRobots(rep *inspect.Report) *robots.Outcome {
	for _, s := range []*inspect.RobotsSummary{rep.FinalRobots, rep.Robots} {
		if s != nil && !s.Skipped && s.Outcome != nil {
			return s.Outcome
		}
	}
	return nil
}
