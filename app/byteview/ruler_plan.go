package byteview

import (
	"math"
	"strconv"

	"fyne.io/fyne/v2"
)

// Sizes of the ruler's parts, in device-independent pixels.
const (
	rulerBucketPx    = 1    // width of one aggregation column
	rulerMaxBuckets  = 2400 // cap on columns, whatever the width
	rulerMinMarkPx   = 3    // narrowest marker drawn
	rulerMinHeaderPx = 1    // narrowest header block drawn: a hairline
	rulerMinBodyPx   = 1    // narrowest body drawn when the scale is larger
	rulerHitSlackPx  = 2    // markers are easier to hit than to see
	rulerMarkH       = 8
	rulerBarH        = 22
	rulerTickH       = 4
	rulerGap         = 2
	rulerCompactH    = 12
	rulerMinWidth    = 120
)

// rulerKinds lists the segment kinds in legend order; the significant kinds
// come first so they win ties when buckets are aggregated.
var Kinds = []string{
	RulerKindHeader, RulerKindInlineScript, RulerKindJSONLD, RulerKindInlineStyle,
	RulerKindDataURI, RulerKindInlineSVG, RulerKindComment,
	RulerKindMarkup, RulerKindText, RulerKindWhitespace,
}

// rulerKindOther is the index of any kind not in rulerKinds.
var rulerKindOther = len(Kinds)

func rulerKindIndex(kind string) int {
	for i, k := range Kinds {
		if k == kind {
			return i
		}
	}
	return rulerKindOther
}

// rulerSignificant says whether a kind must stay visible however small (as
// a hairline): the filler kinds (markup, text, whitespace, unknown) may
// vanish into their neighbours, the others may not.
func rulerSignificant(i int) bool {
	return i < rulerKindIndex(RulerKindMarkup)
}

// rulerMetrics is what planning needs from the theme.
type rulerMetrics struct {
	textH   float32
	measure func(string) float32 // width of a label, in pixels
}

type rulerBox struct{ x, w float32 }

// rulerBar is one drawn run of columns of one kind, or a hairline standing
// for a kind too small to win a column.
type rulerBar struct {
	x, w float32
	kind string
	hair bool
}

// rulerMark is one drawn marker; neighbours closer than a few pixels merge
// into one, keeping the most severe colour.
type rulerMark struct {
	x, w         float32
	first, count int // markers[first:first+count] in the sorted model
	severity     int // 0 normal, 1 at risk, 2 past the cutoff
}

type rulerTick struct {
	x, labelX float32
	label     string
}

// rulerPlan is the geometry of a ruler for one model and size: pure data,
// recomputed only when either changes, and used for drawing and hit tests.
type rulerPlan struct {
	width, height float32
	compact       bool
	header, body  int64
	span          int64   // bytes the full width stands for, at least header + body
	hx            float32 // end of the header block, start of the body
	endX          float32 // end of the body; the width when nothing is left over

	markY, barY, barH, tickY float32

	bars         []rulerBar
	cols         *rulerColumns // bytes per kind in each column, for hover
	lost, zone   rulerBox
	cutX, binX   float32
	hasCut       bool
	hasBin       bool
	label        string
	labelX       float32
	labelWarning bool // the label reports a cutoff (not "limit not reached")
	limX         float32
	hasLimit     bool // the limit is drawn as a line of its own (scaled, nothing cut)
	marks        []rulerMark
	ticks        []rulerTick
}

// rulerMinSize is the smallest size a ruler is drawn at.
func rulerMinSize(compact bool, met rulerMetrics) fyne.Size {
	if compact {
		return fyne.NewSize(rulerMinWidth/2, rulerCompactH)
	}
	return fyne.NewSize(rulerMinWidth, met.textH+rulerMarkH+rulerGap+rulerBarH+rulerTickH+met.textH)
}

// planRuler lays m out in size. m's segments and markers must be sorted.
func planRuler(m *RulerModel, size fyne.Size, compact bool, met rulerMetrics) *rulerPlan {
	p := &rulerPlan{width: size.Width, height: size.Height, compact: compact,
		header: max(m.HeaderBytes, 0), body: max(m.BodyBytes, 0)}
	p.span = max(m.ScaleBytes, p.total())
	p.layoutRows(met)
	p.planSpan()
	p.bars, p.cols = bucketBars(m.Segments, p.body, p.hx, p.endX)
	p.planCutoff(m, met)
	p.planLimit(m)
	if !compact {
		p.planMarks(m.Markers)
		p.planTicks(met)
	}
	return p
}

func (p *rulerPlan) layoutRows(met rulerMetrics) {
	if p.compact {
		p.barH = max(p.height, rulerCompactH)
		return
	}
	p.markY = met.textH
	p.barY = p.markY + rulerMarkH + rulerGap
	p.barH = rulerBarH
	p.tickY = p.barY + p.barH
}

// total is the crawler's count drawn: header plus body.
func (p *rulerPlan) total() int64 { return p.header + p.body }

// scaled reports whether the width stands for more than the response, so
// part of it is left over after the body.
func (p *rulerPlan) scaled() bool { return p.span > p.total() }

// planSpan places the end of the header block and of the body at their
// share of the span. Each stays a few pixels wide however small, so a
// 471-byte file against a 2,000,000-byte scale is still a visible sliver.
func (p *rulerPlan) planSpan() {
	p.endX = p.width
	if p.scaled() {
		p.endX = min(p.lin(p.total()), p.width)
	}
	if p.header > 0 {
		p.hx = min(max(p.lin(p.header), rulerMinHeaderPx), p.width)
		if p.body == 0 && !p.scaled() {
			p.hx = p.width
		}
	}
	minEnd := p.hx
	if p.body > 0 {
		minEnd = p.hx + rulerMinBodyPx
	}
	p.endX = min(max(p.endX, minEnd), p.width)
}

// lin is the plain linear scale: the column of a position in the crawler's
// count when nothing is widened.
func (p *rulerPlan) lin(counted int64) float32 {
	if p.span <= 0 {
		return 0
	}
	return float32(float64(counted) / float64(p.span) * float64(p.width))
}

// xAt maps a position in the crawler's count (header first) to a pixel
// column: the header block, the body, then what the scale leaves over,
// which keeps the plain linear scale so that its ticks fall true (a sliver
// widened to stay visible only delays them by a few pixels).
func (p *rulerPlan) xAt(counted int64) float32 {
	switch {
	case p.span <= 0:
		return 0
	case counted < p.header:
		return float32(float64(counted) / float64(p.header) * float64(p.hx))
	case counted <= p.total() || !p.scaled():
		return p.bodyX(counted - p.header)
	}
	return min(max(p.lin(counted), p.endX), p.width)
}

// bodyX maps a body offset to a pixel column.
func (p *rulerPlan) bodyX(off int64) float32 {
	if p.body <= 0 {
		return p.hx
	}
	off = min(max(off, 0), p.body)
	return p.hx + float32(float64(off)/float64(p.body)*float64(p.endX-p.hx))
}

// countedAt is the inverse of xAt: the byte of the crawler's count drawn at
// column x. Past the body of a scaled ruler it is at least header + body.
func (p *rulerPlan) countedAt(x float32) int64 {
	x = min(max(x, 0), p.width)
	t := p.total()
	switch {
	case x < p.hx && p.header > 0:
		return min(int64(float64(x)/float64(p.hx)*float64(p.header)), p.header-1)
	case x >= p.endX && p.scaled():
		return max(t, min(int64(float64(x)/float64(p.width)*float64(p.span)), p.span))
	case p.endX <= p.hx:
		return p.header
	}
	off := int64(float64(x-p.hx) / float64(p.endX-p.hx) * float64(p.body))
	return p.header + min(off, max(p.body-1, 0))
}

// planCutoff places the cutoff line, the ambiguous zone, the dimmed lost
// part and the label above them.
func (p *rulerPlan) planCutoff(m *RulerModel, met rulerMetrics) {
	if m.Cutoff != nil && p.body > 0 {
		cut := min(max(*m.Cutoff, 0), p.body)
		p.hasCut, p.cutX = true, p.bodyX(cut)
		p.lost = rulerBox{x: p.cutX, w: p.endX - p.cutX}
		if bin, ok := binaryCut(m, cut, p.body); ok {
			p.hasBin, p.binX = true, p.bodyX(bin)
			p.zone = rulerBox{x: p.cutX, w: max(p.binX-p.cutX, 1)}
			// Only what lies past both readings is surely lost; the zone
			// between them is drawn as a zone of its own.
			p.lost = rulerBox{x: p.binX, w: max(p.endX-p.binX, 0)}
		}
	}
	if p.compact {
		return
	}
	p.label, p.labelWarning = cutoffLabel(m, p.header, p.total())
	if p.label == "" {
		return
	}
	w := met.measure(p.label)
	switch {
	case !p.hasCut:
		p.labelX = max(p.width-w, 0)
	case p.cutX+4+w <= p.width:
		p.labelX = p.cutX + 4
	default:
		p.labelX = max(p.cutX-4-w, 0)
	}
}

// planLimit draws the limit as a line of its own when the ruler is scaled
// past the response and nothing is cut: the right end of a row scaled to
// its limit, so a small file reads as a sliver of its budget.
func (p *rulerPlan) planLimit(m *RulerModel) {
	if !p.scaled() || p.hasCut || p.width < 2 || m.LimitBytes <= 0 || m.LimitBytes > p.span || m.LimitBytes < p.total() {
		return
	}
	p.hasLimit = true
	p.limX = min(max(p.xAt(m.LimitBytes), 1), p.width-1)
}

// binaryCut is the body offset of the binary reading's cutoff, if the model
// has a binary reading.
func binaryCut(m *RulerModel, cut, body int64) (int64, bool) {
	switch {
	case m.BinaryCutoff != nil:
		return min(max(*m.BinaryCutoff, cut), body), true
	case m.BinaryLimitBytes > 0:
		return body, true
	}
	return 0, false
}

// cutoffLabel is the text above the bar: the cutoff's exact byte in the
// crawler's count (header included) and in the body, or how much of the
// limit the response uses.
func cutoffLabel(m *RulerModel, header, total int64) (label string, cut bool) {
	if m.Cutoff != nil {
		// The crawler counts the header first: name which count a number
		// is in, since findings give the same cutoff as a body byte.
		label = say("cutoff-body", "Offset", *m.Cutoff)
		if header > 0 {
			label = say("cutoff-counted", "Counted", header+*m.Cutoff, "Offset", *m.Cutoff)
		}
		switch {
		case m.BinaryCutoff != nil:
			label += " · " + say("cutoff-binary", "Counted", header+*m.BinaryCutoff)
		case m.BinaryLimitBytes > 0:
			label += " · " + say("cutoff-binary-none")
		}
		return label, true
	}
	if m.Caption != "" {
		return m.Caption, true
	}
	if m.LimitBytes > 0 {
		return say("limit-not-reached", "Limit", m.LimitBytes, "Percent", usedPercent(total, m.LimitBytes)), false
	}
	return "", false
}

// usedPercent is part of limit as a percentage with one decimal; a part
// too small to show as 0.1% reads "<0.1%", not "0.0%".
func usedPercent(part, limit int64) string {
	pct := float64(part) / float64(limit) * 100
	if part > 0 && pct < 0.05 {
		return percent("<" + decimal(0.1, 1))
	}
	return percent(decimal(pct, 1))
}

func (p *rulerPlan) planMarks(markers []RulerMarker) {
	for i, mk := range markers {
		x := p.bodyX(mk.Offset)
		w := p.bodyX(max(mk.End, mk.Offset+1)) - x
		if w < rulerMinMarkPx {
			x, w = x-(rulerMinMarkPx-w)/2, rulerMinMarkPx
		}
		x = min(max(x, 0), max(p.width-w, 0))
		sev := markerSeverity(mk)
		if k := len(p.marks); k > 0 && x <= p.marks[k-1].x+p.marks[k-1].w {
			last := &p.marks[k-1]
			last.w = max(last.w, x+w-last.x)
			last.count++
			last.severity = max(last.severity, sev)
			continue
		}
		p.marks = append(p.marks, rulerMark{x: x, w: w, first: i, count: 1, severity: sev})
	}
}

func markerSeverity(mk RulerMarker) int {
	switch {
	case mk.Beyond:
		return 2
	case mk.AtRisk:
		return 1
	}
	return 0
}

// planTicks chooses a round step (1, 2 or 5 times a power of ten bytes) that
// leaves room for every label, and places the ticks in the crawler's count.
func (p *rulerPlan) planTicks(met rulerMetrics) {
	t := p.span
	if t <= 0 || p.width <= 0 {
		return
	}
	spacing := met.measure(say("scale-widest")) + 16
	maxTicks := max(int64(float64(p.width)/float64(spacing)), 1)
	step := niceStep(float64(t) / float64(maxTicks))
	for v := int64(0); v <= t; v += step {
		x := p.xAt(v)
		label := shortBytes(v)
		w := met.measure(label)
		p.ticks = append(p.ticks, rulerTick{x: x, label: label, labelX: min(max(x-w/2, 0), max(p.width-w, 0))})
	}
}

// niceStep is the smallest of 1, 2 or 5 times a power of ten that is at
// least raw, and at least 1.
func niceStep(raw float64) int64 {
	if raw <= 1 {
		return 1
	}
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, f := range []float64{1, 2, 5, 10} {
		if f*pow >= raw {
			return int64(f * pow)
		}
	}
	return int64(10 * pow)
}

// shortBytes writes a byte count in decimal units for scale labels: 500 KB,
// 1.5 MB. Exact numbers are in the hover text.
func shortBytes(v int64) string {
	units := []struct {
		size int64
		name string
	}{{1_000_000_000, "unit-gb"}, {1_000_000, "unit-mb"}, {1_000, "unit-kb"}}
	for _, u := range units {
		if v >= u.size {
			return decimal(float64(v)/float64(u.size), -1) + " " + say(u.name)
		}
	}
	if v == 0 {
		return "0"
	}
	return strconv.FormatInt(v, 10) + " " + say("unit-b")
}
