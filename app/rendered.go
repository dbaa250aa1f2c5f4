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
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// renderedArea is the Rendered tab: the two renders' screenshots side by
// side at the same scale, each captioned, in a scroll above tabs with the
// comparison, what the crawler's render lost (a click opens Source at the byte
// that produced it) and the script table.
type renderedArea struct {
	status   *widget.Label
	enabled  *widget.Check
	shots    *fyne.Container
	rows     *fyne.Container
	lost     *widget.List
	scripts  *widget.List
	tables   *container.AppTabs
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
	// captions name each screenshot; blank says a render drew nothing.
	captions    [2]string
	googleBlank bool
	lostTab     string // the label of the lost items' tab
}

// lostTabLabel is the label of the tab of what the crawler's render lost.
func lostTabLabel(rd *inspect.Rendered) string {
	if rd == nil {
		return "Lost in the crawler's render"
	}
	return "Lost in " + rd.RenderName()
}

// shotScale is the scale the screenshots are drawn at, in Fyne units per
// CSS pixel of the render.
const shotScale = 0.75

// prefRender is the preference that turns rendering with the inspection
// on (the default) or off.
const prefRender = "render.enabled"

func newRenderedArea(p prefs, onOffset func(int64)) *renderedArea {
	a := &renderedArea{status: widget.NewLabel("Inspect a page to see what the crawler's render makes of it."),
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

// layout puts the screenshots over the whole width, in a scroll, and the
// comparison, the lost items and the scripts in tabs below, so each fits
// a 1024 × 768 window.
func (a *renderedArea) layout() fyne.CanvasObject {
	lost := container.NewBorder(widget.NewLabel("Click an item to open Source at the byte that produced it."),
		nil, nil, nil, a.lost)
	a.tables = container.NewAppTabs(
		container.NewTabItem("Comparison", container.NewVScroll(a.rows)),
		container.NewTabItem(lostTabLabel(nil), lost),
		container.NewTabItem("Scripts", a.scripts))
	split := container.NewVSplit(container.NewScroll(a.shots), a.tables)
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
		if img != nil || d.captions[i] != "" {
			a.shots.Add(shotPane(d, i, img))
		}
	}
	a.shots.Refresh()
	a.rows.Objects = nil
	for _, r := range d.rows {
		for _, cell := range r {
			a.rows.Add(newTruncLabel(cell))
		}
	}
	a.rows.Refresh()
	if a.tables.Items[1].Text != d.lostTab && d.lostTab != "" {
		a.tables.Items[1].Text = d.lostTab
		a.tables.Refresh()
	}
	a.lost.UnselectAll()
	a.lost.Refresh()
	a.scripts.Refresh()
}

// shotPane is one screenshot with its caption above it, and a second
// line when the render drew nothing.
func shotPane(d renderedData, i int, img image.Image) fyne.CanvasObject {
	caption := widget.NewLabelWithStyle(d.captions[i], fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head := container.NewVBox(caption)
	if i == 0 && d.googleBlank {
		note := widget.NewLabel(blankCaption)
		note.Importance = widget.WarningImportance
		head.Add(note)
	}
	if img == nil {
		head.Add(widget.NewLabel("No screenshot."))
		return head
	}
	c := canvas.NewImageFromImage(img)
	c.FillMode = canvas.ImageFillStretch
	// Both at the same scale, small enough for the two to sit side by side.
	c.SetMinSize(fyne.NewSize(float32(d.shotW[i])*shotScale, float32(d.shotHs[i])*shotScale))
	// In an HBox the image keeps its own width under a wider caption.
	return container.NewVBox(head, container.NewHBox(c))
}

// blankCaption says that a render drew nothing at all.
const blankCaption = "Nothing visible: the kept bytes render a blank page."

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
	d := renderedData{status: renderedStatus(rd), lostTab: lostTabLabel(rd)}
	if rd.Error != "" {
		return d
	}
	kept, full := report.RenderedHeadings(rd)
	d.rows = [][3]string{{"", kept, full}}
	for _, r := range report.RenderedRows(rd) {
		d.rows = append(d.rows, [3]string{r.Name, r.Google, r.Full})
	}
	d.captions[0], d.captions[1] = report.RenderedCaptions(rd)
	for i, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		if pg == nil {
			continue
		}
		if img, err := png.Decode(bytes.NewReader(pg.Screenshot)); err == nil {
			b := img.Bounds()
			d.shotW[i], d.shotHs[i] = b.Dx(), b.Dy()
			if i == 0 {
				d.google = img
				d.googleBlank = pg.TextBytes == 0 && oneColour(img)
			} else {
				d.full = img
			}
		}
	}
	d.lost = rd.Lost
	for _, l := range rd.Lost {
		d.lostText = append(d.lostText, report.LostLine(rd, l))
	}
	for _, s := range rd.Scripts {
		d.scriptText = append(d.scriptText, report.ScriptLine(s))
		d.scriptRan = append(d.scriptRan, s.Ran)
	}
	return d
}

// renderedStatus is the tab's sentence about the renders.
func renderedStatus(rd *inspect.Rendered) string {
	if rd.Error != "" {
		return rd.Error
	}
	s := fmt.Sprintf("%s rendered the page twice in %.1f s at %s%s: ", rd.Browser,
		float64(rd.DurationMS)/1000, report.ViewportSize(rd.Viewport),
		map[bool]string{true: " (assumed viewport)"}[rd.Viewport.Assumed])
	if failed := failedRender(rd); failed != "" {
		s += "no comparison, because " + failed + "."
	} else {
		s += prose.Count(int64(len(rd.Lost)), "item", "items") + " lost, " + prose.Thousands(int64(notRun(rd.Scripts))) +
			" of " + prose.Count(int64(len(rd.Scripts)), "script", "scripts") + " did not run."
	}
	for _, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		if pg == nil {
			continue
		}
		for _, n := range pg.Notes {
			s += " " + prose.Capitalize(rd.PageName(pg)) + ": " + n
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
