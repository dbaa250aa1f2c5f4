package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/scan"
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
	fmt.Fprintf(w, "Cutoff report: %s as %s\n", r.URL, r.Profile.Name)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if r.FinalURL != r.URL && !res.Local { // a file's final URL is only its file:// form
		fmt.Fprintf(tw, "Final URL\t%s (%s)\n", r.FinalURL, prose.Count(int64(len(res.Redirects)), "redirect", "redirects"))
	}
	if res.Local {
		fmt.Fprintf(tw, "Source\tlocal file\n")
	} else {
		fmt.Fprintf(tw, "Response\t%s\t%s\n", res.StatusLine, strings.TrimSpace(res.ContentType+" "+res.ContentEncoding))
	}
	fmt.Fprintf(tw, "Bytes\t%s\n", accounting(r))
	fmt.Fprintf(tw, "Limit\t%s\n", limitText(r))
	fmt.Fprintf(tw, "Cutoff\t%s\n", cutoffText(r))
	if rb := r.Robots; rb != nil {
		fmt.Fprintf(tw, "robots.txt\t%s\n", robotsText(rb))
	}
	tw.Flush()
}

// accounting is the byte sum: header + decoded body = counted.
func accounting(r *inspect.Report) string {
	res := r.Fetch
	body := inspect.Bytes(res.BodyBytes) + " decoded body"
	if res.ContentEncoding != "" && !res.Local {
		body += fmt.Sprintf(" (%s on the wire)", inspect.Bytes(res.WireBodyBytes))
	}
	if !res.ReadComplete {
		body += ", read incomplete"
	}
	if !res.CountsHeaders {
		return fmt.Sprintf("%s; the %s-byte header does not count", body, inspect.Bytes(res.HeaderBytes))
	}
	header := inspect.Bytes(res.HeaderBytes) + " header"
	if note := inspect.LocalHeaderNote(&res.Accounting, res.Local); note != "" {
		header += " (" + note + ")"
	}
	return fmt.Sprintf("%s + %s = %s counted", header, body, inspect.Bytes(res.HeaderBytes+res.BodyBytes))
}

func limitText(r *inspect.Report) string {
	res := r.Fetch
	s := inspect.Bytes(res.LimitBytes) + " bytes for " + string(res.Kind)
	if res.LimitBinaryBytes > 0 {
		s += fmt.Sprintf(" (%s if MB is read as MiB)", inspect.Bytes(res.LimitBinaryBytes))
	}
	return s
}

func cutoffText(r *inspect.Report) string {
	res := r.Fetch
	if res.CutoffOffset == nil && r.Partial != nil {
		return r.Partial.CutoffText()
	}
	if res.CutoffOffset == nil {
		if res.LimitBytes > 0 {
			return fmt.Sprintf("none: the crawler keeps everything (%s of the limit)", prose.Percent(countedBytes(r), res.LimitBytes))
		}
		return "none"
	}
	cut := *res.CutoffOffset
	lost := res.BodyBytes - cut
	s := fmt.Sprintf("body byte %s: the last %s bytes read (%s) never reach the crawler", inspect.Bytes(cut), inspect.Bytes(lost), prose.Percent(lost, res.BodyBytes))
	if b := res.BinaryCutoffOffset; b != nil && *b != cut {
		s += fmt.Sprintf("; at body byte %s under the binary reading", inspect.Bytes(*b))
	}
	return s
}

func countedBytes(r *inspect.Report) int64 {
	return r.Fetch.CountedHeaderBytes() + r.Fetch.BodyBytes
}

func robotsText(rb *inspect.RobotsSummary) string {
	if rb.Skipped {
		return rb.Reason
	}
	verdict := "allowed"
	if !rb.Allowed {
		verdict = "DISALLOWED"
	}
	if rb.Line > 0 {
		verdict += fmt.Sprintf(" by line %d (%s)", rb.Line, rb.Rule)
	}
	status := "unreachable"
	if rb.Status > 0 {
		status = fmt.Sprintf("HTTP %d", rb.Status)
	}
	if rb.Requested != "" {
		verdict += ", matched as requested: " + rb.Requested
	}
	return fmt.Sprintf("%s, %s: %s", rb.URL, status, verdict)
}

func textFindings(w io.Writer, r *inspect.Report) {
	counts := map[string]int{}
	for _, f := range r.Findings {
		counts[f.Severity]++
	}
	fmt.Fprintf(w, "\nFindings: %s critical, %s warning, %s info\n", prose.Thousands(int64(counts[finding.Critical])), prose.Thousands(int64(counts[finding.Warning])), prose.Thousands(int64(counts[finding.Info])))
	if len(r.Findings) == 0 {
		fmt.Fprintln(w, "  none")
	}
	for _, f := range r.Findings {
		fmt.Fprintf(w, "  %-8s %s [%s]\n", strings.ToUpper(f.Severity), f.Message, f.Code)
	}
}

func textCritical(w io.Writer, r *inspect.Report) {
	fmt.Fprintln(w, "\nCritical elements")
	if len(r.Critical) == 0 {
		fmt.Fprintln(w, "  none found")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  KIND\tBODY BYTES\tCRAWLER GETS IT\tVALUE")
	for _, c := range r.Critical {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", c.Kind, inspect.BodyRange(c.Offset, c.End), inspect.KeptWord(c), oneLine(c.Value, 60))
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
	fmt.Fprintln(w, "\nWhat the body is made of")
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
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	for _, k := range kinds {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t\n", k, inspect.Bytes(r.Composition[k]), prose.Percent(r.Composition[k], r.BodyBytes))
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
	fmt.Fprintf(w, "\nWhat the crawler loses (keeps %s of %s body bytes)\n", inspect.Bytes(im.KeptBytes), inspect.Bytes(im.KeptBytes+im.LostBytes))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "  \t%s\tKEPT\tLOST\t\n", strings.ToUpper(r.Whole()))
	for _, row := range impactRows(im) {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t\n", row.name, inspect.Bytes(row.Full), inspect.Bytes(row.Kept), inspect.Bytes(row.Lost()))
	}
	tw.Flush()
	for _, note := range impactNotes(im, r.Whole()) {
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
		{"internal links", im.Links.Internal},
		{"external links", im.Links.External},
		{"headings", headingCount(im.Headings)},
		{"visible text (source)", im.TextBytes},
		{"hreflang links", scan.Count{Full: int64(im.Hreflang.Full), Kept: int64(im.Hreflang.Kept)}},
	}
}

// impactNotes are the impact's sentences: elements lost, JSON-LD blocks
// cut or lost, the element left open at the cutoff; whole is Report.Whole.
func impactNotes(im *scan.Impact, whole string) []string {
	var notes []string
	for _, p := range []struct {
		name string
		p    scan.Presence
	}{{"title", im.Title}, {"meta description", im.MetaDescription}, {"canonical", im.Canonical}, {"meta robots", im.MetaRobots}, {"h1", im.H1}} {
		if p.p.Full && !p.p.Kept {
			notes = append(notes, fmt.Sprintf("The %s is in the %s but not in what the crawler keeps.", p.name, whole))
		}
	}
	for _, j := range im.JSONLD {
		if j.State != scan.StateKept {
			notes = append(notes, fmt.Sprintf("JSON-LD at body byte %s (%s): %s, valid JSON for the crawler: %v.", inspect.Bytes(j.Offset), oneLine(j.Types, 40), j.State, j.ValidKept))
		}
	}
	if o := im.Open; o.Element != "" {
		el := "<" + o.Element + ">"
		if o.Element == "json-ld" {
			el = "a JSON-LD <script>"
		}
		notes = append(notes, fmt.Sprintf("Open at the cutoff: %s from byte %s (open elements: %s).", el, inspect.Bytes(o.Offset), strings.Join(o.Elements, " > ")))
	}
	return notes
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
	fmt.Fprintf(w, "\nSubresources: %s the crawler fetches, %s listed in all\n", prose.Thousands(int64(fetched)), prose.Thousands(int64(len(r.Resources))))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  KIND\tSTATUS\tCOUNTED BYTES\tLIMIT\tCUT\tROBOTS\tSEEN\tURL")
	inline := 0
	for _, res := range r.Resources {
		if strings.HasPrefix(res.URL, "data:") {
			inline += max(res.References, 1)
			continue
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", res.Kind, res.StatusWord(), countedCell(res),
			limitCell(res), yesNo(res.Truncated, "CUT", ""), res.RobotsWord(), res.SeenWord(), oneLine(res.URL, 90))
	}
	tw.Flush()
	if inline > 0 {
		fmt.Fprintf(w, "  and %s (inline data: URIs, nothing to fetch)\n", prose.Count(int64(inline), "data: URI", "data: URIs"))
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
