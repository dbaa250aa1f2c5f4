package app

import (
	"strings"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/impacttab"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/resourcestab"
	"github.com/cutoffapp/cutoff/app/robotstab"
	"github.com/cutoffapp/cutoff/app/whatiftab"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// maxRulerSegments bounds the segments handed to the ruler: past it the
// byte map is coarsened first, so a 256 MB page of tiny spans stays cheap.
const maxRulerSegments = 100_000

// views is everything the tabs show for one report, computed on the
// inspection's goroutine so the UI thread only assigns.
type views struct {
	overview  overviewData
	source    sourceData
	impact    impacttab.Data
	resources []resourcestab.Row
	// resourcesNote says why no subresource was fetched; "" when they were.
	resourcesNote string
	robots        robotstab.Data
	whatIf        whatiftab.Data
}

// prepareViews derives every tab's content from a report. It reads the
// report only and may run on any goroutine.
func prepareViews(rep *inspect.Report, p fetch.Profile) *views {
	v := &views{resources: resourcestab.RowsOf(rep.Resources), resourcesNote: rep.ResourcesNote(), robots: robotstab.DataOf(rep, p)}
	v.overview = overviewOf(rep)
	if rep.Fetch != nil {
		v.source = sourceDataOf(rep.Fetch, rep.Analysis)
	}
	v.impact = impacttab.DataOf(rep.Analysis, rep.Profile.Name, rep.Whole())
	v.whatIf = whatiftab.DataOf(rep, p)
	return v
}

func overviewOf(rep *inspect.Report) overviewData {
	d := overviewData{summary: summaryText(rep), model: rulerModelOf(rep), whatIf: whatiftab.Simulable(rep)}
	if an := rep.Analysis; an != nil {
		d.findings = an.Findings
		d.legend = legendOf(an.Composition, d.model.HeaderBytes)
		d.contributors = adviceText(an.Advice)
	}
	if d.contributors == "" && d.whatIf {
		// Rather than a blank line beside the What if… button.
		d.contributors = i18n.T("app.no-advice")
	}
	return d
}

// rulerModelOf maps a report to the ruler: header block when it counts,
// body spans by kind, both readings of the cutoff, critical elements.
func rulerModelOf(rep *inspect.Report) byteview.RulerModel {
	var m byteview.RulerModel
	if r := rep.Fetch; r != nil {
		m.BodyBytes, m.HeaderBytes = r.BodyBytes, r.CountedHeaderBytes()
		m.Cutoff, m.BinaryCutoff = r.CutoffOffset, r.BinaryCutoffOffset
		m.LimitBytes, m.BinaryLimitBytes = r.LimitBytes, r.LimitBinaryBytes
		if pr := rep.Partial; pr != nil && r.CutoffOffset == nil {
			// Drawn to the announced length, so the limit line stands where
			// the cutoff would fall; the caption says it was not read.
			m.ScaleBytes = m.HeaderBytes + pr.AnnouncedBytes
			m.Caption = i18n.T("app.ruler-incomplete", "Cutoff", pr.CutoffText())
		}
	}
	an := rep.Analysis
	if an == nil {
		return m
	}
	m.Segments = rulerSegments(&an.ByteMap)
	for _, c := range an.Critical {
		m.Markers = append(m.Markers, byteview.RulerMarker{
			Offset: c.Offset, End: c.End, Kind: c.Kind, Label: criticalLabel(c),
			Beyond: c.BeyondCutoff, AtRisk: c.AtRisk,
		})
	}
	return m
}

// rulerSegments converts the byte map, coarsened first when it is too
// fine to hand over span by span.
func rulerSegments(bm *scan.ByteMap) []byteview.RulerSegment {
	if n := bm.Len(); n > maxRulerSegments {
		spans := bm.Coarsen(maxRulerSegments)
		segs := make([]byteview.RulerSegment, len(spans))
		for i, s := range spans {
			segs[i] = byteview.RulerSegment{Start: s.Offset, End: s.End, Kind: s.Kind.String()}
		}
		return segs
	}
	segs := make([]byteview.RulerSegment, bm.Len())
	for i := range segs {
		s := bm.At(i)
		segs[i] = byteview.RulerSegment{Start: s.Offset, End: s.End, Kind: s.Kind.String()}
	}
	return segs
}

// highlightsOf tints the critical elements in the source view.
func highlightsOf(an *inspect.Analysis) []byteview.SourceHighlight {
	if an == nil {
		return nil
	}
	hs := make([]byteview.SourceHighlight, 0, len(an.Critical))
	for _, c := range an.Critical {
		end := c.End
		if c.Kind == scan.ElementMain {
			// <main> wraps the page's content: tinting all of it would tint
			// everything else too, so only its start is marked.
			end = min(end, c.Offset+mainHighlightBytes)
		}
		hs = append(hs, byteview.SourceHighlight{Start: c.Offset, End: end, Kind: c.Kind, Label: criticalLabel(c)})
	}
	return hs
}

// mainHighlightBytes is how much of a <main> element the source view tints.
const mainHighlightBytes = 6

// criticalLabel names a critical element the way a consultant says it.
func criticalLabel(c scan.Critical) string {
	names := map[string]string{
		scan.ElementTitle: "title", scan.ElementMetaDescription: "meta description",
		scan.ElementMetaRobots: "meta robots", scan.ElementHreflang: "hreflang", scan.ElementJSONLD: "JSON-LD",
		scan.ElementMain: "<main>", scan.ElementHeadEnd: "</head>",
	}
	described := map[string]string{ // names that are words, not markup
		scan.ElementCanonical: "app.element-canonical", scan.ElementH1: "app.element-first-h1",
		scan.ElementLastInternalLink: "app.element-last-internal-link",
	}
	label, ok := names[c.Kind]
	if id, words := described[c.Kind]; words {
		label, ok = i18n.T(id), true
	}
	if !ok {
		label = c.Kind
	}
	switch {
	case c.Kind == scan.ElementMetaRobots && c.Name != "":
		label += " (" + c.Name + ")"
	case c.Kind == scan.ElementHreflang && c.Name != "":
		label += " " + c.Name
	case c.Kind == scan.ElementJSONLD && c.Value != "":
		label += " (" + kit.Shorten(c.Value, 40) + ")"
	}
	return label
}

// legendOf lists the kinds of bytes in the ruler's legend order, with
// their totals and their shares of the decoded body (as the reports give
// them), leaving out kinds the page does not have; the header block comes
// first when it counts, without a share.
func legendOf(comp scan.Composition, header int64) []legendItem {
	var body int64
	for _, n := range comp {
		body += n
	}
	var out []legendItem
	for _, k := range byteview.Kinds {
		it := legendItem{kind: k, bytes: comp[k], share: prose.Percent(comp[k], body)}
		if k == byteview.RulerKindHeader {
			it.bytes, it.share = header, ""
		}
		if it.bytes > 0 {
			out = append(out, it)
		}
	}
	return out
}

// adviceText is the Overview's "What pushes the page past the cutoff"
// block: the report's advice, each stated as its simulation predicts.
func adviceText(advice []whatif.Advice) string {
	if len(advice) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(i18n.T("app.advice-heading") + "\n")
	for _, a := range advice {
		b.WriteString("• " + a.Message + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// statusOf is the response's status line, or what stands for it when
// there was no response: a local file has none.
func statusOf(r *fetch.Result) string {
	switch {
	case r.StatusLine != "":
		return r.StatusLine
	case r.Local:
		return i18n.T("app.status-local")
	}
	return i18n.T("app.status-none")
}

// summaryText is the Overview's first sentence: what was counted, where
// the crawler stops, what it loses.
func summaryText(rep *inspect.Report) string {
	r := rep.Fetch
	if r == nil {
		return rep.URL
	}
	counted := r.BodyBytes
	what := i18n.T("app.summary-body")
	if r.CountsHeaders {
		counted += r.HeaderBytes
		what = i18n.T("app.summary-header-body", "Header", r.HeaderBytes, "Body", r.BodyBytes)
	}
	s := i18n.T("app.summary-counted", "URL", r.FinalURL, "Status", statusOf(r), "Counted", kit.BytesText(counted), "What", what)
	keeps := []any{"Profile", rep.Profile.Name, "Limit", kit.BytesText(r.LimitBytes)}
	switch {
	case r.Truncated && r.CutoffOffset != nil:
		id := "app.summary-cut"
		if !r.ReadComplete {
			id = "app.summary-cut-at-least" // what was not read is lost too
		}
		s = i18n.Then(s, i18n.T(id, append(keeps, "Cutoff", *r.CutoffOffset, "Lost", kit.BytesText(r.BodyBytes-*r.CutoffOffset))...))
	case rep.Partial != nil:
		s = i18n.Then(s, i18n.T("app.summary-partial", append(keeps, "Cutoff", rep.Partial.CutoffText())...))
	default:
		s = i18n.Then(s, i18n.T("app.summary-whole", keeps...))
	}
	if !r.ReadComplete {
		s = i18n.Then(s, i18n.T("app.summary-read-stopped", "Read", kit.BytesText(r.BodyBytes)))
	}
	return s
}
