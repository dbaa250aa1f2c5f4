package renderedtab

import (
	"bytes"
	"image"
	"image/png"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Area is the Rendered tab: the two renders' screenshots side by
// side at the same scale, each captioned, in a scroll above tabs with the
// comparison, what the crawler's render lost (a click opens Source at the byte
// that produced it) and the script table.
type Area struct {
	status   *kit.Paragraph
	enabled  *widget.Check
	shots    *fyne.Container
	rows     *fyne.Container
	lost     *widget.List
	scripts  *widget.List
	tables   *container.AppTabs
	data     Data
	onOffset func(int64)
	root     fyne.CanvasObject
}

// Data is what the tab shows, prepared off the UI thread.
type Data struct {
	Status        string
	Google, Full  image.Image
	rows          [][3]string
	Lost          []inspect.RenderedLost
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
		return i18n.T("renderedtab.tab-lost-any")
	}
	return i18n.T("renderedtab.tab-lost", "Crawler", rd.CrawlerName())
}

// shotScale is the scale the screenshots are drawn at, in Fyne units per
// CSS pixel of the render.
const shotScale = 0.75

// New builds the Rendered tab; p keeps its on/off switch, and onOffset
// opens the Source tab at a body offset (a lost item's). Call it on the
// UI thread.
func New(p prefs.Store, onOffset func(int64)) *Area {
	a := &Area{status: kit.NewParagraph(i18n.T("renderedtab.inspect-hint")),
		shots: container.NewHBox(), rows: container.NewGridWithColumns(3), onOffset: onOffset}
	a.enabled = widget.NewCheck(i18n.T("renderedtab.render-switch"), p.SetRender)
	a.enabled.SetChecked(p.Render())
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
func (a *Area) layout() fyne.CanvasObject {
	lost := container.NewBorder(widget.NewLabel(i18n.T("renderedtab.lost-hint")),
		nil, nil, nil, a.lost)
	a.tables = container.NewAppTabs(
		container.NewTabItem(i18n.T("renderedtab.tab-comparison"), container.NewVScroll(a.rows)),
		container.NewTabItem(lostTabLabel(nil), lost),
		container.NewTabItem(i18n.T("renderedtab.tab-scripts"), a.scripts))
	split := container.NewVSplit(container.NewScroll(a.shots), a.tables)
	split.Offset = 0.5
	return container.NewBorder(container.NewVBox(a.enabled, a.status), nil, nil, nil, split)
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// Shown is what the tab shows.
func (a *Area) Shown() Data { return a.data }

// Status is the sentence at the top of the tab.
func (a *Area) Status() string { return a.status.Text }

// SelectLost selects lost item i, as a click on it does.
func (a *Area) SelectLost(i int) { a.lost.Select(i) }

// On reports whether rendering with the inspection is turned on.
func (a *Area) On() bool { return a.enabled.Checked }

// Clear empties the tab, keeping a sentence.
func (a *Area) Clear(status string) { a.Show(Data{Status: status}) }

// Show fills the tab.
func (a *Area) Show(d Data) {
	a.data = d
	a.status.SetText(d.Status)
	a.shots.Objects = nil
	for i, img := range []image.Image{d.Google, d.Full} {
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
func shotPane(d Data, i int, img image.Image) fyne.CanvasObject {
	caption := widget.NewLabelWithStyle(d.captions[i], fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head := container.NewVBox(caption)
	if i == 0 && d.googleBlank {
		note := widget.NewLabel(blankCaption())
		note.Importance = widget.WarningImportance
		head.Add(note)
	}
	if img == nil {
		head.Add(widget.NewLabel(i18n.T("renderedtab.no-screenshot")))
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
func blankCaption() string { return i18n.T("renderedtab.blank") }

func newTruncLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

func (a *Area) updateScript(i widget.ListItemID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	l.SetText(a.data.scriptText[i])
	l.Importance = widget.DangerImportance
	if a.data.scriptRan[i] {
		l.Importance = widget.SuccessImportance
	}
	l.Refresh()
}

// openLost opens Source at the byte that produced a lost item.
func (a *Area) openLost(i widget.ListItemID) {
	if i < len(a.data.Lost) && a.data.Lost[i].Offset != nil && a.onOffset != nil {
		a.onOffset(*a.data.Lost[i].Offset)
	}
}

// DataOf builds the tab's data from a rendered view; it decodes
// the screenshots, so it runs off the UI thread.
func DataOf(rd *inspect.Rendered) Data {
	d := Data{Status: renderedStatus(rd), lostTab: lostTabLabel(rd)}
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
				d.Google = img
				d.googleBlank = pg.TextBytes == 0 && oneColour(img)
			} else {
				d.Full = img
			}
		}
	}
	d.Lost = rd.Lost
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
	outcome := i18n.T("renderedtab.outcome", "Lost", i18n.T("renderedtab.items-lost", "Count", len(rd.Lost)),
		"NotRun", i18n.T("renderedtab.scripts-not-run", "NotRun", notRun(rd.Scripts), "Count", len(rd.Scripts)))
	if failed := failedRender(rd); failed != "" {
		outcome = i18n.T("renderedtab.no-comparison", "Reason", failed)
	}
	id := "renderedtab.rendered-twice"
	if rd.Viewport.Assumed {
		id = "renderedtab.rendered-twice-assumed"
	}
	s := i18n.T(id, "Browser", rd.Browser, "Seconds", seconds(rd.DurationMS),
		"Viewport", report.ViewportSize(rd.Viewport), "Outcome", outcome)
	for _, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		if pg == nil {
			continue
		}
		for _, n := range rd.NoteSentences(pg) {
			s = i18n.Then(s, n)
		}
	}
	return s
}

// failedRender names the render that produced nothing, "" when both ran.
func failedRender(rd *inspect.Rendered) string {
	for _, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		if pg == nil {
			return i18n.T("renderedtab.render-missing")
		}
		if pg.Error != "" && pg.Mode == "full" {
			return i18n.T("renderedtab.whole-failed", "Error", pg.Error)
		}
		if pg.Error != "" {
			return i18n.T("renderedtab.kept-failed", "Crawler", rd.CrawlerName(), "Error", pg.Error)
		}
	}
	return ""
}

// seconds writes a duration of ms milliseconds in seconds, to a tenth,
// with the decimal mark of the language in use: "2.3", "2,3" in French.
func seconds(ms int64) string { return i18n.Current().Decimal(float64(ms)/1000, 1) }

func notRun(scripts []inspect.RenderedScript) int {
	n := 0
	for _, s := range scripts {
		if !s.Ran {
			n++
		}
	}
	return n
}
