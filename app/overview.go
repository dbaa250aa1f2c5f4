package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// overviewData is what the Overview tab shows, prepared off the UI thread.
type overviewData struct {
	summary      string
	model        byteview.RulerModel
	legend       []legendItem
	contributors string
	findings     []finding.Finding
	// whatIf says the page can be simulated: the What if… button shows.
	whatIf bool
}

// legendItem is one kind of bytes with its total.
type legendItem struct {
	kind  string
	bytes int64
	share string // of the decoded body, as the reports give it; "" for the header
}

// overviewArea is the Overview tab: the welcome screen until a report
// arrives, then the byte ruler with its legend, what pushes elements past
// the cutoff, and the findings. Tapping the ruler or a finding's offset
// opens the Source tab there. The What if… button beside the advice
// replaces the report with the what-if panel until its Overview button.
type overviewArea struct {
	welcome  *welcomeArea
	summary  *kit.Paragraph
	ruler    *byteview.Ruler
	legend   *fyne.Container
	contrib  *kit.Paragraph
	fold     *kit.Fold // contrib, a few lines high until opened
	whatIf   *widget.Button
	findings *findingsList
	report   fyne.CanvasObject
	panel    fyne.CanvasObject // the what-if panel
	inPanel  bool              // the panel is shown instead of the report
	root     *fyne.Container
}

// The block of what pushes the page past the cutoff shows this many lines
// folded (its heading and the first causes) and opened: at 1024×768 the
// findings below keep most of the tab either way.
const (
	contribFoldedLines = 3
	contribOpenLines   = 10
)

// newOverviewArea builds the Overview; onWhatIf opens panel, the what-if
// panel, in its place.
func newOverviewArea(onDemo func(), onOffset func(int64), onWhatIf func(), panel fyne.CanvasObject) *overviewArea {
	a := &overviewArea{
		panel:    panel,
		welcome:  newWelcomeArea(onDemo),
		summary:  kit.NewParagraphWithStyle("", fyne.TextStyle{Bold: true}),
		ruler:    byteview.NewRuler(byteview.RulerModel{}),
		legend:   container.New(kit.NewWrapLayout(theme.Padding(), 0)),
		contrib:  kit.NewParagraph(""),
		findings: newFindingsList(onOffset),
	}
	a.ruler.OnSelect = onOffset
	a.fold = kit.NewFold(a.contrib, contribFoldedLines, contribOpenLines)
	a.fold.OnToggled = func() { a.report.Refresh() }
	a.whatIf = widget.NewButtonWithIcon(i18n.T("app.what-if"), theme.SearchReplaceIcon(), onWhatIf)
	a.whatIf.Hide()
	advice := container.NewBorder(nil, nil, nil, container.NewVBox(a.whatIf), a.fold)
	top := container.NewVBox(a.summary, a.ruler, a.legend, advice, kit.Heading(i18n.T("app.heading-findings")))
	a.report = container.NewBorder(top, nil, nil, nil, a.findings.content())
	a.report.Hide()
	a.panel.Hide()
	a.root = container.NewStack(a.welcome.content(), a.report, a.panel)
	return a
}

func (a *overviewArea) content() fyne.CanvasObject { return a.root }

// show replaces the welcome screen with a report's overview.
func (a *overviewArea) show(d overviewData) {
	a.summary.SetText(d.summary)
	a.ruler.SetModel(d.model)
	a.legend.Objects = legendObjects(d.legend)
	a.legend.Refresh()
	a.contrib.SetText(d.contributors)
	a.fold.Hidden = d.contributors == ""
	a.fold.SetFolded(true)
	a.whatIf.Hidden = !d.whatIf
	a.findings.show(d.findings)
	a.welcome.content().Hide()
	a.setPanel(a.inPanel)
}

// setPanel shows the what-if panel in place of the report, or the report.
func (a *overviewArea) setPanel(on bool) {
	a.inPanel = on
	if on {
		a.report.Hide()
		a.panel.Show()
	} else {
		a.panel.Hide()
		a.report.Show()
	}
	a.root.Refresh()
}

// filled reports whether a report's ruler is shown.
func (a *overviewArea) filled() bool {
	m := a.ruler.Model()
	return a.report.Visible() && m.HeaderBytes+m.BodyBytes > 0
}

func (a *overviewArea) copyText() string { return a.findings.copyText() }

// legendObjects draws one swatch and label per kind, in the ruler's
// colours, each pair kept together so the legend wraps between kinds.
func legendObjects(items []legendItem) []fyne.CanvasObject {
	th := fyne.CurrentApp().Settings().Theme()
	var objs []fyne.CanvasObject
	for _, it := range items {
		sw := canvas.NewRectangle(byteview.KindColor(it.kind, th))
		sw.SetMinSize(fyne.NewSize(12, 12))
		text := byteview.KindName(it.kind) + " " + kit.Commas(it.bytes)
		if it.share != "" {
			text += " (" + it.share + ")"
		}
		lbl := widget.NewLabel(text)
		lbl.SizeName = theme.SizeNameCaptionText
		objs = append(objs, container.NewHBox(container.NewCenter(sw), lbl))
	}
	return objs
}

// findingsList is the list of findings with severity icons. Each line shows
// the finding's sentence; one with a body offset has a button that opens
// the Source tab there. The selected finding is what Ctrl+C copies.
type findingsList struct {
	items    []finding.Finding
	selected int
	list     *widget.List
	detail   *widget.Label
	root     fyne.CanvasObject
	onOffset func(int64)
}

func newFindingsList(onOffset func(int64)) *findingsList {
	f := &findingsList{selected: -1, onOffset: onOffset}
	f.list = widget.NewList(func() int { return len(f.items) }, newFindingRow, f.updateRow)
	f.list.OnSelected = f.onSelect
	f.detail = widget.NewLabel("")
	f.detail.Wrapping = fyne.TextWrapWord
	f.detail.Selectable = true
	f.root = container.NewBorder(nil, f.detail, nil, nil, f.list)
	return f
}

func (f *findingsList) content() fyne.CanvasObject { return f.root }

func newFindingRow() fyne.CanvasObject {
	icon := widget.NewIcon(theme.InfoIcon())
	label := widget.NewLabel("")
	label.Truncation = fyne.TextTruncateEllipsis
	jump := widget.NewButtonWithIcon("", theme.NavigateNextIcon(), nil)
	jump.Importance = widget.LowImportance
	return container.NewBorder(nil, nil, icon, jump, label)
}

func (f *findingsList) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(f.items) {
		return
	}
	it := f.items[id]
	row := o.(*fyne.Container)
	row.Objects[0].(*widget.Label).SetText(it.Message)
	row.Objects[1].(*widget.Icon).SetResource(severityIcon(it.Severity))
	jump := row.Objects[2].(*widget.Button)
	if it.Offset == nil {
		jump.Hide()
		return
	}
	off := *it.Offset
	jump.SetText(i18n.T("app.finding-byte", "Offset", off))
	jump.OnTapped = func() { f.onOffset(off) }
	jump.Show()
}

// severityIcon is the icon of a severity, coloured by the theme.
func severityIcon(sev string) fyne.Resource {
	switch sev {
	case finding.Critical:
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	case finding.Warning:
		return theme.NewWarningThemedResource(theme.WarningIcon())
	}
	return theme.InfoIcon()
}

func (f *findingsList) show(items []finding.Finding) {
	f.items = items
	f.selected = -1
	f.list.UnselectAll()
	f.list.Refresh()
	f.list.ScrollToTop()
	f.detail.SetText(findingsHint(items))
}

func (f *findingsList) onSelect(id widget.ListItemID) {
	if id < 0 || id >= len(f.items) {
		return
	}
	f.selected = id
	f.detail.SetText(findingText(f.items[id]))
}

func (f *findingsList) copyText() string {
	if f.selected < 0 || f.selected >= len(f.items) {
		return ""
	}
	return findingText(f.items[f.selected])
}

// findingText is a finding as one line to read or paste.
func findingText(it finding.Finding) string {
	return i18n.T("app.finding-line", "Severity", severityName(it.Severity), "Message", it.Message)
}

// severityName is a severity as a word starting with a capital letter:
// "Critical", "Warning", "Info"; the reports' word, capitalized.
func severityName(sev string) string { return prose.Capitalize(report.SeverityWord(sev)) }

func findingsHint(items []finding.Finding) string {
	if len(items) == 0 {
		return i18n.T("app.findings-none")
	}
	return i18n.T("app.findings-hint")
}
