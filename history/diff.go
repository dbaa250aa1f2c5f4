package history

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Diff is what changed between two inspections of a page.
type Diff struct {
	Older, Newer Inspection
	// Crossed lists the critical elements kept in Older that the crawler
	// no longer gets whole in Newer, as Newer has them, and those new in
	// Newer that lie past its cutoff; Recovered the elements lost in Older
	// and kept in Newer.
	Crossed   []Element
	Recovered []Element
	// RobotsChanged is true when robots.txt's verdict on the page changed
	// (both inspections consulted it).
	RobotsChanged bool
	// NearLimitChanged is true when the page passed NearLimitPercent of its
	// limit, either way.
	NearLimitChanged bool
}

// Compare says what changed from older to newer. Critical elements are
// matched by kind and rank among their kind (the first canonical with the
// first canonical).
func Compare(older, newer Inspection) Diff {
	d := Diff{Older: older, Newer: newer}
	before := make(map[string]Element, len(older.Critical))
	for k, e := range rankedElements(older.Critical) {
		before[k] = e
	}
	for k, e := range rankedElements(newer.Critical) {
		old, ok := before[k]
		switch {
		case !ok && e.BeyondCutoff: // new, and already out of reach
			d.Crossed = append(d.Crossed, e)
		case !ok || old.BeyondCutoff == e.BeyondCutoff:
		case e.BeyondCutoff:
			d.Crossed = append(d.Crossed, e)
		default:
			d.Recovered = append(d.Recovered, e)
		}
	}
	byOffset := func(es []Element) {
		sort.SliceStable(es, func(i, j int) bool { return es[i].Offset < es[j].Offset })
	}
	byOffset(d.Crossed)
	byOffset(d.Recovered)
	d.RobotsChanged = !older.RobotsSkipped && !newer.RobotsSkipped && older.RobotsAllowed != newer.RobotsAllowed
	d.NearLimitChanged = older.NearLimit() != newer.NearLimit()
	return d
}

// rankedElements keys each element by its kind and rank among its kind.
func rankedElements(es []Element) map[string]Element {
	seen := map[string]int{}
	out := make(map[string]Element, len(es))
	for _, e := range es {
		out[fmt.Sprintf("%s#%d", e.Kind, seen[e.Kind])] = e
		seen[e.Kind]++
	}
	return out
}

// VerdictChanged reports whether the change is one a watch list warns
// about: a critical element crossed the cutoff (either way), robots.txt's
// verdict changed, or the page passed NearLimitPercent of its limit.
func (d *Diff) VerdictChanged() bool {
	return len(d.Crossed) > 0 || len(d.Recovered) > 0 || d.RobotsChanged || d.NearLimitChanged
}

// Sentences says what changed, a sentence each, to paste in a message to
// a client. The first always says since when and by how much the page's
// size changed.
func (d *Diff) Sentences() []string {
	o, n := &d.Older, &d.Newer
	var out []string
	if o.FinalURL != n.FinalURL && n.FinalURL != "" {
		out = append(out, fmt.Sprintf("The page now ends at %s (it ended at %s).", n.FinalURL, o.FinalURL))
	}
	if o.Status != n.Status {
		out = append(out, fmt.Sprintf("The server now answers %d (it answered %d).", n.Status, o.Status))
	}
	out = append(out, d.sizeSentence())
	if len(d.Recovered) > 0 {
		out = append(out, prose.Sentence(fmt.Sprintf("%s %s back before the cutoff",
			elementList(d.Recovered), isAre(len(d.Recovered)))))
	}
	if s := d.robotsSentence(); s != "" {
		out = append(out, s)
	}
	if d.NearLimitChanged {
		out = append(out, d.limitSentence())
	}
	if fc := d.findingsSentence(); fc != "" {
		out = append(out, fc)
	}
	if len(out) == 1 && o.BodyBytes == n.BodyBytes && !d.VerdictChanged() && cutoffClause(o.CutoffOffset, n.CutoffOffset) == "" {
		out[0] = fmt.Sprintf("Since %s nothing the crawler gets has changed: the page is %s bytes, %s of its limit.",
			since(o.Time, n.Time), prose.Thousands(n.BodyBytes), prose.Percent(n.CountedBytes, n.LimitBytes))
	}
	return out
}

// Text is the sentences as one paragraph.
func (d *Diff) Text() string { return strings.Join(d.Sentences(), " ") }

// sizeSentence: since when the page grew or shrank, by what, where the
// cutoff now falls and what crossed it.
func (d *Diff) sizeSentence() string {
	o, n := &d.Older, &d.Newer
	var b strings.Builder
	fmt.Fprintf(&b, "Since %s ", since(o.Time, n.Time))
	switch delta := n.BodyBytes - o.BodyBytes; {
	case delta > 0:
		fmt.Fprintf(&b, "the page grew by %s bytes%s", prose.Thousands(delta), kindDeltas(o, n, 1))
	case delta < 0:
		fmt.Fprintf(&b, "the page shrank by %s bytes%s", prose.Thousands(-delta), kindDeltas(o, n, -1))
	default:
		fmt.Fprintf(&b, "the page kept its size of %s bytes", prose.Thousands(n.BodyBytes))
	}
	cut := cutoffClause(o.CutoffOffset, n.CutoffOffset)
	if cut != "" {
		b.WriteString("; " + cut)
	}
	if len(d.Crossed) > 0 {
		list := elementList(d.Crossed)
		if cut != "" && n.CutoffOffset != nil {
			fmt.Fprintf(&b, ", and %s %s behind it", list, isAre(len(d.Crossed)))
		} else {
			fmt.Fprintf(&b, "; %s %s now behind the cutoff", list, isAre(len(d.Crossed)))
		}
	}
	b.WriteString(".")
	return b.String()
}

// since names the older inspection's time: its date, with the time of
// day when both fall on the same day.
func since(older, newer time.Time) string {
	older, newer = older.UTC(), newer.UTC()
	if older.Format(time.DateOnly) == newer.Format(time.DateOnly) {
		return older.Format("2006-01-02 15:04 UTC")
	}
	return older.Format(time.DateOnly)
}

// cutoffClause says how the cutoff moved; "" when it did not.
func cutoffClause(older, newer *int64) string {
	switch {
	case newer != nil && (older == nil || *older != *newer):
		return "the cutoff now falls at body byte " + prose.Thousands(*newer)
	case newer == nil && older != nil:
		return fmt.Sprintf("nothing is cut any more (the cutoff fell at body byte %s)", prose.Thousands(*older))
	}
	return ""
}

// kindDeltas names the (at most two) kinds of content that changed most in
// the direction sign, as " (inline scripts +298,000, data: URIs +12,000)".
func kindDeltas(o, n *Inspection, sign int64) string {
	type change struct {
		kind  string
		delta int64
	}
	var cs []change
	for _, k := range kindsOf(o.Composition, n.Composition) {
		if d := n.Composition[k] - o.Composition[k]; d*sign > 0 {
			cs = append(cs, change{k, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].delta*sign > cs[j].delta*sign })
	if len(cs) > 2 {
		cs = cs[:2]
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		s := "+"
		if c.delta < 0 {
			s = "-"
		}
		parts[i] = kindNoun(c.kind) + " " + s + prose.Thousands(max(c.delta, -c.delta))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// kindsOf lists the keys of both maps, sorted.
func kindsOf(a, b map[string]int64) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]int64{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// kindNoun names a span kind's bytes in a sentence.
func kindNoun(kind string) string {
	switch kind {
	case "markup":
		return "markup"
	case "text":
		return "text"
	case "whitespace":
		return "white space"
	case "comment":
		return "HTML comments"
	case "inline-script":
		return "inline scripts"
	case "json-ld":
		return "JSON-LD"
	case "inline-style":
		return "inline styles"
	case "data-uri":
		return "data: URIs"
	case "inline-svg":
		return "inline SVG"
	}
	return kind
}

// elementList names elements with their offsets: "the canonical link
// (byte 2,150,000) and the Product JSON-LD block (byte 2,160,000)".
func elementList(es []Element) string {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = fmt.Sprintf("%s (byte %s)", elementName(e), prose.Thousands(e.Offset))
	}
	switch len(names) {
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// elementName names one element: "the canonical link", "the Product
// JSON-LD block", "the hreflang link for de".
func elementName(e Element) string {
	label := inspect.ElementLabel(e.Kind)
	switch {
	case e.Kind == scan.ElementJSONLD && e.Value != "":
		return "the " + e.Value + " " + label
	case e.Kind == scan.ElementHreflang && e.Name != "":
		return "the " + label + " for " + e.Name
	}
	return "the " + label
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// robotsSentence says how robots.txt's verdict changed; "" when it did not.
func (d *Diff) robotsSentence() string {
	if !d.RobotsChanged {
		return ""
	}
	n := &d.Newer
	if n.RobotsAllowed {
		return "robots.txt no longer blocks the page for this crawler."
	}
	if n.RobotsRule != "" {
		return fmt.Sprintf("robots.txt now blocks the page for this crawler (line %d: %s).", n.RobotsLine, n.RobotsRule)
	}
	return "robots.txt now blocks the page for this crawler."
}

// limitSentence says the page passed NearLimitPercent of its limit.
func (d *Diff) limitSentence() string {
	o, n := &d.Older, &d.Newer
	share := func(in *Inspection) string { return prose.Percent(in.CountedBytes, in.LimitBytes) }
	if n.NearLimit() {
		return fmt.Sprintf("The page now uses %s of its %s-byte limit (it used %s).",
			share(n), prose.Thousands(n.LimitBytes), share(o))
	}
	return fmt.Sprintf("The page is back under %d%% of its limit: it uses %s of %s bytes (it used %s).",
		NearLimitPercent, share(n), prose.Thousands(n.LimitBytes), share(o))
}

// findingsSentence says how the count of critical findings and warnings
// changed; "" when neither did.
func (d *Diff) findingsSentence() string {
	o, n := d.Older.Findings, d.Newer.Findings
	if o.Critical == n.Critical && o.Warning == n.Warning {
		return ""
	}
	return fmt.Sprintf("The report now has %s (it had %s).", findingCount(n), findingCount(o))
}

// findingCount writes the critical findings and warnings of c: "2
// critical findings and 1 warning", "none".
func findingCount(c FindingCounts) string {
	if c.Critical == 0 && c.Warning == 0 {
		return "no critical finding and no warning"
	}
	return prose.Count(int64(c.Critical), "critical finding", "critical findings") + " and " +
		prose.Count(int64(c.Warning), "warning", "warnings")
}
