package inspect

import (
	"sort"

	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Contributor is a kind of inline content that takes up the crawler's
// window before what it loses, with what moving it out of the page would
// change.
type Contributor struct {
	// Kind is the byte-map kind: data-uri, inline-script, inline-style,
	// inline-svg, comment or whitespace.
	Kind scan.SpanKind `json:"kind"`
	// Count and Bytes are the runs of this kind before Target and their
	// total bytes.
	Count int   `json:"count"`
	Bytes int64 `json:"bytes"`
	// Largest is the biggest single run before Target.
	Largest scan.Span `json:"largest"`
	// Target is the kind of the critical element past the cutoff these
	// bytes push out ("canonical"), and TargetOffset its offset; Target is
	// empty when no critical element is lost (the bytes are counted before
	// the cutoff).
	Target       string `json:"target,omitempty"`
	TargetOffset int64  `json:"target_offset"`
	// Saved is how many more bytes of today's page the crawler would get if
	// every run of this kind were moved out of the page.
	Saved int64 `json:"saved"`
	// NewCutoff is where the cutoff would then fall, as an offset in
	// today's body; nil when the whole page would then fit.
	NewCutoff *int64 `json:"new_cutoff"`
	// Rescued lists the critical elements past today's cutoff that would
	// then be within it, as indexes into Analysis.Critical.
	Rescued []int  `json:"rescued"`
	Message string `json:"message"`
}

// movable are the kinds a site can take out of its HTML.
var movable = []scan.SpanKind{scan.SpanDataURI, scan.SpanInlineScript, scan.SpanInlineStyle, scan.SpanInlineSVG, scan.SpanComment, scan.SpanWhitespace}

// maxContributors bounds the contributors reported.
const maxContributors = 5

// contributors ranks the movable kinds by the bytes they take before the
// most important critical element past the cutoff.
func contributors(body []byte, spans *scan.ByteMap, crit []scan.Critical, cutoff int64) []Contributor {
	target := lostTarget(crit)
	limit := cutoff
	if target >= 0 {
		limit = crit[target].Offset
	}
	all := tally(spans, limit, cutoff, int64(len(body)))
	images := allImages(body, spans)
	var out []Contributor
	for _, k := range movable {
		c := all[k]
		if c.Bytes == 0 || c.Bytes < cutoff/100 { // under 1% of the window is noise
			continue
		}
		if target >= 0 {
			c.Target, c.TargetOffset = crit[target].Kind, crit[target].Offset
		}
		c.Rescued = rescued(crit, c.NewCutoff)
		c.Message = contributorMessage(&c, images)
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Bytes > out[j].Bytes })
	if len(out) > maxContributors {
		out = out[:maxContributors]
	}
	return out
}

// tally walks the byte map once and, for every kind, counts its runs
// before limit and finds where the cutoff would fall without them.
func tally(spans *scan.ByteMap, limit, cutoff, size int64) [scan.NumSpanKinds]Contributor {
	var all [scan.NumSpanKinds]Contributor
	var newCut [scan.NumSpanKinds]int64
	for k := range all {
		all[k].Kind, newCut[k] = scan.SpanKind(k), cutoff
	}
	for s := range spans.All() {
		c := &all[s.Kind]
		if s.Offset < limit {
			c.Count++
			c.Bytes += min(s.End, limit) - s.Offset
			if s.Len() > c.Largest.Len() {
				c.Largest = s
			}
		}
		// Moving a run out lets the crawler read as many bytes further:
		// the cutoff moves to the fixed point cutoff + removed-before-it.
		if s.Offset < newCut[s.Kind] {
			newCut[s.Kind] += s.Len()
		}
	}
	for k := range all {
		c := &all[k]
		if n := newCut[k]; n < size {
			c.NewCutoff = &n
			c.Saved = n - cutoff
		} else {
			c.Saved = size - cutoff
		}
	}
	return all
}

// lostTarget picks the most important critical element past the cutoff:
// the one a consultant wants back first. It returns -1 when none is lost.
func lostTarget(crit []scan.Critical) int {
	best, bestRank := -1, len(targetOrder)
	for i := range crit {
		c := &crit[i]
		if !c.BeyondCutoff {
			continue
		}
		for r, k := range targetOrder {
			if c.Kind == k && r < bestRank && !c.HasFlag(scan.FlagOtherCrawler) {
				best, bestRank = i, r
			}
		}
	}
	return best
}

var targetOrder = []string{
	scan.ElementCanonical, scan.ElementMetaRobots, scan.ElementTitle, scan.ElementHreflang, scan.ElementJSONLD,
	scan.ElementH1, scan.ElementMetaDescription, scan.ElementMain, scan.ElementHeadEnd,
}

func rescued(crit []scan.Critical, newCut *int64) []int {
	out := []int{}
	for i := range crit {
		c := &crit[i]
		if c.BeyondCutoff && (newCut == nil || c.End <= *newCut) {
			out = append(out, i)
		}
	}
	return out
}

// contributorName is the catalog's name of kind k: "findings.contributor-
// take-NAME" says the bytes its runs take, "findings.title-contributor-
// NAME" titles their finding.
func contributorName(k scan.SpanKind, images bool) string {
	switch k {
	case scan.SpanDataURI:
		if images {
			return "data-uri-image"
		}
		return "data-uri"
	case scan.SpanInlineScript, scan.SpanInlineStyle, scan.SpanInlineSVG, scan.SpanComment:
		return k.String()
	}
	return "whitespace"
}

// allImages reports whether the body has data: URIs and all are images.
func allImages(body []byte, spans *scan.ByteMap) bool {
	found := false
	for s := range spans.All() {
		if s.Kind != scan.SpanDataURI {
			continue
		}
		if !scan.HasPrefixFold(body[s.Offset:s.End], "data:image/") {
			return false
		}
		found = true
	}
	return found
}

// contributorMessage says how many bytes of c's kind come before what the
// crawler loses (or before the cutoff). It predicts nothing: what moving
// them out would change is the advice's to say, by simulation.
func contributorMessage(c *Contributor, images bool) string {
	id := "findings.contributor-take-" + contributorName(c.Kind, images)
	if c.Target == "" {
		return i18n.T(id+"-before-cutoff", "Bytes", c.Bytes)
	}
	return i18n.T(id, "Bytes", c.Bytes, "Element", countedElement(c.Target, 1), "Offset", c.TargetOffset)
}
