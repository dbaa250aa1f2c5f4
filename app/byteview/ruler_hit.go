package byteview

import (
	"fyne.io/fyne/v2"
)

// rulerKindNames are the messages naming the kinds in the hover label
// and the legend.
var rulerKindNames = map[string]string{
	RulerKindHeader:       "kind-header",
	RulerKindInlineScript: "kind-inline-script",
	RulerKindJSONLD:       "kind-json-ld",
	RulerKindInlineStyle:  "kind-inline-style",
	RulerKindDataURI:      "kind-data-uri",
	RulerKindInlineSVG:    "kind-inline-svg",
	RulerKindComment:      "kind-comment",
	RulerKindMarkup:       "kind-markup",
	RulerKindText:         "kind-text",
	RulerKindWhitespace:   "kind-whitespace",
}

func KindName(kind string) string {
	if n, ok := rulerKindNames[kind]; ok {
		return say(n)
	}
	if kind == "" {
		return say("kind-body")
	}
	return kind
}

// inside says whether p lies on the ruler.
func (p *rulerPlan) inside(pos fyne.Position) bool {
	return pos.X >= 0 && pos.X <= p.width && pos.Y >= 0 && pos.Y <= p.height
}

// markAt returns the marker drawn under pos (markers sit above the bar).
func (p *rulerPlan) markAt(pos fyne.Position) (rulerMark, bool) {
	if p.compact || pos.Y >= p.barY {
		return rulerMark{}, false
	}
	for _, mk := range p.marks {
		if pos.X >= mk.x-rulerHitSlackPx && pos.X <= mk.x+mk.w+rulerHitSlackPx {
			return mk, true
		}
	}
	return rulerMark{}, false
}

// offsetAt is the body offset a tap at pos selects: a marker's own offset,
// 0 in the header block, otherwise the byte drawn under the pointer.
func (p *rulerPlan) offsetAt(pos fyne.Position, m *RulerModel) (int64, bool) {
	if !p.inside(pos) || p.total() <= 0 {
		return 0, false
	}
	if mk, ok := p.markAt(pos); ok {
		return m.Markers[mk.first].Offset, true
	}
	return min(max(p.countedAt(pos.X)-p.header, 0), max(p.body-1, 0)), true
}

// describe is the hover text for pos.
func (p *rulerPlan) describe(pos fyne.Position, m *RulerModel) string {
	if !p.inside(pos) || p.total() <= 0 {
		return ""
	}
	if mk, ok := p.markAt(pos); ok {
		return describeMarks(m.Markers[mk.first : mk.first+mk.count])
	}
	c := p.countedAt(pos.X)
	if c >= p.total() && p.scaled() {
		return spareText(m, p.total())
	}
	if c < p.header {
		return say("hover-header", "Bytes", p.header)
	}
	off := c - p.header
	text := say("hover-body-byte", "Offset", off)
	if s, ok := segmentAt(m.Segments, off); ok {
		text = say("hover-segment", "Kind", KindName(s.Kind), "Range", ByteRange(s.Start, s.End))
	}
	if mix := p.cols.mix(pos.X); mix != "" {
		text += " · " + mix
	}
	return text + cutoffNote(m, off)
}

// spareText is the hover text past the end of a scaled ruler's response:
// how much of the limit is left.
func spareText(m *RulerModel, total int64) string {
	if m.LimitBytes > 0 && total <= m.LimitBytes {
		return say("hover-spare", "Spare", m.LimitBytes-total, "Limit", m.LimitBytes, "Used", bytesText(total))
	}
	return say("hover-past-end", "Total", bytesText(total))
}

// segmentAt finds the segment holding body offset off in sorted segments.
func segmentAt(segs []RulerSegment, off int64) (RulerSegment, bool) {
	lo, hi := 0, len(segs)
	for lo < hi { // first segment starting after off
		mid := (lo + hi) / 2
		if segs[mid].Start <= off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for i := lo - 1; i >= 0 && i >= lo-8; i-- { // overlaps are rare and short
		if segs[i].Start <= off && off < segs[i].End {
			return segs[i], true
		}
	}
	return RulerSegment{}, false
}

// cutoffNote says where off lies relative to the cutoff and the ambiguous
// zone.
func cutoffNote(m *RulerModel, off int64) string {
	if m.Cutoff == nil || off < *m.Cutoff {
		return ""
	}
	if bin, ok := binaryCut(m, *m.Cutoff, m.BodyBytes); ok && off < bin {
		return " · " + say("hover-ambiguous")
	}
	return " · " + say("hover-never-seen")
}

func describeMarks(mks []RulerMarker) string {
	mk := mks[0]
	name := mk.Label
	if name == "" {
		name = mk.Kind
	}
	text := say("hover-segment", "Kind", name, "Range", ByteRange(mk.Offset, max(mk.End, mk.Offset+1)))
	switch {
	case mk.Beyond:
		text += " · " + say("hover-past-cutoff")
	case mk.AtRisk:
		text += " · " + say("hover-at-risk")
	}
	if len(mks) > 1 {
		text += " " + say("hover-more-here", "More", len(mks)-1)
	}
	return text
}

// byteRange writes [start, end) as an inclusive range with its length.
func ByteRange(start, end int64) string {
	if end-start <= 1 {
		return say("byte-one", "Offset", start)
	}
	return say("byte-range", "First", start, "Last", end-1, "Length", end-start)
}
