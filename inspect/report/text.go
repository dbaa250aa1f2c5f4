package report

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// WriteText writes the report as text for a terminal: the fetch and its
// byte accounting, the findings, the critical elements, what the bytes are
// made of, the impact of the cutoff and the subresources. Every control
// character but the line breaks is written as '?' (prose.PrintableLines),
// so that no text of the page or the server drives the terminal.
func WriteText(w io.Writer, r *inspect.Report) error {
	bw := &strings.Builder{}
	textFetch(bw, r)
	textFindings(bw, r)
	textCritical(bw, r)
	textComposition(bw, r)
	textImpact(bw, r)
	textResources(bw, r)
	if r.Render != nil {
		textRendered(bw, r.Render)
	}
	_, err := io.WriteString(w, prose.PrintableLines(bw.String()))
	return err
}

func textFetch(w io.Writer, r *inspect.Report) {
	res := r.Fetch
	fmt.Fprintln(w, i18n.T("report.text-title", "URL", r.URL, "Profile", r.Profile.Name))
	tw := prose.NewTable(w, 2, prose.AlignLeft)
	if r.FinalURL != r.URL && !res.Local { // a file's final URL is only its file:// form
		fmt.Fprintf(tw, "%s\t%s\n", i18n.T("report.label-final-url"), finalURLText(r))
	}
	if res.Local {
		fmt.Fprintf(tw, "%s\t%s\n", i18n.T("report.label-source"), i18n.T("report.local-file"))
	} else {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", i18n.T("report.label-response"), res.StatusLine, strings.TrimSpace(res.ContentType+" "+res.ContentEncoding))
	}
	fmt.Fprintf(tw, "%s\t%s\n", i18n.T("report.label-bytes"), accounting(r))
	fmt.Fprintf(tw, "%s\t%s\n", i18n.T("report.label-limit"), limitText(r))
	fmt.Fprintf(tw, "%s\t%s\n", i18n.T("report.label-cutoff"), cutoffText(r))
	if rb := r.Robots; rb != nil {
		fmt.Fprintf(tw, "robots.txt\t%s\n", robotsText(rb))
	}
	tw.Flush()
}

// finalURLText is the final URL with the number of redirects to it.
func finalURLText(r *inspect.Report) string {
	return i18n.T("report.final-url", "URL", r.FinalURL, "Count", len(r.Fetch.Redirects))
}

// accounting is the byte sum: header + decoded body = counted.
func accounting(r *inspect.Report) string {
	res := r.Fetch
	body := i18n.T("report.body-decoded", "Bytes", res.BodyBytes)
	if res.ContentEncoding != "" && !res.Local {
		body = i18n.T("report.body-decoded-wire", "Bytes", res.BodyBytes, "Wire", res.WireBodyBytes)
	}
	if !res.ReadComplete {
		body = i18n.T("report.body-read-incomplete", "Body", body)
	}
	if !res.CountsHeaders {
		return i18n.T("report.header-not-counted", "Body", body, "Header", res.HeaderBytes)
	}
	header := i18n.T("report.header-bytes", "Bytes", res.HeaderBytes)
	if note := inspect.LocalHeaderNote(&res.Accounting, res.Local); note != "" {
		header = i18n.T("report.header-bytes-note", "Bytes", res.HeaderBytes, "Note", note)
	}
	return i18n.T("report.accounting", "Header", header, "Body", body, "Counted", res.HeaderBytes+res.BodyBytes)
}

func limitText(r *inspect.Report) string {
	res := r.Fetch
	if res.LimitBinaryBytes > 0 {
		return i18n.T("report.limit-binary", "Bytes", res.LimitBytes, "Kind", res.Kind.Text(), "Binary", res.LimitBinaryBytes)
	}
	return i18n.T("report.limit", "Bytes", res.LimitBytes, "Kind", res.Kind.Text())
}

func cutoffText(r *inspect.Report) string {
	res := r.Fetch
	if res.CutoffOffset == nil && r.Partial != nil {
		return r.Partial.CutoffText()
	}
	if res.CutoffOffset == nil {
		if res.LimitBytes > 0 {
			return i18n.T("report.cutoff-none-kept", "Percent", prose.Percent(countedBytes(r), res.LimitBytes))
		}
		return i18n.T("report.none")
	}
	cut := *res.CutoffOffset
	lost := res.BodyBytes - cut
	pct := prose.Percent(lost, res.BodyBytes)
	if b := res.BinaryCutoffOffset; b != nil && *b != cut {
		return i18n.T("report.cutoff-at-binary", "Cut", cut, "Lost", lost, "Percent", pct, "Binary", *b)
	}
	return i18n.T("report.cutoff-at", "Cut", cut, "Lost", lost, "Percent", pct)
}

func countedBytes(r *inspect.Report) int64 {
	return r.Fetch.CountedHeaderBytes() + r.Fetch.BodyBytes
}

func robotsText(rb *inspect.RobotsSummary) string {
	if rb.Skipped {
		return rb.Reason
	}
	verdict := i18n.T("report.robots-allowed")
	if !rb.Allowed {
		verdict = i18n.T("report.robots-disallowed")
	}
	if rb.Line > 0 {
		// A line number is written as the file numbers it, ungrouped.
		verdict = i18n.T("report.robots-by-line", "Verdict", verdict, "Line", strconv.Itoa(rb.Line), "Rule", rb.Rule)
	}
	status := i18n.T("report.robots-unreachable")
	if rb.Status > 0 {
		status = fmt.Sprintf("HTTP %d", rb.Status)
	}
	if rb.Requested != "" {
		verdict = i18n.T("report.robots-requested", "Verdict", verdict, "Requested", rb.Requested)
	}
	return i18n.T("report.robots-line", "URL", rb.URL, "Status", status, "Verdict", verdict)
}

func textFindings(w io.Writer, r *inspect.Report) {
	counts := map[string]int{}
	for _, f := range r.Findings {
		counts[f.Severity]++
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T("report.findings-count", "Critical", counts[finding.Critical], "Warning", counts[finding.Warning], "Info", counts[finding.Info]))
	if len(r.Findings) == 0 {
		fmt.Fprintf(w, "  %s\n", i18n.T("report.none"))
	}
	// The messages start in one column: the widest severity word's, 8
	// columns ("CRITICAL") in English, 4 ("重大") in Japanese.
	cols := prose.Widest(i18n.Current().Upper(SeverityWord(finding.Critical)), i18n.Current().Upper(SeverityWord(finding.Warning)), i18n.Current().Upper(SeverityWord(finding.Info)))
	for _, f := range r.Findings {
		fmt.Fprintf(w, "  %s %s [%s]\n", prose.PadRight(i18n.Current().Upper(SeverityWord(f.Severity)), cols), f.Message, f.Code)
	}
}

func textCritical(w io.Writer, r *inspect.Report) {
	fmt.Fprintf(w, "\n%s\n", i18n.T("report.heading-critical"))
	if len(r.Critical) == 0 {
		fmt.Fprintf(w, "  %s\n", i18n.T("report.none-found"))
		return
	}
	tw := prose.NewTable(w, 2, prose.AlignLeft)
	fmt.Fprintf(tw, "  %s\n", columns("report.col-kind", "report.col-body-bytes", "report.col-crawler-gets-it", "report.col-value"))
	for _, c := range r.Critical {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", inspect.ElementLabel(c.Kind), inspect.BodyRange(c.Offset, c.End), inspect.KeptText(c), oneLine(c.Value, 60))
	}
	tw.Flush()
}

// oneLine shortens s to max runes on one line, for tables.
func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

func textComposition(w io.Writer, r *inspect.Report) {
	fmt.Fprintf(w, "\n%s\n", i18n.T("report.heading-composition"))
	kinds := make([]string, 0, len(r.Composition))
	for k, n := range r.Composition {
		if n > 0 { // as in the evidence pack: a kind the page lacks is noise
			kinds = append(kinds, k)
		}
	}
	// Ties go by name, so that the same page always prints the same report.
	sort.Slice(kinds, func(i, j int) bool {
		a, b := r.Composition[kinds[i]], r.Composition[kinds[j]]
		return a > b || a == b && kinds[i] < kinds[j]
	})
	tw := prose.NewTable(w, 2, prose.AlignRight)
	for _, k := range kinds {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t\n", inspect.SpanKindText(k), inspect.Bytes(r.Composition[k]), prose.Percent(r.Composition[k], r.BodyBytes))
	}
	tw.Flush()
	for _, a := range r.Advice {
		fmt.Fprintf(w, "  → %s\n", a.Message)
	}
}

func textImpact(w io.Writer, r *inspect.Report) {
	im := r.Impact
	if im == nil {
		return
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T("report.heading-impact-kept", "Kept", im.KeptBytes, "Total", im.KeptBytes+im.LostBytes))
	tw := prose.NewTable(w, 2, prose.AlignRight)
	fmt.Fprintf(tw, "  \t%s\t\n", columns(wholeID(r), "report.col-kept", "report.col-lost"))
	for _, row := range impactRows(im) {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t\n", row.name, inspect.Bytes(row.Full), inspect.Bytes(row.Kept), inspect.Bytes(row.Lost()))
	}
	tw.Flush()
	for _, note := range impactNotes(im, r.Partial != nil) {
		fmt.Fprintf(w, "  %s\n", note)
	}
}

// impactRow is one counted quantity of the impact table.
type impactRow struct {
	name string
	scan.Count
}

// impactRows are the quantities compared between the full page (or the
// bytes read: Report.Whole) and what the crawler keeps, in the order every
// report shows them.
func impactRows(im *scan.Impact) []impactRow {
	return []impactRow{
		{i18n.T("report.impact-internal-links"), im.Links.Internal},
		{i18n.T("report.impact-external-links"), im.Links.External},
		{i18n.T("report.impact-headings"), headingCount(im.Headings)},
		{i18n.T("report.impact-visible-text"), im.TextBytes},
		{i18n.T("report.impact-hreflang-links"), scan.Count{Full: int64(im.Hreflang.Full), Kept: int64(im.Hreflang.Kept)}},
	}
}

// impactNotes are the impact's sentences: elements lost, JSON-LD blocks
// cut or lost, the element left open at the cutoff. partial says that the
// page was not read to its end (Report.Whole is then the bytes read).
func impactNotes(im *scan.Impact, partial bool) []string {
	var notes []string
	missing := "report.impact-not-kept-page"
	if partial {
		missing = "report.impact-not-kept-read"
	}
	for _, p := range []struct {
		name string // an element's name, never translated
		p    scan.Presence
	}{{"title", im.Title}, {"meta description", im.MetaDescription}, {"canonical", im.Canonical}, {"meta robots", im.MetaRobots}, {"h1", im.H1}} {
		if p.p.Full && !p.p.Kept {
			notes = append(notes, i18n.T(missing, "Element", p.name))
		}
	}
	for _, j := range im.JSONLD {
		if j.State != scan.StateKept {
			id := "report.impact-jsonld-invalid"
			if j.ValidKept {
				id = "report.impact-jsonld-valid"
			}
			notes = append(notes, i18n.T(id, "Offset", j.Offset, "Types", oneLine(j.Types, 40), "State", jsonLDState(j.State)))
		}
	}
	if o := im.Open; o.Element != "" {
		open := strings.Join(o.Elements, " > ")
		if o.Element == "json-ld" {
			notes = append(notes, i18n.T("report.impact-open-jsonld", "Offset", o.Offset, "Open", open))
		} else {
			notes = append(notes, i18n.T("report.impact-open", "Element", "<"+o.Element+">", "Offset", o.Offset, "Open", open))
		}
	}
	return notes
}

// jsonLDState is a JSON-LD block's state (scan.StateCut, scan.StateLost)
// as a word for people.
func jsonLDState(state string) string {
	switch state {
	case scan.StateCut:
		return i18n.T("report.state-cut")
	case scan.StateLost:
		return i18n.T("report.state-lost")
	}
	return state
}

// SeverityWord is a finding's severity as a word for people, in lower
// case ("critical", "critico"); the code (finding.Critical, …) stays in
// JSON and CSV.
func SeverityWord(severity string) string {
	switch severity {
	case finding.Critical:
		return i18n.T("report.severity-critical")
	case finding.Warning:
		return i18n.T("report.severity-warning")
	case finding.Info:
		return i18n.T("report.severity-info")
	}
	return severity
}

// wholeID is the message naming what the impact compares the kept bytes
// with: the full page, or the bytes read when reading stopped early.
func wholeID(r *inspect.Report) string {
	if r.Partial != nil {
		return "report.whole-read"
	}
	return "report.whole-page"
}

// columns are the text report's column titles of ids, in capitals,
// separated by tabs for a prose.Table.
func columns(ids ...string) string {
	titles := make([]string, len(ids))
	for i, id := range ids {
		titles[i] = i18n.Current().Upper(i18n.T(id))
	}
	return strings.Join(titles, "\t")
}

func headingCount(h scan.HeadingImpact) scan.Count {
	var c scan.Count
	for i := range h.Full {
		c.Full += int64(h.Full[i])
		c.Kept += int64(h.Kept[i])
	}
	return c
}

func textResources(w io.Writer, r *inspect.Report) {
	if len(r.Resources) == 0 {
		if note := r.ResourcesNote(); note != "" {
			fmt.Fprintf(w, "\n%s\n", note)
		}
		return
	}
	fetched := 0
	for _, res := range r.Resources {
		if res.Fetched {
			fetched++
		}
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T("report.heading-resources-count", "Fetched", fetched, "Listed", len(r.Resources)))
	tw := prose.NewTable(w, 2, prose.AlignLeft)
	// ROBOTS (robots.txt's verdict) and URL are names, the same in every
	// language.
	fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", columns("report.col-kind", "report.col-status", "report.col-counted-bytes", "report.label-limit", "report.col-cut"),
		"ROBOTS", columns("report.col-seen"), "URL")
	inline := 0
	for _, res := range r.Resources {
		if strings.HasPrefix(res.URL, "data:") {
			inline += max(res.References, 1)
			continue
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", res.Kind.Text(), res.StatusText(), countedCell(res),
			limitCell(res), yesNo(res.Truncated, i18n.Current().Upper(i18n.T("report.cell-cut")), ""), res.RobotsText(), res.SeenText(), oneLine(res.URL, 90))
	}
	tw.Flush()
	if inline > 0 {
		fmt.Fprintf(w, "  %s\n", i18n.T("report.inline-data-uris", "Count", inline))
	}
}

// countedCell is a resource's counted bytes, "—" when no response came.
func countedCell(res resources.Resource) string {
	if !res.Requested || res.Status == 0 {
		return "—"
	}
	return inspect.Bytes(res.CountedBytes)
}

// limitCell is a resource's limit, "—" when it has none.
func limitCell(res resources.Resource) string {
	if res.LimitBytes <= 0 {
		return "—"
	}
	return inspect.Bytes(res.LimitBytes)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}
