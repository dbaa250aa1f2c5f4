package inspect

import (
	"fmt"
	"sort"

	"github.com/cutoffapp/cutoff/fetch"
)

// Finding codes the report adds to the page analysis.
const (
	CodePageBlockedByRobots = "page-blocked-by-robots"
	CodeRobotsUnreachable   = "robots-unreachable"
	CodePageStatus          = "page-status"
	CodeReadIncomplete      = "read-incomplete"
	CodeInsecure            = "tls-not-verified"
)

// addFindings adds the findings about robots.txt, the fetch itself and the
// subresources to the analysis findings, most severe first.
func (r *Report) addFindings(p fetch.Profile) {
	list := r.Findings
	list = append(list, r.robotsFindings(p)...)
	list = append(list, r.fetchFindings()...)
	list = append(list, resourceFindings(r.Resources, p, r.Fetch.CutoffOffset)...)
	sort.SliceStable(list, func(i, j int) bool {
		return severityRank(list[i].Severity) > severityRank(list[j].Severity)
	})
	r.Findings = list
}

// HasFindingAtLeast reports whether a finding is at least as severe as min
// ("critical" or "warning"): the command line's --fail-on.
func (r *Report) HasFindingAtLeast(min string) bool {
	for _, f := range r.Findings {
		if SeverityAtLeast(f, min) {
			return true
		}
	}
	return false
}

func (r *Report) robotsFindings(p fetch.Profile) []Finding {
	var out []Finding
	for _, s := range []*RobotsSummary{r.Robots, r.FinalRobots} {
		if s == nil || s.Skipped {
			continue
		}
		if !s.Allowed {
			rule := "its rules"
			if s.Line > 0 {
				rule = fmt.Sprintf("line %d (%s)", s.Line, s.Rule)
			}
			out = append(out, Finding{Severity: SeverityCritical, Code: CodePageBlockedByRobots,
				Message: fmt.Sprintf("%s may not fetch this page: %s disallows it by %s. Cutoff fetched it anyway to show what the crawler would get.", p.Name, s.URL, rule)})
		}
		if s.Policy == "disallow-all" {
			out = append(out, Finding{Severity: SeverityCritical, Code: CodeRobotsUnreachable,
				Message: s.Reason})
		}
	}
	return out
}

func (r *Report) fetchFindings() []Finding {
	res := r.Fetch
	var out []Finding
	if res.Status >= 400 {
		out = append(out, Finding{Severity: SeverityCritical, Code: CodePageStatus,
			Message: fmt.Sprintf("The page answered HTTP %d; a crawler does not index an error page.", res.Status)})
	}
	if !res.ReadComplete {
		why := fmt.Sprintf("Cutoff stopped reading at %s decoded bytes (the cap)", Bytes(res.BodyBytes))
		if res.BodyError != "" {
			why = fmt.Sprintf("The body could not be read to its end (%s)", res.BodyError)
		}
		out = append(out, Finding{Severity: SeverityInfo, Code: CodeReadIncomplete,
			Message: why + "; what lies beyond was not analysed."})
	}
	if res.Insecure {
		out = append(out, Finding{Severity: SeverityWarning, Code: CodeInsecure,
			Message: "The TLS certificate was not verified (--insecure); a crawler would refuse an invalid certificate."})
	}
	return out
}
