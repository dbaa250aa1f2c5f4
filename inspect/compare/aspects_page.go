package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// robotsSkipped skips a fetch that got no response or consulted no
// robots.txt (a profile that ignores it, an ad-hoc user agent).
func robotsSkipped(f Fetch) (bool, string) {
	if f.Report == nil {
		return true, "—"
	}
	if f.Robots == nil || f.Robots.Skipped {
		return true, "not consulted"
	}
	return false, ""
}

func robotsFileAspect() aspect {
	show := func(f Fetch) string {
		if f.Robots.Status == 0 {
			return "unreachable (" + f.Robots.Policy + ")"
		}
		return "HTTP " + strconv.Itoa(f.Robots.Status) + " (" + f.Robots.Policy + ")"
	}
	return aspect{field: "robots_file", label: "robots.txt", show: show,
		raw: func(f Fetch) any { return f.Robots.Status },
		key: func(f Fetch) string { return show(f) },
		say: func(f, ref Fetch) string {
			return fmt.Sprintf("%s got robots.txt as %s where %s got %s: the server or a firewall serves robots.txt differently to them.",
				f.Name, show(f), ref.Name, show(ref))
		},
		skip: robotsSkipped,
	}
}

func robotsAspect() aspect {
	return aspect{field: "robots", label: "Robots verdict", show: verdictText,
		raw: func(f Fetch) any {
			return map[string]any{"allowed": f.Robots.Allowed, "line": f.Robots.Line, "rule": f.Robots.Rule, "group": f.Robots.Group}
		},
		key: func(f Fetch) string {
			return fmt.Sprintf("%v %d", f.Robots.Allowed, f.Robots.Line)
		},
		say: func(f, ref Fetch) string {
			why := "robots.txt puts them in different groups"
			if f.Robots.Group == ref.Robots.Group {
				why = "their robots.txt files differ"
			}
			return fmt.Sprintf("%s is %s where %s is %s: %s.", f.Name, verdictText(f), ref.Name, verdictText(ref), why)
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
	group := "no group"
	if r.Group != "" {
		group = "group " + r.Group
	}
	if r.Line == 0 {
		return fmt.Sprintf("%s, no rule (%s)", word, group)
	}
	return fmt.Sprintf("%s by line %d %q (%s)", word, r.Line, r.Rule, group)
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
	return aspect{field: "findings", label: "Findings", content: true,
		show: func(f Fetch) string {
			return severityCounts(f.Findings)
		},
		raw:  func(f Fetch) any { return codes(f) },
		key:  func(f Fetch) string { return strings.Join(codes(f), " ") },
		say:  findingsSentence,
		skip: failed,
	}
}

// severityWords name each severity, one and many, as the Findings row
// says them.
var severityWords = []struct{ key, one, many string }{
	{finding.Critical, "critical", "critical"}, {finding.Warning, "warning", "warnings"},
	{finding.Info, "note", "notes"},
}

// severityWord is the Findings row's word for one finding of severity sev.
func severityWord(sev string) string {
	for _, w := range severityWords {
		if w.key == sev {
			return w.one
		}
	}
	return sev
}

// severityCounts says a fetch's findings by severity: "2 critical, 3
// warnings", or "none".
func severityCounts(fs []finding.Finding) string {
	var parts []string
	for _, sev := range severityWords {
		n := int64(0)
		for _, f := range fs {
			if f.Severity == sev.key {
				n++
			}
		}
		if n > 0 {
			parts = append(parts, prose.Count(n, sev.one, sev.many))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
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
	var parts []string
	if o := only(f, ref); len(o) > 0 {
		parts = append(parts, fmt.Sprintf("%s has %s, which %s has not", f.Name, capList(o), ref.Name))
	}
	if o := only(ref, f); len(o) > 0 {
		parts = append(parts, fmt.Sprintf("%s has %s, which %s has not", ref.Name, capList(o), f.Name))
	}
	return strings.Join(parts, "; ") + "."
}

// capList joins at most maxCodes items and counts the rest.
func capList(items []string) string {
	if len(items) <= maxCodes {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:maxCodes], ", ") + " and " + prose.Thousands(int64(len(items)-maxCodes)) + " more"
}
