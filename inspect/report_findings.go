package inspect

import (
	"fmt"
	"sort"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
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

// robotsFindings says when robots.txt keeps the crawler from the page or
// from the URL it redirects to: by a rule, or because robots.txt could not
// be had. A cause shared by both URLs (one host's robots.txt) is said once.
func (r *Report) robotsFindings(p fetch.Profile) []Finding {
	var out []Finding
	seen := map[string]bool{}
	for i, s := range []*RobotsSummary{r.Robots, r.FinalRobots} {
		if s == nil || s.Skipped || s.Allowed {
			continue
		}
		page := "this page"
		if i == 1 {
			page = "the URL this page redirects to (" + r.FinalURL + ")"
		}
		if s.Policy == string(robots.PolicyDisallowAll) {
			if !seen[s.URL] {
				seen[s.URL] = true
				out = append(out, Finding{Severity: SeverityCritical, Code: CodeRobotsUnreachable,
					Message: fmt.Sprintf("%s %s may not fetch %s until %s can be fetched. %s", s.Reason, p.Name, page, s.URL, fetchedAnyway)})
			}
			continue
		}
		rule := "its rules"
		if s.Line > 0 {
			rule = fmt.Sprintf("line %d (%s)", s.Line, s.Rule)
		}
		out = append(out, Finding{Severity: SeverityCritical, Code: CodePageBlockedByRobots,
			Message: fmt.Sprintf("%s may not fetch %s: %s disallows it by %s. %s", p.Name, page, s.URL, rule, fetchedAnyway)})
	}
	return out
}

// fetchedAnyway ends the robots findings: the report shows a page the
// crawler would not fetch.
const fetchedAnyway = "Cutoff fetched it anyway to show what the crawler would get."

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

// documentOnly drops from the analysis of a document that is not HTML (a
// PDF, an image) what only HTML has: critical elements, impact, inline
// contributors and the findings about them. The byte accounting stays.
func (a *Analysis) documentOnly() {
	a.Critical = []Critical{}
	a.Impact = nil
	a.Contributors = []Contributor{}
	kept := a.Findings[:0]
	for _, f := range a.Findings {
		switch f.Code {
		case CodePageOverLimit, CodeNearLimit, CodeNoindexHeader:
			kept = append(kept, f)
		}
	}
	a.Findings = kept
}
