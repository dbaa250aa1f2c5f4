package app

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// renderedArea is the Rendered tab: the two renders' screenshots side by
// side at the same scale, the comparison, what Google's render lost (a
// click opens Source at the byte that produced it) and the script table.
type renderedArea struct {
	status   *widget.Label
	enabled  *widget.Check
	shots    *fyne.Container
	rows     *fyne.Container
	lost     *widget.List
	scripts  *widget.List
	data     renderedData
	onOffset func(int64)
	root     fyne.CanvasObject
}

// renderedData is what the tab shows, prepared off the UI thread.
type renderedData struct {
	status        string
	google, full  image.Image
	rows          [][3]string
	lost          []inspect.RenderedLost
	lostText      []string
	scriptText    []string
	scriptRan     []bool
	shotW, shotHs [2]int
}

// shotScale is the scale the screenshots are drawn at, in Fyne units per
// CSS pixel of the render.
const shotScale = 0.75

// prefRender is the preference that turns rendering with the inspection
// on (the default) or off.
const prefRender = "render.enabled"

func newRenderedArea(p prefs, onOffset func(int64)) *renderedArea {
	a := &renderedArea{status: widget.NewLabel("Inspect a page to see what Google's renderer makes of it."),
		shots: container.NewHBox(), rows: container.NewGridWithColumns(3), onOffset: onOffset}
	a.status.Wrapping = fyne.TextWrapWord
	a.enabled = widget.NewCheck("Render each inspected page in Chromium (the kept bytes and the whole page)",
		func(on bool) { p.p.SetBool(prefRender, on) })
	a.enabled.SetChecked(p.p.BoolWithFallback(prefRender, true))
	a.lost = widget.NewList(func() int { return len(a.data.lostText) }, newRowLabel,
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(a.data.lostText[i]) })
	a.lost.OnSelected = a.openLost
	a.scripts = widget.NewList(func() int { return len(a.data.scriptText) }, newRowLabel, a.updateScript)
	a.root = a.layout()
	return a
}

func newRowLabel() fyne.CanvasObject {
	l := widget.NewLabel("")
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

func (a *renderedArea) layout() fyne.CanvasObject {
	shots := container.NewScroll(a.shots)
	lost := container.NewBorder(widget.NewLabelWithStyle("Lost in Google's render (click: open in Source)",
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil, a.lost)
	scripts := container.NewBorder(widget.NewLabelWithStyle("Scripts in Google's render", fyne.TextAlignLeading,
		fyne.TextStyle{Bold: true}), nil, nil, nil, a.scripts)
	top := container.NewVSplit(container.NewVScroll(a.rows), lost)
	top.Offset = 0.5
	right := container.NewVSplit(top, scripts)
	right.Offset = 0.7
	split := container.NewHSplit(shots, right)
	split.Offset = 0.5
	return container.NewBorder(container.NewVBox(a.enabled, a.status), nil, nil, nil, split)
}

func (a *renderedArea) content() fyne.CanvasObject { return a.root }

// on reports whether rendering with the inspection is turned on.
func (a *renderedArea) on() bool { return a.enabled.Checked }

// clear empties the tab, keeping a sentence.
func (a *renderedArea) clear(status string) { a.show(renderedData{status: status}) }

// show fills the tab.
func (a *renderedArea) show(d renderedData) {
	a.data = d
	a.status.SetText(d.status)
	a.shots.Objects = nil
	for i, img := range []image.Image{d.google, d.full} {
		if img == nil {
			continue
		}
		title := map[int]string{0: "Google (kept bytes)", 1: "Full page"}[i]
		c := canvas.NewImageFromImage(img)
		c.FillMode = canvas.ImageFillStretch
		// Both at the same scale, small enough for the two to sit side by side.
		c.SetMinSize(fyne.NewSize(float32(d.shotW[i])*shotScale, float32(d.shotHs[i])*shotScale))
		a.shots.Add(container.NewBorder(widget.NewLabel(title), nil, nil, nil, c))
	}
	a.shots.Refresh()
	a.rows.Objects = nil
	for _, r := range d.rows {
		for _, cell := range r {
			a.rows.Add(newTruncLabel(cell))
		}
	}
	a.rows.Refresh()
	a.lost.UnselectAll()
	a.lost.Refresh()
	a.scripts.Refresh()
}

func newTruncLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

func (a *renderedArea) updateScript(i widget.ListItemID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	l.SetText(a.data.scriptText[i])
	l.Importance = widget.DangerImportance
	if a.data.scriptRan[i] {
		l.Importance = widget.SuccessImportance
	}
	l.Refresh()
}

// openLost opens Source at the byte that produced a lost item.
func (a *renderedArea) openLost(i widget.ListItemID) {
	if i < len(a.data.lost) && a.data.lost[i].Offset != nil && a.onOffset != nil {
		a.onOffset(*a.data.lost[i].Offset)
	}
}

// prepareRendered builds the tab's data from a rendered view; it decodes
// the screenshots, so it runs off the UI thread.
func prepareRendered(rd *inspect.Rendered) renderedData {
	d := renderedData{status: renderedStatus(rd)}
	if rd.Error != "" {
		return d
	}
	d.rows = [][3]string{{"", "Google (kept bytes)", "Full page"}}
	for _, r := range inspect.RenderedRows(rd) {
		d.rows = append(d.rows, [3]string{r.Name, r.Google, r.Full})
	}
	for i, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		if img, err := png.Decode(bytes.NewReader(pg.Screenshot)); err == nil {
			b := img.Bounds()
			d.shotW[i], d.shotHs[i] = b.Dx(), b.Dy()
			if i == 0 {
				d.google = img
			} else {
				d.full = img
			}
		}
	}
	d.lost = rd.Lost
	for _, l := range rd.Lost {
		d.lostText = append(d.lostText, inspect.LostLine(l))
	}
	for _, s := range rd.Scripts {
		d.scriptText = append(d.scriptText, inspect.ScriptLine(s))
		d.scriptRan = append(d.scriptRan, s.Ran)
	}
	return d
}

// renderedStatus is the tab's sentence about the renders.
func renderedStatus(rd *inspect.Rendered) string {
	if rd.Error != "" {
		return rd.Error
	}
	s := fmt.Sprintf("%s rendered the page twice in %.1f s at %d × %d (assumed viewport): ", rd.Browser,
		float64(rd.DurationMS)/1000, rd.Viewport.Width, rd.Viewport.Height)
	if failed := failedRender(rd); failed != "" {
		s += "no comparison, because " + failed + "."
	} else {
		s += fmt.Sprintf("%s lost, %s of %s did not run.", prose.Count(int64(len(rd.Lost)), "item", "items"), commas(int64(notRun(rd.Scripts))), prose.Count(int64(len(rd.Scripts)), "script", "scripts"))
	}
	for _, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		if pg == nil {
			continue
		}
		for _, n := range pg.Notes {
			s += " " + pg.Mode + ": " + n
		}
	}
	return s
}

// failedRender names the render that produced nothing, "" when both ran.
func failedRender(rd *inspect.Rendered) string {
	for _, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		if pg == nil {
			return "a render did not run"
		}
		if pg.Error != "" {
			return "the " + pg.Mode + " render failed: " + pg.Error
		}
	}
	return ""
}

func notRun(scripts []inspect.RenderedScript) int {
	n := 0
	for _, s := range scripts {
		if !s.Ran {
			n++
		}
	}
	return n
}
