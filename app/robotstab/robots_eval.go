package robotstab

import (
	"strings"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// robotsAgent is one column of the robots grid: the profile's whole chain
// (the verdict the crawler acts on), or one token on its own.
type robotsAgent struct {
	label      string
	tokens     []string
	ignoreStar bool
	chain      bool // evaluated with CheckChain, /robots.txt exception included
}

// robotsVerdict is one cell: the verdict under the edited text, whether the
// live file decides otherwise, and the second parser's opinion.
type robotsVerdict struct {
	// unchecked is true when no robots.txt was consulted (a local file, a
	// crawler that ignores robots.txt) and no text was typed: there is no
	// verdict, and the cell must not read as "allowed".
	unchecked bool
	v         robots.Verdict
	differs   bool // the live file's verdict is not the same
	liveV     robots.Verdict
	second    robots.Opinion
}

// robotsGrid is every URL × agent verdict for one robots.txt text, with the
// file's lint issues. It is computed off the UI thread.
type robotsGrid struct {
	urls   []string
	agents []robotsAgent
	cells  [][]robotsVerdict // [url][agent]
	issues []robots.Issue
}

// robotsAgents builds the grid's columns: the profile's chain first, then
// each of its tokens and the extra ones on their own, without duplicates.
// Before any inspection there is no profile: the extra tokens are the
// columns.
func robotsAgents(profileName string, chain []string, ignoreStar bool, extra []string) []robotsAgent {
	var agents []robotsAgent
	if profileName != "" || len(chain) > 0 {
		agents = append(agents, robotsAgent{label: profileName, tokens: chain, ignoreStar: ignoreStar, chain: true})
	}
	seen := map[string]bool{}
	for _, t := range append(append([]string(nil), chain...), extra...) {
		t = strings.ToLower(strings.TrimSpace(t))
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		agents = append(agents, robotsAgent{label: t, tokens: []string{t}})
	}
	return agents
}

// splitURLs reads the URLs of the grid's rows, one per line, blank lines
// and duplicates dropped.
func splitURLs(text string) []string {
	var out []string
	seen := map[string]bool{}
	for line := range strings.Lines(text) {
		u := strings.TrimSpace(line)
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// evalRobots evaluates every URL for every agent under the edited text,
// comparing with the live outcome (nil when there is none). When the text is
// the live file unchanged, the live outcome decides, so a robots.txt that
// answered 404 or 503 shows its allow-all or disallow-all policy rather than
// an empty file's verdicts; with no live outcome and the text unchanged (no
// robots.txt was consulted, none was typed) no cell has a verdict. Safe to
// call from any goroutine.
func evalRobots(edited []byte, live *robots.Outcome, unchanged bool, urls []string, agents []robotsAgent) *robotsGrid {
	useLive := unchanged && live != nil
	g := &robotsGrid{urls: urls, agents: agents}
	if unchanged && live == nil {
		return uncheckedGrid(g)
	}
	var file *robots.File
	if useLive && live.Policy == robots.PolicyParsed && live.File != nil {
		file = live.File // the bytes as served: the editor may show them altered
	} else {
		file = robots.Parse(edited)
	}
	g.issues = file.Lint()
	var second *robots.Second
	secondFile := file
	switch {
	case !useLive:
		second = robots.NewSecond(edited)
	case live.Policy == robots.PolicyParsed:
		second, secondFile = live.Second(), live.File
	}
	g.cells = make([][]robotsVerdict, len(urls))
	for i, u := range urls {
		g.cells[i] = make([]robotsVerdict, len(agents))
		for j, a := range agents {
			c := &g.cells[i][j]
			if useLive {
				c.v = liveCheck(live, a, u)
			} else {
				c.v = checkAgent(file, a, u)
			}
			if second != nil {
				c.second = second.Compare(secondFile, c.v)
			}
			if live != nil && !useLive {
				c.liveV = liveCheck(live, a, u)
				c.differs = c.liveV.Allowed != c.v.Allowed || c.liveV.Line != c.v.Line
			}
		}
	}
	return g
}

// uncheckedGrid fills g with cells that have no verdict: no robots.txt
// was consulted and none was typed.
func uncheckedGrid(g *robotsGrid) *robotsGrid {
	g.cells = make([][]robotsVerdict, len(g.urls))
	for i := range g.cells {
		g.cells[i] = make([]robotsVerdict, len(g.agents))
		for j := range g.cells[i] {
			g.cells[i][j].unchecked = true
		}
	}
	return g
}

// liveCheck is the live outcome's verdict: the file's rules when it was
// parsed, otherwise the fetch policy (allow all, disallow all).
func liveCheck(o *robots.Outcome, a robotsAgent, u string) robots.Verdict {
	if o.Policy == robots.PolicyParsed && o.File != nil {
		return checkAgent(o.File, a, u)
	}
	return o.Check(a.tokens, a.ignoreStar, u)
}

// checkAgent matches u as the crawler requests it (percent-encoded), as
// every other verdict does.
func checkAgent(f *robots.File, a robotsAgent, u string) robots.Verdict {
	return robots.CheckRequested(u, func(requested string) robots.Verdict {
		if a.chain {
			return f.CheckChain(a.tokens, a.ignoreStar, requested)
		}
		return f.Check(a.tokens[0], requested)
	})
}

// notCheckedWord is an unchecked cell's text.
func notCheckedWord() string { return i18n.T("robotstab.not-checked") }

// cellText is what a grid cell shows: "allowed · line 4", with marks for a
// verdict that differs from the live file (≠) and a second parser that
// disagrees (⚑).
func cellText(c robotsVerdict) string {
	if c.unchecked {
		return notCheckedWord()
	}
	var s string
	switch {
	case c.v.Line > 0 && c.v.Allowed:
		s = i18n.T("robotstab.cell-allowed-line", "Line", kit.Itoa(c.v.Line))
	case c.v.Line > 0:
		s = i18n.T("robotstab.cell-disallowed-line", "Line", kit.Itoa(c.v.Line))
	case c.v.Allowed:
		s = i18n.T("robotstab.allowed")
	default:
		s = i18n.T("robotstab.disallowed")
	}
	if c.differs {
		s += "  " + i18n.T("robotstab.cell-differs")
	}
	if c.second.Differs || c.second.Error != "" {
		s += "  ⚑"
	}
	return s
}

// whyText is the full explanation of a cell: the verdict, the reason, each
// step of the trace, the live file's verdict when it differs, the second
// opinion.
func whyText(url string, a robotsAgent, c robotsVerdict) string {
	if c.unchecked {
		return i18n.T("robotstab.why-unchecked", "URL", url, "Agent", a.label)
	}
	var b strings.Builder
	b.WriteString(verdictSentence(url, a.label, c.v) + "\n" + c.v.Reason + "\n")
	for i, step := range c.v.Trace {
		b.WriteString("  " + kit.Itoa(i+1) + ". " + step + "\n")
	}
	if c.differs {
		b.WriteString(liveSentence(c.liveV) + "\n")
	}
	if c.second.Note != "" {
		b.WriteString(i18n.T("robotstab.second-opinion", "Note", c.second.Note) + "\n")
	}
	return strings.TrimRight(b.String(), "\n") + aiNote(a.label)
}

// verdictSentence is the why-text's first line: the URL's verdict for
// agent, with the deciding line and rule when there is one.
func verdictSentence(url, agent string, v robots.Verdict) string {
	line := kit.Itoa(v.Line)
	switch {
	case v.Rule != "" && v.Allowed:
		return i18n.T("robotstab.why-allowed-rule", "URL", url, "Agent", agent, "Line", line, "Rule", v.Rule)
	case v.Rule != "":
		return i18n.T("robotstab.why-disallowed-rule", "URL", url, "Agent", agent, "Line", line, "Rule", v.Rule)
	case v.Allowed:
		return i18n.T("robotstab.why-allowed", "URL", url, "Agent", agent)
	}
	return i18n.T("robotstab.why-disallowed", "URL", url, "Agent", agent)
}

// liveSentence says the live file's verdict when the edit changes it.
func liveSentence(v robots.Verdict) string {
	line := kit.Itoa(v.Line)
	switch {
	case v.Line > 0 && v.Allowed:
		return i18n.T("robotstab.live-allowed-line", "Line", line)
	case v.Line > 0:
		return i18n.T("robotstab.live-disallowed-line", "Line", line)
	case v.Allowed:
		return i18n.T("robotstab.live-allowed")
	}
	return i18n.T("robotstab.live-disallowed")
}

// lintText is the lint list, one issue a line.
func lintText(issues []robots.Issue) string {
	if len(issues) == 0 {
		return i18n.T("robotstab.lint-none")
	}
	var b strings.Builder
	for _, is := range issues {
		b.WriteString(severityMark(is.Severity) + " " + is.Message + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func severityMark(sev string) string {
	switch sev {
	case "critical":
		return "✖"
	case "warning":
		return "▲"
	}
	return "ℹ"
}
