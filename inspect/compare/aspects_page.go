package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// robotsSkipped skips a fetch that got no response or consulted no
// robots.txt (a profile that ignores it, an ad-hoc user agent).
func robotsSkipped(f Fetch) (bool, string) {
	if f.Report == nil {
		return true, "—"
	}
	if f.Robots == nil || f.Robots.Skipped {
		return true, i18n.T("compare.cell-not-consulted")
	}
	return false, ""
}

func robotsFileAspect() aspect {
	show := func(f Fetch) string {
		policy := robots.Policy(f.Robots.Policy).Text()
		if f.Robots.Status == 0 {
			return i18n.T("compare.cell-robots-unreachable", "Policy", policy)
		}
		return i18n.T("compare.cell-robots-http", "Status", strconv.Itoa(f.Robots.Status), "Policy", policy)
	}
	return aspect{field: "robots_file", label: "robots.txt", show: show,
		raw: func(f Fetch) any { return f.Robots.Status },
		key: func(f Fetch) string { return show(f) },
		say: func(f, ref Fetch) string {
			return i18n.T("compare.robots-file-differs", "Crawler", f.Name, "Cell", show(f), "Other", ref.Name, "OtherCell", show(ref))
		},
		skip: robotsSkipped,
	}
}

func robotsAspect() aspect {
	return aspect{field: "robots", label: i18n.T("compare.label-robots-verdict"), show: verdictText,
		raw: func(f Fetch) any {
			return map[string]any{"allowed": f.Robots.Allowed, "line": f.Robots.Line, "rule": f.Robots.Rule, "group": f.Robots.Group}
		},
		key: func(f Fetch) string {
			return fmt.Sprintf("%v %d", f.Robots.Allowed, f.Robots.Line)
		},
		say: func(f, ref Fetch) string {
			id := "compare.robots-differs-groups"
			if f.Robots.Group == ref.Robots.Group {
				id = "compare.robots-differs-files"
			}
			return i18n.T(id, "Crawler", f.Name, "Verdict", verdictText(f), "Other", ref.Name, "OtherVerdict", verdictText(ref))
		},
		skip: robotsSkipped,
	}
}

// verdictText says a robots verdict with its line: `blocked by line 5
// "Disallow: /" (group gptbot)`.
func verdictText(f Fetch) string {
	r := f.Robots
	word := "allowed"
	if !r.Allowed {
		word = "blocked"
	}
	group := i18n.T("compare.group-none")
	if r.Group != "" {
		group = i18n.T("compare.group", "Group", r.Group)
	}
	if r.Line == 0 {
		return i18n.T("compare.verdict-"+word+"-no-rule", "Group", group)
	}
	return i18n.T("compare.verdict-"+word+"-line", "Line", strconv.Itoa(r.Line), "Rule", strconv.Quote(r.Rule), "Group", group)
}

// criticalKinds lists the critical element kinds present in any fetch, in
// the order the first fetch having them lists them.
func criticalKinds(fetches []Fetch) []string {
	var kinds []string
	for _, f := range fetches {
		for _, c := range f.Critical {
			if !slices.Contains(kinds, c.Kind) {
				kinds = append(kinds, c.Kind)
			}
		}
	}
	return kinds
}

// firstOf returns the fetch's first element of kind.
func firstOf(f Fetch, kind string) (scan.Critical, bool) {
	for _, c := range f.Critical {
		if c.Kind == kind {
			return c, true
		}
	}
	return scan.Critical{}, false
}

// valueKinds are the kinds whose value, not only whose place, is compared.
var valueKinds = []string{scan.ElementTitle, scan.ElementCanonical, scan.ElementMetaRobots}

func findingsAspect() aspect {
	codes := func(f Fetch) []string {
		out := make([]string, len(f.Findings))
		for i, fi := range f.Findings {
			out[i] = fi.Code
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	return aspect{field: "findings", label: i18n.T("compare.label-findings"), content: true,
		show: func(f Fetch) string {
			return severityCounts(f.Findings)
		},
		raw:  func(f Fetch) any { return codes(f) },
		key:  func(f Fetch) string { return strings.Join(codes(f), " ") },
		say:  findingsSentence,
		skip: failed,
	}
}

// severities are the findings' severities in the order the Findings row
// counts them.
var severities = []string{finding.Critical, finding.Warning, finding.Info}

// severityWord is the Findings row's word for one finding of severity sev.
func severityWord(sev string) string {
	if slices.Contains(severities, sev) {
		return i18n.T("compare.severity-" + sev)
	}
	return sev
}

// severityCounts says a fetch's findings by severity: "2 critical, 3
// warnings", or "none".
func severityCounts(fs []finding.Finding) string {
	var parts []string
	for _, sev := range severities {
		n := 0
		for _, f := range fs {
			if f.Severity == sev {
				n++
			}
		}
		if n > 0 {
			parts = append(parts, i18n.T("compare.count-"+sev, "Count", n))
		}
	}
	if len(parts) == 0 {
		return i18n.T("compare.cell-no-findings")
	}
	return i18n.List(parts)
}

// maxCodes bounds the finding titles named in one sentence.
const maxCodes = 5

// findingsSentence names the findings one fetch has and the other not.
func findingsSentence(f, ref Fetch) string {
	only := func(a, b Fetch) []string {
		var out []string
		for _, fi := range a.Findings {
			title := inspect.FindingTitle(fi.Code) + " (" + severityWord(fi.Severity) + ")"
			if !slices.ContainsFunc(b.Findings, func(x finding.Finding) bool { return x.Code == fi.Code }) &&
				!slices.Contains(out, title) {
				out = append(out, title)
			}
		}
		return out
	}
	mine, theirs := only(f, ref), only(ref, f)
	id := "compare.findings-both"
	switch {
	case len(theirs) == 0:
		id = "compare.findings-first"
	case len(mine) == 0:
		id = "compare.findings-other"
	}
	return i18n.T(id, "Crawler", f.Name, "Findings", capList(mine), "Other", ref.Name, "OtherFindings", capList(theirs))
}

// capList joins at most maxCodes items and counts the rest.
func capList(items []string) string {
	if len(items) <= maxCodes {
		return i18n.List(items)
	}
	return i18n.T("compare.and-more", "List", i18n.List(items[:maxCodes]), "Count", len(items)-maxCodes)
}
