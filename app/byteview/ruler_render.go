package byteview

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// rulerKindColors holds one colour per kind for dark backgrounds and one for
// light ones. The significant kinds follow the Okabe–Ito palette, which
// stays distinct for the common colour-vision deficiencies; the filler kinds
// are quiet greys.
var rulerKindColors = map[string][2]color.NRGBA{
	RulerKindHeader:       {{0x8c, 0x9b, 0xc9, 0xff}, {0x4b, 0x5e, 0x9a, 0xff}},
	RulerKindInlineScript: {{0xe6, 0x9f, 0x00, 0xff}, {0xc2, 0x7c, 0x00, 0xff}},
	RulerKindJSONLD:       {{0xcc, 0x79, 0xa7, 0xff}, {0xa8, 0x4c, 0x80, 0xff}},
	RulerKindInlineStyle:  {{0x56, 0xb4, 0xe9, 0xff}, {0x1f, 0x87, 0xc4, 0xff}},
	RulerKindDataURI:      {{0xd5, 0x5e, 0x00, 0xff}, {0xb0, 0x4a, 0x00, 0xff}},
	RulerKindInlineSVG:    {{0x00, 0xb0, 0x80, 0xff}, {0x00, 0x80, 0x5d, 0xff}},
	RulerKindComment:      {{0xf0, 0xe4, 0x42, 0xff}, {0xa8, 0x9a, 0x00, 0xff}},
	RulerKindMarkup:       {{0x73, 0x7c, 0x87, 0xff}, {0xa9, 0xb2, 0xbc, 0xff}},
	RulerKindText:         {{0x9a, 0xa7, 0x8e, 0xff}, {0xc9, 0xd3, 0xbd, 0xff}},
	RulerKindWhitespace:   {{0x4c, 0x52, 0x5a, 0xff}, {0xe2, 0xe5, 0xe9, 0xff}},
}

// rulerKindColor is the colour kind is drawn in under theme th.
func KindColor(kind string, th fyne.Theme) color.Color {
	pair, ok := rulerKindColors[kind]
	if !ok {
		pair = rulerKindColors[RulerKindMarkup]
	}
	if darkBackground(th) {
		return pair[0]
	}
	return pair[1]
}

// darkBackground tells light from dark themes by the background's luminance,
// so custom themes get the right palette too.
func darkBackground(th fyne.Theme) bool {
	r, g, b, _ := th.Color(theme.ColorNameBackground, fyne.CurrentApp().Settings().ThemeVariant()).RGBA()
	return 299*r+587*g+114*b < 500*0xffff
}

// withAlpha returns c at opacity a (0–255).
func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
}

func themeColor(th fyne.Theme, name fyne.ThemeColorName) color.Color {
	return th.Color(name, fyne.CurrentApp().Settings().ThemeVariant())
}

// rulerKey says when a plan must be recomputed.
type rulerKey struct {
	size    fyne.Size
	version int
	compact bool
	textH   float32
}

// rulerRenderer draws a Ruler from a bounded pool of canvas objects: the
// pools grow to the largest plan seen and are reused afterwards.
type rulerRenderer struct {
	ruler    *Ruler
	key      rulerKey
	plan     *rulerPlan
	textSize float32

	track, header, lost, zone, binLine, cutLine *canvas.Rectangle
	limLine                                     *canvas.Rectangle
	bars, marks, ticks                          []*canvas.Rectangle
	tickLabels                                  []*canvas.Text
	label, tip                                  *canvas.Text
	tipBg                                       *canvas.Rectangle
	objects                                     []fyne.CanvasObject
}

func (rr *rulerRenderer) init() {
	rr.track, rr.header = &canvas.Rectangle{}, &canvas.Rectangle{}
	rr.lost, rr.zone = &canvas.Rectangle{}, &canvas.Rectangle{}
	rr.binLine, rr.cutLine = &canvas.Rectangle{}, &canvas.Rectangle{}
	rr.limLine = &canvas.Rectangle{}
	rr.label, rr.tip = &canvas.Text{}, &canvas.Text{}
	rr.tipBg = &canvas.Rectangle{StrokeWidth: 1}
	rr.ruler.render = rr
	rr.update(rr.ruler.Size())
}

// Destroy is part of fyne.WidgetRenderer.
func (rr *rulerRenderer) Destroy() {}

// Layout re-plans when the size changed.
func (rr *rulerRenderer) Layout(size fyne.Size) { rr.update(size) }

// MinSize is part of fyne.WidgetRenderer.
func (rr *rulerRenderer) MinSize() fyne.Size {
	return rulerMinSize(rr.ruler.Compact, rr.metrics())
}

// Objects is part of fyne.WidgetRenderer.
func (rr *rulerRenderer) Objects() []fyne.CanvasObject { return rr.objects }

// Refresh re-plans if the model changed and re-applies theme colours.
func (rr *rulerRenderer) Refresh() {
	rr.update(rr.ruler.Size())
	canvas.Refresh(rr.ruler)
}

func (rr *rulerRenderer) metrics() rulerMetrics {
	th := rr.ruler.Theme()
	size := th.Size(theme.SizeNameCaptionText)
	return rulerMetrics{
		textH:   fyne.MeasureText("0", size, fyne.TextStyle{}).Height,
		measure: func(s string) float32 { return fyne.MeasureText(s, size, fyne.TextStyle{}).Width },
	}
}

func (rr *rulerRenderer) update(size fyne.Size) {
	met := rr.metrics()
	rr.textSize = rr.ruler.Theme().Size(theme.SizeNameCaptionText)
	key := rulerKey{size: size, version: rr.ruler.version, compact: rr.ruler.Compact, textH: met.textH}
	if rr.plan == nil || key != rr.key {
		rr.key = key
		rr.plan = planRuler(&rr.ruler.model, size, rr.ruler.Compact, met)
		rr.ruler.plan = rr.plan
		rr.place()
	}
	rr.colour()
	rr.placeTip()
}

// place moves the pooled objects to the plan and rebuilds the object list.
func (rr *rulerRenderer) place() {
	p := rr.plan
	rr.objects = make([]fyne.CanvasObject, 0, len(rr.objects)) // a slice handed out by Objects is never changed
	rr.add(rr.track, rulerBox{0, p.width}, p.barY, p.barH, true)
	rr.add(rr.header, rulerBox{0, p.hx}, p.barY, p.barH, p.header > 0)
	rr.bars = growRects(rr.bars, len(p.bars))
	for i, b := range p.bars {
		rr.add(rr.bars[i], rulerBox{b.x, b.w}, p.barY, p.barH, true)
	}
	rr.add(rr.lost, p.lost, p.barY, p.barH, p.hasCut)
	// The zone rises above the bar into the marker row, so it reads as a
	// band of its own and not as more of the lost part.
	rr.add(rr.zone, p.zone, p.markY, p.barY+p.barH-p.markY, p.hasBin)
	rr.add(rr.binLine, rulerBox{p.binX - 0.5, 1}, p.markY, p.barY+p.barH-p.markY, p.hasBin)
	rr.add(rr.cutLine, rulerBox{p.cutX - 1, 2}, 0, p.barY+p.barH, p.hasCut)
	rr.add(rr.limLine, rulerBox{p.limX - 1, 2}, p.barY, p.barH, p.hasLimit)
	rr.marks = growRects(rr.marks, len(p.marks))
	for i, mk := range p.marks {
		rr.add(rr.marks[i], rulerBox{mk.x, mk.w}, p.markY, rulerMarkH, true)
	}
	rr.placeTicks()
	rr.placeText(rr.label, p.label, p.labelX, 0)
	rr.objects = append(rr.objects, rr.tipBg, rr.tip)
}

func (rr *rulerRenderer) add(r *canvas.Rectangle, box rulerBox, y, h float32, show bool) {
	r.Hidden = !show
	r.Move(fyne.NewPos(box.x, y))
	r.Resize(fyne.NewSize(box.w, h))
	rr.objects = append(rr.objects, r)
}

func (rr *rulerRenderer) placeTicks() {
	p := rr.plan
	rr.ticks = growRects(rr.ticks, len(p.ticks))
	for i, t := range p.ticks {
		rr.add(rr.ticks[i], rulerBox{min(t.x, p.width-1), 1}, p.tickY, rulerTickH, true)
	}
	for len(rr.tickLabels) < len(p.ticks) {
		rr.tickLabels = append(rr.tickLabels, &canvas.Text{})
	}
	for i, t := range p.ticks {
		rr.placeText(rr.tickLabels[i], t.label, t.labelX, p.tickY+rulerTickH)
	}
}

func (rr *rulerRenderer) placeText(t *canvas.Text, s string, x, y float32) {
	t.Text = s
	t.TextSize = rr.textSize
	t.Hidden = s == ""
	t.Move(fyne.NewPos(x, y))
	t.Resize(t.MinSize())
	rr.objects = append(rr.objects, t)
}

// growRects extends a pool of rectangles to at least n.
func growRects(pool []*canvas.Rectangle, n int) []*canvas.Rectangle {
	for len(pool) < n {
		pool = append(pool, &canvas.Rectangle{})
	}
	return pool
}

// colour applies the theme to every object; it runs on each Refresh so a
// theme switch needs no re-plan.
func (rr *rulerRenderer) colour() {
	th, p := rr.ruler.Theme(), rr.plan
	textSize := th.Size(theme.SizeNameCaptionText)
	rr.track.FillColor = themeColor(th, theme.ColorNameInputBackground)
	rr.header.FillColor = KindColor(RulerKindHeader, th)
	for i, b := range p.bars {
		rr.bars[i].FillColor = KindColor(b.kind, th)
	}
	rr.lost.FillColor = withAlpha(themeColor(th, theme.ColorNameBackground), 0x80)
	rr.zone.FillColor = withAlpha(themeColor(th, theme.ColorNameWarning), 0x88)
	rr.binLine.FillColor = themeColor(th, theme.ColorNameWarning)
	rr.cutLine.FillColor = themeColor(th, theme.ColorNameError)
	rr.limLine.FillColor = themeColor(th, theme.ColorNamePlaceHolder)
	for i, mk := range p.marks {
		rr.marks[i].FillColor = markColor(th, mk.severity)
	}
	for i := range p.ticks {
		rr.ticks[i].FillColor = themeColor(th, theme.ColorNamePlaceHolder)
		rr.tickLabels[i].Color = themeColor(th, theme.ColorNamePlaceHolder)
		rr.tickLabels[i].TextSize = textSize
	}
	rr.label.Color = themeColor(th, theme.ColorNameForeground)
	if p.labelWarning {
		rr.label.Color = themeColor(th, theme.ColorNameError)
	}
	rr.label.TextSize = textSize
	rr.tip.TextSize = textSize
	rr.tip.Color = themeColor(th, theme.ColorNameForeground)
	rr.tipBg.FillColor = themeColor(th, theme.ColorNameOverlayBackground)
	rr.tipBg.StrokeColor = themeColor(th, theme.ColorNameInputBorder)
}

func markColor(th fyne.Theme, severity int) color.Color {
	switch severity {
	case 2:
		return themeColor(th, theme.ColorNameError)
	case 1:
		return themeColor(th, theme.ColorNameWarning)
	}
	return themeColor(th, theme.ColorNameForeground)
}

// placeTip shows the hover label near the pointer, inside the ruler: in the
// scale row below the bar, so it never covers the cutoff label above it,
// or over the bar when compact.
func (rr *rulerRenderer) placeTip() {
	r, p := rr.ruler, rr.plan
	text := ""
	if r.hovering {
		text = p.describe(r.hoverPos, &r.model)
	}
	rr.tip.Text = text
	rr.tip.Hidden, rr.tipBg.Hidden = text == "", text == ""
	if text == "" {
		return
	}
	rr.tip.TextSize = rr.textSize
	size := rr.tip.MinSize()
	x := r.hoverPos.X + 8 // right of the pointer, or left of it when that does not fit
	if x+size.Width+4 > p.width {
		x = r.hoverPos.X - 8 - size.Width - 4
	}
	x = min(max(x, 0), max(p.width-size.Width-4, 0))
	y := float32(0)
	if !p.compact {
		y = min(p.tickY+rulerTickH, max(p.height-size.Height, 0))
	}
	rr.tip.Move(fyne.NewPos(x+2, y))
	rr.tip.Resize(size)
	rr.tipBg.Move(fyne.NewPos(x, y))
	rr.tipBg.Resize(fyne.NewSize(size.Width+4, size.Height))
}

// hoverChanged redraws only the hover label.
func (rr *rulerRenderer) hoverChanged() {
	rr.placeTip()
	canvas.Refresh(rr.tip)
	canvas.Refresh(rr.tipBg)
}

// RulerLegend returns a row of colour swatches naming kinds (nil: every
// kind), to place beside a Ruler. Its colours follow theme changes.
func RulerLegend(kinds []string) fyne.CanvasObject {
	if kinds == nil {
		kinds = Kinds
	}
	items := make([]fyne.CanvasObject, 0, len(kinds))
	for _, k := range kinds {
		name := widget.NewLabel(KindName(k))
		name.SizeName = theme.SizeNameCaptionText
		items = append(items, container.NewHBox(newRulerSwatch(k), name))
	}
	return container.NewHBox(items...)
}

// rulerSwatch is a square of one kind's colour.
type rulerSwatch struct {
	widget.BaseWidget
	kind string
}

func newRulerSwatch(kind string) *rulerSwatch {
	s := &rulerSwatch{kind: kind}
	s.ExtendBaseWidget(s)
	return s
}

// CreateRenderer is part of fyne.Widget.
func (s *rulerSwatch) CreateRenderer() fyne.WidgetRenderer {
	rect := canvas.NewRectangle(KindColor(s.kind, s.Theme()))
	rect.SetMinSize(fyne.NewSquareSize(12))
	return &swatchRenderer{WidgetRenderer: widget.NewSimpleRenderer(container.NewCenter(rect)), swatch: s, rect: rect}
}

type swatchRenderer struct {
	fyne.WidgetRenderer
	swatch *rulerSwatch
	rect   *canvas.Rectangle
}

// Refresh re-reads the kind's colour, which depends on the theme.
func (r *swatchRenderer) Refresh() {
	r.rect.FillColor = KindColor(r.swatch.kind, r.swatch.Theme())
	r.WidgetRenderer.Refresh()
}
