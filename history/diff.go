package history

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
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
// a client, in the language in use. The first always says since when and
// by how much the page's size changed.
func (d *Diff) Sentences() []string {
	o, n := &d.Older, &d.Newer
	var out []string
	if o.FinalURL != n.FinalURL && n.FinalURL != "" {
		out = append(out, i18n.T("history.final-url-changed", "Now", n.FinalURL, "Before", o.FinalURL))
	}
	if o.Status != n.Status {
		out = append(out, i18n.T("history.status-changed", "Now", strconv.Itoa(n.Status), "Before", strconv.Itoa(o.Status)))
	}
	out = append(out, d.sizeSentence())
	if len(d.Recovered) > 0 {
		out = append(out, prose.Capitalize(i18n.T(oneOrMany("history.recovered", len(d.Recovered)), "Elements", elementList(d.Recovered))))
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
		out[0] = i18n.T("history.unchanged", "Since", since(o.Time, n.Time), "Bytes", n.BodyBytes,
			"Share", prose.Percent(n.CountedBytes, n.LimitBytes))
	}
	return out
}

// Text is the sentences as one paragraph, run on as the language in use
// runs sentences (i18n.Then).
func (d *Diff) Text() string {
	text := ""
	for _, s := range d.Sentences() {
		text = i18n.Then(text, s)
	}
	return text
}

// sizeSentence: since when the page grew or shrank, by what, where the
// cutoff now falls and what crossed it. Each clause is a whole clause in
// every language; the catalog joins them.
func (d *Diff) sizeSentence() string {
	o, n := &d.Older, &d.Newer
	from := since(o.Time, n.Time)
	var text string
	switch delta := n.BodyBytes - o.BodyBytes; {
	case delta > 0:
		text = i18n.T("history.grew", "Since", from, "Bytes", delta, "Kinds", kindDeltas(o, n, 1))
	case delta < 0:
		text = i18n.T("history.shrank", "Since", from, "Bytes", -delta, "Kinds", kindDeltas(o, n, -1))
	default:
		text = i18n.T("history.kept-size", "Since", from, "Bytes", n.BodyBytes)
	}
	cut := cutoffClause(o.CutoffOffset, n.CutoffOffset)
	if len(d.Crossed) > 0 && cut != "" && n.CutoffOffset != nil {
		cut = i18n.T(oneOrMany("history.cutoff-moved-crossed", len(d.Crossed)),
			"Offset", *n.CutoffOffset, "Elements", elementList(d.Crossed))
	} else if len(d.Crossed) > 0 {
		crossed := i18n.T(oneOrMany("history.crossed", len(d.Crossed)), "Elements", elementList(d.Crossed))
		cut = joinClauses(cut, crossed)
	}
	return i18n.T("history.sentence-end", "Text", joinClauses(text, cut))
}

// joinClauses joins two clauses of one sentence as the language does ("a;
// b"); either may be empty.
func joinClauses(first, next string) string {
	switch {
	case first == "":
		return next
	case next == "":
		return first
	}
	return i18n.T("history.clauses", "First", first, "Next", next)
}

// oneOrMany is the id of the message for one element or several: the
// verb agrees with the list ("is", "are") in languages that have one.
func oneOrMany(id string, n int) string {
	if n == 1 {
		return id + "-one"
	}
	return id + "-many"
}

// since names the older inspection's time: its date, with the time of
// day when both fall on the same day, written the language's way.
func since(older, newer time.Time) string {
	older, newer = older.UTC(), newer.UTC()
	if older.Format(time.DateOnly) == newer.Format(time.DateOnly) {
		return i18n.T("history.date-time", "Date", dateText(older), "Time", older.Format("15:04"))
	}
	return dateText(older)
}

// dateText writes t's date the language's way: "2026-11-20" in English,
// "20 novembre 2026" in French, "2026 年 11 月 20 日" in Japanese.
func dateText(t time.Time) string {
	day := strconv.Itoa(t.Day())
	switch {
	case t.Day() == 1:
		day = i18n.T("history.day-first")
	case t.Day() < 10:
		day = i18n.T("history.day-one-digit", "Day", day)
	}
	return i18n.T("history.date", "Year", fmt.Sprintf("%04d", t.Year()), "Month", i18n.T(monthIDs[t.Month()-1]), "Day", day)
}

// monthIDs are the messages naming the months, January first: a number in
// English and Japanese dates, a name in the others.
var monthIDs = [12]string{"history.month-01", "history.month-02", "history.month-03", "history.month-04",
	"history.month-05", "history.month-06", "history.month-07", "history.month-08", "history.month-09",
	"history.month-10", "history.month-11", "history.month-12"}

// cutoffClause says how the cutoff moved; "" when it did not.
func cutoffClause(older, newer *int64) string {
	switch {
	case newer != nil && (older == nil || *older != *newer):
		return i18n.T("history.cutoff-moved", "Offset", *newer)
	case newer == nil && older != nil:
		return i18n.T("history.cutoff-gone", "Offset", *older)
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
	return i18n.T("history.kind-changes", "List", strings.Join(parts, i18n.T("history.list-separator")))
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

// kindIDs are the messages naming a span kind's bytes in a sentence.
var kindIDs = map[string]string{
	"markup": "history.kind-markup", "text": "history.kind-text", "whitespace": "history.kind-whitespace",
	"comment": "history.kind-comment", "inline-script": "history.kind-inline-script", "json-ld": "history.kind-json-ld",
	"inline-style": "history.kind-inline-style", "data-uri": "history.kind-data-uri", "inline-svg": "history.kind-inline-svg",
}

// kindNoun names a span kind's bytes in a sentence.
func kindNoun(kind string) string {
	if id, ok := kindIDs[kind]; ok {
		return i18n.T(id)
	}
	return kind
}

// elementList names elements with their offsets: "the canonical link
// (byte 2,150,000) and the Product JSON-LD block (byte 2,160,000)".
func elementList(es []Element) string {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = i18n.T("history.element-at", "Element", elementName(e), "Offset", e.Offset)
	}
	if len(names) == 1 {
		return names[0]
	}
	return i18n.T("history.list-and", "List", strings.Join(names[:len(names)-1], i18n.T("history.list-separator")),
		"Last", names[len(names)-1])
}

// elementIDs are the messages naming a critical element with its article
// ("the canonical link").
var elementIDs = map[string]string{
	scan.ElementTitle: "history.element-title", scan.ElementMetaDescription: "history.element-meta-description",
	scan.ElementMetaRobots: "history.element-meta-robots", scan.ElementCanonical: "history.element-canonical",
	scan.ElementHreflang: "history.element-hreflang", scan.ElementJSONLD: "history.element-json-ld",
	scan.ElementH1: "history.element-h1", scan.ElementMain: "history.element-main",
	scan.ElementHeadEnd: "history.element-head-end", scan.ElementLastInternalLink: "history.element-last-internal-link",
}

// elementName names one element: "the canonical link", "the Product
// JSON-LD block", "the hreflang link for de".
func elementName(e Element) string {
	switch {
	case e.Kind == scan.ElementJSONLD && e.Value != "":
		return i18n.T("history.element-json-ld-typed", "Type", e.Value)
	case e.Kind == scan.ElementHreflang && e.Name != "":
		return i18n.T("history.element-hreflang-for", "Lang", e.Name)
	}
	if id, ok := elementIDs[e.Kind]; ok {
		return i18n.T(id)
	}
	return i18n.T("history.element-other", "Kind", e.Kind)
}

// robotsSentence says how robots.txt's verdict changed; "" when it did not.
func (d *Diff) robotsSentence() string {
	if !d.RobotsChanged {
		return ""
	}
	n := &d.Newer
	if n.RobotsAllowed {
		return i18n.T("history.robots-unblocked")
	}
	if n.RobotsRule != "" {
		return i18n.T("history.robots-blocked-rule", "Line", strconv.Itoa(n.RobotsLine), "Rule", n.RobotsRule)
	}
	return i18n.T("history.robots-blocked")
}

// limitSentence says the page passed NearLimitPercent of its limit.
func (d *Diff) limitSentence() string {
	o, n := &d.Older, &d.Newer
	share := func(in *Inspection) string { return prose.Percent(in.CountedBytes, in.LimitBytes) }
	if n.NearLimit() {
		return i18n.T("history.near-limit", "Share", share(n), "Limit", n.LimitBytes, "Before", share(o))
	}
	return i18n.T("history.back-under-limit", "Near", i18n.Current().Percent(strconv.Itoa(NearLimitPercent)),
		"Share", share(n), "Limit", n.LimitBytes, "Before", share(o))
}

// findingsSentence says how the count of critical findings and warnings
// changed; "" when neither did.
func (d *Diff) findingsSentence() string {
	o, n := d.Older.Findings, d.Newer.Findings
	if o.Critical == n.Critical && o.Warning == n.Warning {
		return ""
	}
	return i18n.T("history.findings-changed", "Now", findingCount(n), "Before", findingCount(o))
}

// findingCount writes the critical findings and warnings of c: "2
// critical findings and 1 warning", "none".
func findingCount(c FindingCounts) string {
	if c.Critical == 0 && c.Warning == 0 {
		return i18n.T("history.no-findings")
	}
	return i18n.T("history.findings-count", "Critical", i18n.T("history.critical-findings", "Count", c.Critical),
		"Warnings", i18n.T("history.warnings", "Count", c.Warning))
}
