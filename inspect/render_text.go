package inspect

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// WriteText writes the report as text for a terminal: the fetch and its
// byte accounting, the findings, the critical elements, what the bytes are
// made of, the impact of the cutoff and the subresources. Every control
// character but the line breaks is written as '?' (prose.PrintableLines),
// so that no text of the page or the server drives the terminal.
func (r *Report) WriteText(w io.Writer) error {
	bw := &strings.Builder{}
	r.textFetch(bw)
	r.textFindings(bw)
	r.textCritical(bw)
	r.textComposition(bw)
	r.textImpact(bw)
	r.textResources(bw)
	if r.Render != nil {
		textRendered(bw, r.Render)
	}
	_, err := io.WriteString(w, prose.PrintableLines(bw.String()))
	return err
}

func (r *Report) textFetch(w io.Writer) {
	res := r.Fetch
	fmt.Fprintf(w, "Cutoff report: %s as %s\n", r.URL, r.Profile.Name)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if r.FinalURL != r.URL && !res.Local { // a file's final URL is only its file:// form
		fmt.Fprintf(tw, "Final URL\t%s (%d redirects)\n", r.FinalURL, len(res.Redirects))
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
func accounting(r *Report) string {
	res := r.Fetch
	body := Bytes(res.BodyBytes) + " decoded body"
	if res.ContentEncoding != "" && !res.Local {
		body += fmt.Sprintf(" (%s on the wire)", Bytes(res.WireBodyBytes))
	}
	if !res.ReadComplete {
		body += ", read incomplete"
	}
	if !res.CountsHeaders {
		return fmt.Sprintf("%s; the %s-byte header does not count", body, Bytes(res.HeaderBytes))
	}
	return fmt.Sprintf("%s header + %s = %s counted", Bytes(res.HeaderBytes), body, Bytes(res.HeaderBytes+res.BodyBytes))
}

func limitText(r *Report) string {
	res := r.Fetch
	s := Bytes(res.LimitBytes) + " bytes for " + string(res.Kind)
	if res.LimitBinaryBytes > 0 {
		s += fmt.Sprintf(" (%s if MB is read as MiB)", Bytes(res.LimitBinaryBytes))
	}
	return s
}

func cutoffText(r *Report) string {
	res := r.Fetch
	if res.CutoffOffset == nil && r.Partial != nil {
		return r.Partial.CutoffText()
	}
	if res.CutoffOffset == nil {
		if res.LimitBytes > 0 {
			return fmt.Sprintf("none: the crawler keeps everything (%s of the limit)", percentOf(countedBytes(r), res.LimitBytes))
		}
		return "none"
	}
	cut := *res.CutoffOffset
	lost := res.BodyBytes - cut
	s := fmt.Sprintf("body byte %s: the last %s bytes read (%s) never reach the crawler", Bytes(cut), Bytes(lost), percentOf(lost, res.BodyBytes))
	if b := res.BinaryCutoffOffset; b != nil && *b != cut {
		s += fmt.Sprintf("; at body byte %s under the binary reading", Bytes(*b))
	}
	return s
}

func countedBytes(r *Report) int64 {
	return r.Fetch.CountedHeaderBytes() + r.Fetch.BodyBytes
}

func robotsText(rb *RobotsSummary) string {
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
	return fmt.Sprintf("%s, %s: %s", rb.URL, status, verdict)
}

func (r *Report) textFindings(w io.Writer) {
	counts := map[string]int{}
	for _, f := range r.Findings {
		counts[f.Severity]++
	}
	fmt.Fprintf(w, "\nFindings: %s critical, %s warning, %s info\n", thousands(counts[SeverityCritical]), thousands(counts[SeverityWarning]), thousands(counts[SeverityInfo]))
	if len(r.Findings) == 0 {
		fmt.Fprintln(w, "  none")
	}
	for _, f := range r.Findings {
		fmt.Fprintf(w, "  %-8s %s [%s]\n", strings.ToUpper(f.Severity), f.Message, f.Code)
	}
}

func (r *Report) textCritical(w io.Writer) {
	fmt.Fprintln(w, "\nCritical elements")
	if len(r.Critical) == 0 {
		fmt.Fprintln(w, "  none found")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  KIND\tBODY BYTES\tCRAWLER GETS IT\tVALUE")
	for _, c := range r.Critical {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", c.Kind, BodyRange(c.Offset, c.End), KeptWord(c), oneLine(c.Value, 60))
	}
	tw.Flush()
}

// Verdicts on a critical element, as Verdict gives them.
const (
	VerdictKept = "yes"  // before the cutoff
	VerdictCut  = "CUT"  // starts before the cutoff, ends after it
	VerdictLost = "LOST" // past the cutoff
)

// Verdict says whether the crawler gets a critical element: VerdictKept,
// VerdictCut or VerdictLost.
func Verdict(c Critical) string {
	switch {
	case c.HasFlag(FlagCut):
		return VerdictCut
	case c.BeyondCutoff:
		return VerdictLost
	}
	return VerdictKept
}

// KeptWord says whether the crawler gets a critical element, in the words
// every view uses: its Verdict, followed by "(kept if MB means MiB)" when
// the binary reading of the limit would keep it.
func KeptWord(c Critical) string {
	w := Verdict(c)
	if c.AtRisk && w != VerdictKept {
		w += " " + keptIfBinary
	}
	return w
}

// keptIfBinary qualifies a verdict the binary reading of the limit reverses.
const keptIfBinary = "(kept if MB means MiB)"

// oneLine shortens s to max runes on one line, for tables.
func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

func (r *Report) textComposition(w io.Writer) {
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
		fmt.Fprintf(tw, "  %s\t%s\t%s\t\n", k, Bytes(r.Composition[k]), percentOf(r.Composition[k], r.BodyBytes))
	}
	tw.Flush()
	for _, c := range r.Contributors {
		fmt.Fprintf(w, "  → %s\n", c.Message)
	}
}

func (r *Report) textImpact(w io.Writer) {
	im := r.Impact
	if im == nil {
		return
	}
	fmt.Fprintf(w, "\nWhat the crawler loses (keeps %s of %s body bytes)\n", Bytes(im.KeptBytes), Bytes(im.KeptBytes+im.LostBytes))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "  \t%s\tKEPT\tLOST\t\n", strings.ToUpper(r.Whole()))
	for _, row := range impactRows(im) {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t\n", row.name, Bytes(row.Full), Bytes(row.Kept), Bytes(row.Lost()))
	}
	tw.Flush()
	for _, note := range impactNotes(im, r.Whole()) {
		fmt.Fprintf(w, "  %s\n", note)
	}
}

// impactRow is one counted quantity of the impact table.
type impactRow struct {
	name string
	Count
}

// impactRows are the quantities compared between the full page (or the
// bytes read: Report.Whole) and what the crawler keeps, in the order every
// report shows them.
func impactRows(im *Impact) []impactRow {
	return []impactRow{
		{"internal links", im.Links.Internal},
		{"external links", im.Links.External},
		{"headings", headingCount(im.Headings)},
		{"visible text (source)", im.TextBytes},
		{"hreflang links", Count{Full: int64(im.Hreflang.Full), Kept: int64(im.Hreflang.Kept)}},
	}
}

// impactNotes are the impact's sentences: elements lost, JSON-LD blocks
// cut or lost, the element left open at the cutoff; whole is Report.Whole.
func impactNotes(im *Impact, whole string) []string {
	var notes []string
	for _, p := range []struct {
		name string
		p    Presence
	}{{"title", im.Title}, {"meta description", im.MetaDescription}, {"canonical", im.Canonical}, {"meta robots", im.MetaRobots}, {"h1", im.H1}} {
		if p.p.Full && !p.p.Kept {
			notes = append(notes, fmt.Sprintf("The %s is in the %s but not in what the crawler keeps.", p.name, whole))
		}
	}
	for _, j := range im.JSONLD {
		if j.State != StateKept {
			notes = append(notes, fmt.Sprintf("JSON-LD at body byte %s (%s): %s, valid JSON for the crawler: %v.", Bytes(j.Offset), oneLine(j.Types, 40), j.State, j.ValidKept))
		}
	}
	if o := im.Open; o.Element != "" {
		el := "<" + o.Element + ">"
		if o.Element == "json-ld" {
			el = "a JSON-LD <script>"
		}
		notes = append(notes, fmt.Sprintf("Open at the cutoff: %s from byte %s (open elements: %s).", el, Bytes(o.Offset), strings.Join(o.Elements, " > ")))
	}
	return notes
}

func headingCount(h HeadingImpact) Count {
	var c Count
	for i := range h.Full {
		c.Full += int64(h.Full[i])
		c.Kept += int64(h.Kept[i])
	}
	return c
}

func (r *Report) textResources(w io.Writer) {
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
	fmt.Fprintf(w, "\nSubresources: %s the crawler fetches, %s listed in all\n", thousands(fetched), thousands(len(r.Resources)))
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
		fmt.Fprintf(w, "  and %s (inline data: URIs, nothing to fetch)\n", pluralize(inline, "data: URI", "data: URIs"))
	}
}

// countedCell is a resource's counted bytes, "—" when no response came.
func countedCell(res Resource) string {
	if !res.Requested || res.Status == 0 {
		return "—"
	}
	return Bytes(res.CountedBytes)
}

// limitCell is a resource's limit, "—" when it has none.
func limitCell(res Resource) string {
	if res.LimitBytes <= 0 {
		return "—"
	}
	return Bytes(res.LimitBytes)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}
