package byteview

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Segment kinds a RulerSegment may carry. Any other kind is drawn in the
// neutral colour used for markup.
const (
	RulerKindHeader       = "header"
	RulerKindInlineScript = "inline-script"
	RulerKindJSONLD       = "json-ld"
	RulerKindInlineStyle  = "inline-style"
	RulerKindDataURI      = "data-uri"
	RulerKindInlineSVG    = "inline-svg"
	RulerKindComment      = "comment"
	RulerKindMarkup       = "markup"
	RulerKindText         = "text"
	RulerKindWhitespace   = "whitespace"
)

// RulerSegment is a span of body bytes of one kind. Start and End are byte
// offsets into the decoded body (the header block is not counted), End
// exclusive.
type RulerSegment struct {
	Start, End int64
	Kind       string
}

// RulerMarker marks a critical element (title, canonical, a JSON-LD block...).
// Offset and End are byte offsets into the decoded body, End exclusive (End
// at or before Offset marks a single byte). Label is what a consultant reads
// ("canonical link"); Kind is used when Label is empty. Beyond says the
// element starts past the cutoff; AtRisk that it sits in the ambiguous zone or
// is cut in the middle.
type RulerMarker struct {
	Offset, End    int64
	Kind, Label    string
	Beyond, AtRisk bool
}

// RulerModel is what a Ruler draws. Every offset in it is a byte offset into
// the decoded body; the crawler's count puts HeaderBytes in front of the body,
// so the decimal cutoff sits at HeaderBytes + *Cutoff in that count.
type RulerModel struct {
	// HeaderBytes is the size of the HTTP header block, drawn first as its
	// own block; 0 draws none.
	HeaderBytes int64
	// BodyBytes is the size of the decoded body that was read.
	BodyBytes int64
	// Segments colour the body by kind; they may be unsorted and need not
	// cover every byte (gaps are drawn neutral).
	Segments []RulerSegment
	// Cutoff is the body offset where the crawler stops reading when the
	// limit is read as decimal bytes; nil when nothing is cut.
	Cutoff *int64
	// BinaryCutoff is the body offset where a binary reading of the limit
	// (2 MiB instead of 2 MB) would stop. The bytes between Cutoff and
	// BinaryCutoff form the ambiguous zone. When it is nil while Cutoff is
	// set and BinaryLimitBytes is positive, the binary reading keeps the
	// whole body and the zone runs to the end.
	BinaryCutoff *int64
	// LimitBytes and BinaryLimitBytes are the crawler's limits in bytes
	// (header included), used for labels; 0 means unknown.
	LimitBytes, BinaryLimitBytes int64
	// Markers are critical elements drawn above the bar.
	Markers []RulerMarker
	// ScaleBytes is the byte count, in the crawler's count (header first),
	// that the ruler's full width stands for. 0, or anything smaller than
	// HeaderBytes + BodyBytes, stretches the response over the full width.
	// A larger scale draws a small response as a sliver, the rest of the
	// width standing for what is left before the limit: set it to
	// max(HeaderBytes+BodyBytes, LimitBytes) to put the limit at the right
	// end.
	ScaleBytes int64
	// Caption, when set, replaces the limit's use above a ruler with no
	// cutoff: for a body not read to its end, where the cutoff falls on
	// the length the server announced. It is drawn as a warning.
	Caption string
}

// Ruler is a horizontal bar drawn to scale over a response's header and body
// bytes: the header block, the body coloured by what uses the bytes, the
// cutoff line with its byte number, the ambiguous zone, markers for critical
// elements and a scale. Hovering tells what is under the pointer; a tap
// reports the body offset under it through OnSelect.
//
// A Ruler draws a bounded number of canvas objects whatever the document
// size: segments are aggregated per pixel column, each kind drawn at its
// share of the bytes (see ruler_columns.go). Its methods belong
// to the UI goroutine.
type Ruler struct {
	widget.BaseWidget

	// OnSelect, when set, is called with the body offset under a tap (the
	// marker's offset when a marker is tapped; 0 for the header block).
	OnSelect func(bodyOffset int64)
	// Compact draws only the bar, the ambiguous zone and the cutoff line,
	// for table rows and small limits. Call Refresh after changing it.
	Compact bool

	model   RulerModel
	version int // bumped by SetModel so the renderer knows to re-plan

	hovering bool
	hoverPos fyne.Position
	plan     *rulerPlan     // the last plan drawn, for hit tests
	render   *rulerRenderer // set by CreateRenderer; hover redraws only the label
}

var (
	_ fyne.Tappable       = (*Ruler)(nil)
	_ desktop.Hoverable   = (*Ruler)(nil)
	_ desktop.Cursorable  = (*Ruler)(nil)
	_ fyne.WidgetRenderer = (*rulerRenderer)(nil)
)

// NewRuler returns a ruler drawing m.
func NewRuler(m RulerModel) *Ruler {
	r := &Ruler{}
	r.ExtendBaseWidget(r)
	r.setModel(m)
	return r
}

// SetModel replaces what the ruler draws and redraws it.
func (r *Ruler) SetModel(m RulerModel) {
	r.setModel(m)
	r.Refresh()
}

// Model returns what the ruler draws, with segments and markers sorted by
// offset.
func (r *Ruler) Model() RulerModel {
	return r.model
}

// setModel keeps a sorted copy so hit tests can binary-search and the
// caller's slices are never reordered.
func (r *Ruler) setModel(m RulerModel) {
	m.Segments = slices.Clone(m.Segments)
	slices.SortStableFunc(m.Segments, func(a, b RulerSegment) int { return cmpInt64(a.Start, b.Start) })
	m.Markers = slices.Clone(m.Markers)
	slices.SortStableFunc(m.Markers, func(a, b RulerMarker) int { return cmpInt64(a.Offset, b.Offset) })
	r.model = m
	r.version++
}

// CreateRenderer is part of fyne.Widget.
func (r *Ruler) CreateRenderer() fyne.WidgetRenderer {
	r.ExtendBaseWidget(r)
	rr := &rulerRenderer{ruler: r}
	rr.init()
	return rr
}

// Tapped reports the body offset under the tap through OnSelect.
func (r *Ruler) Tapped(e *fyne.PointEvent) {
	if r.OnSelect == nil || r.plan == nil {
		return
	}
	if off, ok := r.plan.offsetAt(e.Position, &r.model); ok {
		r.OnSelect(off)
	}
}

// MouseIn shows the hover label.
func (r *Ruler) MouseIn(e *desktop.MouseEvent) { r.hover(e.Position) }

// MouseMoved moves the hover label.
func (r *Ruler) MouseMoved(e *desktop.MouseEvent) { r.hover(e.Position) }

// MouseOut hides the hover label.
func (r *Ruler) MouseOut() {
	r.hovering = false
	r.hoverChanged()
}

// Cursor shows a pointing hand: a tap jumps to the source.
func (r *Ruler) Cursor() desktop.Cursor { return desktop.PointerCursor }

func (r *Ruler) hover(p fyne.Position) {
	r.hovering = true
	r.hoverPos = p
	r.hoverChanged()
}

func (r *Ruler) hoverChanged() {
	if r.render != nil {
		r.render.hoverChanged()
	}
}

// HoverText returns what the hover label says for a point in the ruler's
// coordinates, or "" when the point is outside the bar.
func (r *Ruler) HoverText(p fyne.Position) string {
	if r.plan == nil {
		return ""
	}
	return r.plan.describe(p, &r.model)
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Caption returns the text a full ruler writes above its bar for m: the
// cutoff's byte in the crawler's count and in the body, or how much of the
// limit the response uses. Any goroutine may call it.
func Caption(m RulerModel) string {
	header := max(m.HeaderBytes, 0)
	label, _ := cutoffLabel(&m, header, header+max(m.BodyBytes, 0))
	return label
}
