package robots

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// WriteText writes the report for people: for each robots.txt, how it was
// obtained, a URLs × agents matrix with the deciding line of every cell, the
// deciding lines' text, where the second opinion differs, and the lint.
func (r *CommandReport) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	files := r.Files
	if len(files) == 0 {
		files = []RobotsInfo{r.Robots}
	}
	for i, info := range files {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		writeSection(bw, info, r.resultsFor(info.URL, len(files) == 1))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("%s: %w", i18n.T("robots.err-write-text"), err)
	}
	return nil
}

// resultsFor returns the results decided by one robots.txt.
func (r *CommandReport) resultsFor(robotsURL string, all bool) []Result {
	if all {
		return r.Results
	}
	var out []Result
	for _, res := range r.Results {
		if res.RobotsURL == robotsURL {
			out = append(out, res)
		}
	}
	return out
}

// writeSection writes one robots.txt's header, matrix and notes.
func writeSection(w io.Writer, info RobotsInfo, results []Result) {
	writeHeader(w, info)
	if len(results) > 0 {
		fmt.Fprintln(w)
		writeMatrix(w, results)
		writeRequested(w, results)
		writeAgentNotes(w, results)
		writeDecidingLines(w, results)
		writeSecondOpinions(w, results)
	}
	writeSitemaps(w, info.Sitemaps)
	writeLint(w, info.Lint)
}

// writeHeader says where the robots.txt came from and how it was treated.
func writeHeader(w io.Writer, info RobotsInfo) {
	facts := []string{SourceText(info.Source)}
	if info.Status != 0 {
		facts = append(facts, i18n.T("robots.text-status", "Status", strconv.Itoa(info.Status)))
	}
	if info.Size != "" {
		facts = append(facts, info.Size)
	} else if info.Policy == PolicyParsed || info.Bytes > 0 {
		facts = append(facts, i18n.T("robots.text-bytes", "Bytes", info.Bytes))
	}
	if n := len(info.Redirects); n > 0 {
		facts = append(facts, i18n.T("robots.text-redirects", "Count", n))
	}
	fmt.Fprintln(w, i18n.T("robots.text-robots", "URL", prose.Printable(info.URL), "Facts", i18n.List(facts)))
	fmt.Fprintln(w, i18n.T("robots.text-policy", "Policy", info.Policy.Text(), "Reason", info.Reason))
	if info.TruncatedAt > 0 && info.Size == "" {
		fmt.Fprintln(w, i18n.T("robots.text-truncated", "Bytes", info.TruncatedAt))
	}
	if info.LooksLikeHTML {
		fmt.Fprintln(w, i18n.T("robots.text-looks-html"))
	}
}

// writeMatrix writes one row per URL and one column per agent.
func writeMatrix(w io.Writer, results []Result) {
	urls, agents := axes(results)
	cells := make(map[[2]string]Result, len(results))
	for _, res := range results {
		cells[[2]string{res.URL, res.Agent}] = res
	}
	tw := prose.NewTable(w, 3, prose.AlignLeft)
	fmt.Fprintf(tw, "URL\t%s\n", strings.Join(agents, "\t"))
	for _, u := range urls {
		row := make([]string, len(agents))
		for i, a := range agents {
			row[i] = cell(cells[[2]string{u, a}])
		}
		fmt.Fprintf(tw, "%s\t%s\n", prose.Printable(u), strings.Join(row, "\t"))
	}
	tw.Flush()
}

// axes returns the distinct URLs and agents in order of appearance.
func axes(results []Result) (urls, agents []string) {
	for _, res := range results {
		if !slices.Contains(urls, res.URL) {
			urls = append(urls, res.URL)
		}
		if !slices.Contains(agents, res.Agent) {
			agents = append(agents, res.Agent)
		}
	}
	return urls, agents
}

// cell renders one verdict: "BLOCKED line 3", "allowed line 7",
// "allowed, no rule"; a trailing "*" marks a second-opinion difference.
func cell(res Result) string {
	word := "allowed"
	if !res.Allowed {
		word = "blocked"
	}
	var s string
	switch {
	case res.Line > 0:
		s = i18n.T("robots.cell-"+word+"-line", "Line", strconv.Itoa(res.Line))
	case res.Allowed && PathParamsQuery(res.URL) == "/robots.txt":
		s = i18n.T("robots.cell-allowed-always")
	case res.Policy == PolicyInvalid:
		s = i18n.T("robots.cell-invalid")
	case res.Policy == PolicyAllowAll:
		s = i18n.T("robots.cell-allow-all")
	case res.Policy == PolicyDisallowAll:
		s = i18n.T("robots.cell-disallow-all")
	case res.Group == "":
		s = i18n.T("robots.cell-" + word + "-no-group")
	default:
		s = i18n.T("robots.cell-" + word + "-no-rule")
	}
	if res.SecondOpinion != nil && (res.SecondOpinion.Differs || res.SecondOpinion.Error != "") {
		s += " *"
	}
	return s
}

// writeDecidingLines lists the text of every line that decided a cell.
func writeDecidingLines(w io.Writer, results []Result) {
	rules := make(map[int]string)
	for _, res := range results {
		if res.Line > 0 {
			rules[res.Line] = res.Rule
		}
	}
	if len(rules) == 0 {
		return
	}
	lines := make([]int, 0, len(rules))
	for l := range rules {
		lines = append(lines, l)
	}
	slices.Sort(lines)
	fmt.Fprintf(w, "\n%s\n", i18n.T("robots.text-deciding-lines"))
	for _, l := range lines {
		fmt.Fprintf(w, "  %s\n", i18n.T("robots.text-deciding-line", "Line", fmt.Sprintf("%-6d", l), "Rule", prose.Printable(rules[l])))
	}
}

// writeSecondOpinions lists the cells where the second parser disagrees.
func writeSecondOpinions(w io.Writer, results []Result) {
	header := false
	for _, res := range results {
		op := res.SecondOpinion
		if op == nil || (!op.Differs && op.Error == "") {
			continue
		}
		if !header {
			fmt.Fprintf(w, "\n* %s\n", i18n.T("robots.text-second-differs", "Parser", op.Parser))
			header = true
		}
		if op.Error != "" {
			fmt.Fprintf(w, "  %s\n", op.Note)
			return
		}
		fmt.Fprintf(w, "  %s\n", i18n.T("robots.text-second-line", "URL", prose.Printable(res.URL), "Agent", res.Agent, "Note", op.Note))
	}
}

// writeRequested names, once per URL, the form the crawler requests and
// the rules were matched against, where it differs from the one given.
func writeRequested(w io.Writer, results []Result) {
	seen := map[string]bool{}
	header := false
	for _, res := range results {
		if res.Requested == "" || seen[res.URL] {
			continue
		}
		seen[res.URL] = true
		if !header {
			fmt.Fprintf(w, "\n%s\n", i18n.T("robots.text-requested"))
			header = true
		}
		fmt.Fprintf(w, "  %s\n    %s\n", prose.Printable(res.URL), i18n.T("robots.text-requested-as", "URL", prose.Printable(res.Requested)))
	}
}

// writeAgentNotes says, once per agent, what kind of token a column is
// when its verdict is not a fetch's (a control or retired token).
func writeAgentNotes(w io.Writer, results []Result) {
	seen := map[string]bool{}
	header := false
	for _, res := range results {
		if res.Note == "" || seen[res.Agent] {
			continue
		}
		seen[res.Agent] = true
		if !header {
			fmt.Fprintf(w, "\n%s\n", i18n.T("robots.text-not-crawlers"))
			header = true
		}
		fmt.Fprintf(w, "  %s\n", prose.Printable(res.Note))
	}
}

// writeSitemaps lists the file's Sitemap: lines.
func writeSitemaps(w io.Writer, sitemaps []string) {
	if len(sitemaps) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T("robots.text-sitemaps", "Count", len(sitemaps)))
	for _, s := range sitemaps {
		fmt.Fprintf(w, "  %s\n", prose.Printable(s))
	}
}

// writeLint lists the lint issues.
func writeLint(w io.Writer, issues []Issue) {
	if len(issues) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T("robots.text-lint", "Count", len(issues)))
	// The messages start in one column, the widest severity word's.
	cols := prose.Widest(SeverityText(SeverityCritical), SeverityText(SeverityWarning), SeverityText(SeverityInfo))
	for _, is := range issues {
		// Messages name their line themselves ("Line 13: ...").
		fmt.Fprintf(w, "  %s %s [%s]\n", prose.PadRight(SeverityText(is.Severity), cols), prose.Printable(is.Message), is.Code)
	}
}

// SeverityText is a lint severity in words, in the language in use; the
// severity itself ("critical", "warning", "info") is a code.
func SeverityText(severity string) string {
	switch severity {
	case SeverityCritical, SeverityWarning, SeverityInfo:
		return i18n.T("robots.severity-" + severity)
	}
	return severity
}
