package sitetab

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// sitePlot draws the pages per share of the limit (site.Histogram) as bars,
// with the limit as a line at 100 %: what lies right of the line is cut.
type sitePlot struct {
	widget.BaseWidget
	buckets []site.Bucket
}

func newSitePlot() *sitePlot {
	p := &sitePlot{}
	p.ExtendBaseWidget(p)
	return p
}

// setBuckets draws bs; the plot is hidden while no page has a bar, so no
// lone limit line stands over an empty band.
func (p *sitePlot) setBuckets(bs []site.Bucket) {
	p.buckets = bs
	if plotEmpty(bs) {
		p.Hide()
		return
	}
	p.Show()
	p.Refresh()
}

// plotEmpty reports whether no bucket holds a page.
func plotEmpty(bs []site.Bucket) bool {
	for _, b := range bs {
		if b.Pages > 0 {
			return false
		}
	}
	return true
}

func (p *sitePlot) CreateRenderer() fyne.WidgetRenderer {
	r := &sitePlotRenderer{p: p, line: canvas.NewRectangle(theme.Color(theme.ColorNameError))}
	r.limit = canvas.NewText(i18n.T("sitetab.plot-limit"), theme.Color(theme.ColorNameError))
	r.limit.TextSize = theme.CaptionTextSize()
	r.axis = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	r.axis.TextSize = theme.CaptionTextSize()
	return r
}

type sitePlotRenderer struct {
	p     *sitePlot
	bars  []*canvas.Rectangle
	line  *canvas.Rectangle
	limit *canvas.Text
	axis  *canvas.Text
}

func (r *sitePlotRenderer) Destroy() {}

func (r *sitePlotRenderer) MinSize() fyne.Size { return fyne.NewSize(300, 90) }

func (r *sitePlotRenderer) Objects() []fyne.CanvasObject {
	objs := make([]fyne.CanvasObject, 0, len(r.bars)+3)
	for _, b := range r.bars {
		objs = append(objs, b)
	}
	return append(objs, r.line, r.limit, r.axis)
}

func (r *sitePlotRenderer) Refresh() {
	for len(r.bars) < len(r.p.buckets) {
		r.bars = append(r.bars, canvas.NewRectangle(color.Transparent))
	}
	r.bars = r.bars[:len(r.p.buckets)]
	r.Layout(r.p.Size())
	canvas.Refresh(r.p)
}

// Layout places each bar by its count; the limit line sits at the start
// of the 100 % bucket.
func (r *sitePlotRenderer) Layout(size fyne.Size) {
	n := len(r.p.buckets)
	if n == 0 {
		return
	}
	most := 1
	for _, b := range r.p.buckets {
		most = max(most, b.Pages)
	}
	textH := r.axis.MinSize().Height
	plotH := size.Height - textH
	w := size.Width / float32(n)
	for i, b := range r.p.buckets[:min(n, len(r.bars))] { // a layout may come before the Refresh that adds bars
		h := plotH * float32(b.Pages) / float32(most)
		bar := r.bars[i]
		bar.FillColor = theme.Color(theme.ColorNamePrimary)
		if b.Over {
			bar.FillColor = theme.Color(theme.ColorNameWarning)
		}
		bar.Move(fyne.NewPos(float32(i)*w+1, plotH-h))
		bar.Resize(fyne.NewSize(max(w-2, 1), h))
	}
	x := float32(100/site.BucketPercent) * w
	r.line.Move(fyne.NewPos(x-1, 0))
	r.line.Resize(fyne.NewSize(2, plotH))
	r.limit.Move(fyne.NewPos(x+4, 0))
	r.axis.Text = i18n.T("sitetab.plot-axis", "Max", strconv.Itoa(site.PlotMaxPercent), "Count", most)
	r.axis.Move(fyne.NewPos(0, plotH))
}
