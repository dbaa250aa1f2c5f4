package byteview

import (
	"strconv"

	"fyne.io/fyne/v2"
)

// rulerKindNames are the words the hover label and the legend use.
var rulerKindNames = map[string]string{
	RulerKindHeader:       "HTTP header",
	RulerKindInlineScript: "inline script",
	RulerKindJSONLD:       "JSON-LD",
	RulerKindInlineStyle:  "inline style",
	RulerKindDataURI:      "data: URI",
	RulerKindInlineSVG:    "inline SVG",
	RulerKindComment:      "comment",
	RulerKindMarkup:       "markup",
	RulerKindText:         "text bytes",
	RulerKindWhitespace:   "whitespace",
}

func KindName(kind string) string {
	if n, ok := rulerKindNames[kind]; ok {
		return n
	}
	if kind == "" {
		return "body"
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
		return "HTTP header · " + commas(p.header) + " bytes, counted before the body"
	}
	off := c - p.header
	text := "body byte " + commas(off)
	if s, ok := segmentAt(m.Segments, off); ok {
		text = KindName(s.Kind) + " · body " + ByteRange(s.Start, s.End)
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
		return "unused: " + commas(m.LimitBytes-total) + " bytes to spare below the limit of " +
			commas(m.LimitBytes) + " (" + bytesText(total) + " used)"
	}
	return "past the end of the response (" + bytesText(total) + ")"
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
		return " · ambiguous zone: cut if the limit is read as MB, kept if read as MiB"
	}
	return " · past the cutoff: the crawler never sees it"
}

func describeMarks(mks []RulerMarker) string {
	mk := mks[0]
	name := mk.Label
	if name == "" {
		name = mk.Kind
	}
	text := name + " · body " + ByteRange(mk.Offset, max(mk.End, mk.Offset+1))
	switch {
	case mk.Beyond:
		text += " · past the cutoff"
	case mk.AtRisk:
		text += " · at risk"
	}
	if len(mks) > 1 {
		text += " (+" + strconv.Itoa(len(mks)-1) + " more here)"
	}
	return text
}

// byteRange writes [start, end) as an inclusive range with its length.
func ByteRange(start, end int64) string {
	if end-start <= 1 {
		return "byte " + commas(start)
	}
	return "bytes " + commas(start) + "–" + commas(end-1) + " (" + commas(end-start) + " bytes)"
}
