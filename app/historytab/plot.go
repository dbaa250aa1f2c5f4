package historytab

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Point is one inspection on the plot: what counts toward the limit, and
// the limit.
type Point struct {
	Bytes, Limit int64
}

// Plot draws a page's size against its limit over time: a bar per
// inspection (at most maxBar wide), oldest on the left, and the latest
// limit as a line in the text colour, over the bars. A bar
// over the limit is drawn in the theme's error colour, one past 90 % of it
// in the warning colour.
type Plot struct {
	widget.BaseWidget
	points []Point
}

// NewPlot returns an empty plot.
func NewPlot() *Plot {
	p := &Plot{}
	p.ExtendBaseWidget(p)
	return p
}

// SetPoints shows points, oldest first. Call it on the UI thread.
func (p *Plot) SetPoints(points []Point) {
	p.points = points
	p.Refresh()
}

// plotHeight is the plot's minimum height, in Fyne units; maxBar is the
// widest a bar gets, so that a few inspections still read as bars.
const (
	plotHeight = 120
	maxBar     = 40
)

// CreateRenderer draws the bars and the limit line.
func (p *Plot) CreateRenderer() fyne.WidgetRenderer {
	r := &plotRenderer{plot: p, limit: canvas.NewLine(theme.Color(theme.ColorNameForeground)),
		caption: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	r.limit.StrokeWidth = 2
	r.caption.TextSize = theme.CaptionTextSize()
	r.rebuild()
	return r
}

type plotRenderer struct {
	plot    *Plot
	bars    []*canvas.Rectangle
	limit   *canvas.Line
	caption *canvas.Text
	objects []fyne.CanvasObject
}

// scale is the byte count at the plot's top: a little above the largest
// bar or limit, so that the limit line is always inside.
func scale(points []Point) int64 {
	var top int64
	for _, pt := range points {
		top = max(top, pt.Bytes, pt.Limit)
	}
	return top + top/8 + 1
}

// barColor is a bar's colour: over the limit, near it, or well below.
func barColor(pt Point) color.Color {
	switch {
	case pt.Limit > 0 && pt.Bytes > pt.Limit:
		return theme.Color(theme.ColorNameError)
	case pt.Limit > 0 && pt.Bytes*100 >= pt.Limit*90:
		return theme.Color(theme.ColorNameWarning)
	}
	return theme.Color(theme.ColorNamePrimary)
}

func (r *plotRenderer) rebuild() {
	pts := r.plot.points
	r.bars = r.bars[:0]
	for _, pt := range pts {
		r.bars = append(r.bars, canvas.NewRectangle(barColor(pt)))
	}
	r.caption.Text = ""
	if n := len(pts); n > 0 && pts[n-1].Limit > 0 {
		r.caption.Text = i18n.T("historytab.plot-limit", "Bytes", bytesText(pts[n-1].Limit))
	}
	r.objects = r.objects[:0]
	for _, b := range r.bars {
		r.objects = append(r.objects, b)
	}
	r.objects = append(r.objects, r.limit, r.caption)
	r.limit.Hidden = r.caption.Text == ""
}

func (r *plotRenderer) Layout(size fyne.Size) {
	pts := r.plot.points
	if len(pts) == 0 {
		return
	}
	top := float32(scale(pts))
	pad := theme.Padding()
	h := size.Height - 2*pad
	slot := min((size.Width-2*pad)/float32(len(pts)), maxBar*1.25)
	gap := min(slot/4, 8)
	for i, pt := range pts {
		bh := h * float32(pt.Bytes) / top
		r.bars[i].Move(fyne.NewPos(pad+float32(i)*slot+gap/2, pad+h-bh))
		r.bars[i].Resize(fyne.NewSize(min(slot-gap, maxBar), bh))
	}
	if last := pts[len(pts)-1]; last.Limit > 0 {
		y := pad + h - h*float32(last.Limit)/top
		r.limit.Position1 = fyne.NewPos(pad, y)
		r.limit.Position2 = fyne.NewPos(size.Width-pad, y)
		cs := r.caption.MinSize()
		r.caption.Move(fyne.NewPos(size.Width-pad-cs.Width, max(0, y-cs.Height)))
		r.caption.Resize(cs)
	}
}

func (r *plotRenderer) MinSize() fyne.Size { return fyne.NewSize(160, plotHeight) }

func (r *plotRenderer) Refresh() {
	r.rebuild()
	r.Layout(r.plot.Size())
	canvas.Refresh(r.plot)
}

func (r *plotRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *plotRenderer) Destroy() {}
