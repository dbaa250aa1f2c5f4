package robots

import (
	"cmp"
	"slices"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Verdict is the answer for one URL and one crawler, with its explanation.
type Verdict struct {
	Agent string `json:"agent"` // the token asked about (a chain's first token)
	URL   string `json:"url"`   // as given
	// Requested is the URL as the crawler requests it, percent-encoded,
	// when that differs from URL (see CheckRequested); the rules were
	// matched against it.
	Requested string `json:"requested,omitempty"`
	// Path is what the rules were matched against: the URL's path, params
	// and query (see PathParamsQuery).
	Path    string `json:"path"`
	Allowed bool   `json:"allowed"`
	// Line is the 1-based line of the deciding rule, 0 when no rule matched.
	Line int `json:"line"`
	// Rule is the deciding line as written without its comment, e.g.
	// "Disallow: /a", or "" when no rule matched.
	Rule string `json:"rule"`
	// Group is the token whose groups were used (the tokens, joined by
	// commas, for CheckAny), "*" for the global group, or "" when no group
	// applied.
	Group string `json:"group"`
	// GroupLines are the first lines of the groups used (several when
	// groups naming the same agent were merged).
	GroupLines []int `json:"group_lines,omitempty"`
	// Reason is one sentence saying why this group and why this rule.
	Reason string `json:"reason"`
	// Trace lists the steps of the decision, in order.
	Trace []string `json:"trace,omitempty"`
	// Competing lists the rules that also matched and lost, longest first.
	Competing []Match `json:"competing,omitempty"`
}

// Match is a rule that matched a path.
type Match struct {
	Line  int    `json:"line"`
	Rule  string `json:"rule"` // as written, e.g. "Allow: /a/index.html"
	Allow bool   `json:"allow"`
	// Pattern is the pattern that matched: the normalised value, or the
	// directory pattern ("/a/$") Google derives from an allow rule ending
	// in index.htm or index.html.
	Pattern string `json:"pattern"`
	// Priority is the length of Pattern in bytes; the longest wins and 0
	// (an empty rule) never decides.
	Priority int `json:"priority"`
	// Directory is true when Pattern is the directory derived from an
	// index.htm or index.html allow rule.
	Directory bool `json:"directory,omitempty"`
}

// maxListed caps how many matching rules a trace and Competing list, so a
// pathological file cannot make one verdict huge.
const maxListed = 50

// Check evaluates rawURL for one product token exactly as Google's
// OneAgentAllowedByRobots does: the groups naming the token (merged), else
// the "*" group, else everything is allowed. rawURL must already be
// percent-encoded; it is not normalised. The crawler-level exception for
// /robots.txt is not applied here (see CheckChain).
func (f *File) Check(agent, rawURL string) Verdict {
	v := newVerdict(agent, rawURL)
	if !IsValidUserAgent(agent) {
		v.Trace = append(v.Trace, i18n.T("robots.trace-not-a-token", "Agent", quote(agent)))
	}
	f = f.orEmpty()
	f.decide(&v, f.selection(modeChain, []string{agent}, false))
	return v
}

// CheckAny evaluates rawURL for a crawler with several tokens, as Google's
// AllowedByRobots does: every group naming any of the tokens applies
// (merged), and "*" only when none does.
func (f *File) CheckAny(tokens []string, rawURL string) Verdict {
	v := newVerdict(first(tokens), rawURL)
	f = f.orEmpty()
	f.decide(&v, f.selection(modeAny, tokens, false))
	return v
}

// CheckChain evaluates rawURL the way a crawler picks its group: it tries the
// tokens in order and takes the first that a group names; if none does, the
// "*" group applies, unless ignoreStar (AdsBot and kin); with no group at
// all, everything is allowed. /robots.txt itself is always allowed.
func (f *File) CheckChain(tokens []string, ignoreStar bool, rawURL string) Verdict {
	v := newVerdict(first(tokens), rawURL)
	f = f.orEmpty()
	d := f.decide(&v, f.selection(modeChain, tokens, ignoreStar))
	if v.Path == "/robots.txt" {
		allowRobotsTxt(&v, d)
	}
	return v
}

func (f *File) orEmpty() *File {
	if f == nil {
		return &File{}
	}
	return f
}

func newVerdict(agent, rawURL string) Verdict {
	v := Verdict{Agent: agent, URL: rawURL, Path: PathParamsQuery(rawURL)}
	v.Trace = append(v.Trace, i18n.T("robots.trace-matching", "Path", quote(v.Path)))
	return v
}

func first(tokens []string) string {
	if len(tokens) == 0 {
		return ""
	}
	return tokens[0]
}

// decision is the outcome of the rules of the selected groups for a path.
type decision struct {
	matches []Match // every matching rule, file order
	win     int     // index in matches of the deciding rule, -1 for none
	tie     bool    // the winning allow tied with a disallow
	allowed bool
}

// decide applies the selected groups' rules to v.Path and fills v.
func (f *File) decide(v *Verdict, sel selection) decision {
	v.Group = sel.token
	v.Trace = append(v.Trace, sel.trace...)
	for _, g := range sel.groups {
		v.GroupLines = append(v.GroupLines, f.Groups[g].FirstLine())
	}
	d := f.matchRules(v.Path, sel.groups)
	v.Allowed = d.allowed
	if d.win >= 0 {
		v.Line, v.Rule = d.matches[d.win].Line, d.matches[d.win].Rule
	}
	v.Competing = competing(d)
	if len(sel.groups) == 0 {
		v.Trace = append(v.Trace, i18n.T("robots.trace-no-group"))
	} else {
		v.Trace = append(v.Trace, traceMatches(d)...)
	}
	v.Reason = reason(v, sel, d)
	return d
}

// matchRules finds the rules of the groups that match path and picks the
// winner: the longest pattern; on equal length allow wins; within one kind
// the first line wins. Rules of length 0 never decide.
func (f *File) matchRules(path string, groups []int) decision {
	d := decision{win: -1, allowed: true}
	bestAllow, bestDisallow := -1, -1
	for _, g := range groups {
		for li := range f.Groups[g].ruleLines(path) {
			m, ok := matchLine(&f.Lines[li], path)
			if !ok {
				continue
			}
			d.matches = append(d.matches, m)
			best := &bestDisallow
			if m.Allow {
				best = &bestAllow
			}
			if *best < 0 || m.Priority > d.matches[*best].Priority {
				*best = len(d.matches) - 1
			}
		}
	}
	pa, pd := priority(d.matches, bestAllow), priority(d.matches, bestDisallow)
	if pa <= 0 && pd <= 0 {
		return d
	}
	d.allowed = pd <= pa
	d.win = bestAllow
	if !d.allowed {
		d.win = bestDisallow
	}
	d.tie = pa == pd
	return d
}

func priority(ms []Match, i int) int {
	if i < 0 {
		return -1
	}
	return ms[i].Priority
}

// matchLine tests one allow/disallow line against path. An allow rule whose
// last segment starts with "index.htm" that does not match is tried again as
// its directory, as Google does.
func matchLine(ln *Line, path string) (Match, bool) {
	allow := ln.Kind == KindAllow
	pattern := ln.Pattern
	matched := matchPattern(path, pattern)
	derived := false
	if !matched && allow {
		if dir, ok := indexDirectory(pattern); ok && matchPattern(path, dir) {
			pattern, matched, derived = dir, true, true
		}
	}
	if !matched {
		return Match{}, false
	}
	return Match{Line: ln.Num, Rule: ln.Directive(), Allow: allow, Pattern: pattern, Priority: len(pattern), Directory: derived}, true
}

// competing returns the matches that lost, longest first, empty rules
// left out, at most maxListed.
func competing(d decision) []Match {
	var out []Match
	for i, m := range d.matches {
		if i != d.win && m.Priority > 0 {
			out = append(out, m)
		}
	}
	sortMatches(out)
	if len(out) > maxListed {
		out = out[:maxListed]
	}
	return out
}

// sortMatches orders matches by priority, longest first, then by line.
func sortMatches(ms []Match) {
	slices.SortFunc(ms, func(a, b Match) int {
		if c := cmp.Compare(b.Priority, a.Priority); c != 0 {
			return c
		}
		return cmp.Compare(a.Line, b.Line)
	})
}

// allowRobotsTxt applies RFC 9309's rule that /robots.txt is always
// allowed, keeping any rule that would have blocked it as a loser.
func allowRobotsTxt(v *Verdict, d decision) {
	if d.win >= 0 {
		v.Competing = append([]Match{d.matches[d.win]}, v.Competing...)
	}
	v.Allowed, v.Line, v.Rule = true, 0, ""
	v.Reason = i18n.T("robots.reason-robots-txt")
	v.Trace = append(v.Trace, i18n.T("robots.trace-robots-txt"))
}
