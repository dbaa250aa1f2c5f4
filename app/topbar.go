package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// topBar is the strip above the tabs: the URL field, the profile picker
// with a line describing the chosen profile, Inspect and Cancel, the
// progress bar with its phase, and the error banner.
type topBar struct {
	url         *urlEntry
	profile     *widget.Select
	editCustom  *kit.TapButton // File › Custom profile… too, so no Tab stop
	compare     *widget.Button
	profileInfo *widget.Label
	inspect     *widget.Button
	cancel      *widget.Button
	progress    *widget.ProgressBar
	busy        *widget.ProgressBarInfinite // while the total is unknown
	phase       *widget.Label
	barSlot     *fyne.Container // the bars' fixed-width slot right of the phase
	status      *fyne.Container // the phase line: the phase and the bars' slot
	banner      *kit.Paragraph
	root        fyne.CanvasObject
	running     bool // between setRunning(true) and setRunning(false)
	stale       bool // the phase line says the report is for another profile
}

// topBarActions are what the bar's controls trigger.
type topBarActions struct {
	inspect, cancel, editCustom, compare func()
	profile                              func(name string)
}

func newTopBar(act topBarActions) *topBar {
	b := &topBar{
		url:         newURLEntry(),
		profile:     widget.NewSelect(nil, act.profile),
		editCustom:  kit.NewTapButton("", theme.SettingsIcon(), act.editCustom),
		compare:     widget.NewButtonWithIcon(i18n.T("app.compare-with"), theme.ViewRestoreIcon(), act.compare),
		profileInfo: widget.NewLabel(""),
		inspect:     widget.NewButtonWithIcon(i18n.T("app.inspect"), theme.SearchIcon(), act.inspect),
		cancel:      widget.NewButtonWithIcon(i18n.T("app.cancel"), theme.CancelIcon(), act.cancel),
		progress:    widget.NewProgressBar(),
		busy:        widget.NewProgressBarInfinite(),
		phase:       widget.NewLabel(i18n.T("app.ready")),
		banner:      kit.NewParagraph(""),
	}
	b.url.SetPlaceHolder(i18n.T("app.url-placeholder"))
	b.url.OnSubmitted = func(string) { act.inspect() }
	b.url.onEscape = act.cancel
	b.inspect.Importance = widget.HighImportance
	b.cancel.Disable()
	b.profileInfo.Truncation = fyne.TextTruncateEllipsis
	// The status line is longer in some languages than in English: cut
	// with an ellipsis, it never widens the window past the screen.
	b.phase.Truncation = fyne.TextTruncateEllipsis
	b.profileInfo.SizeName = theme.SizeNameCaptionText
	b.banner.Importance = widget.DangerImportance
	b.banner.Hide()
	b.progress.TextFormatter = func() string { return "" }
	b.root = b.layout()
	b.hideProgress()
	return b
}

func (b *topBar) layout() fyne.CanvasObject {
	buttons := container.NewHBox(b.editCustom, b.compare, b.inspect, b.cancel)
	picker := container.NewGridWrap(fyne.NewSize(240, b.profile.MinSize().Height), b.profile)
	row := container.NewBorder(nil, nil, nil, container.NewHBox(picker, buttons), b.url)
	bar := container.NewStack(b.progress, b.busy)
	b.barSlot = container.NewGridWrap(fyne.NewSize(320, bar.MinSize().Height), bar)
	b.status = container.NewBorder(nil, nil, nil, b.barSlot, b.phase)
	return container.NewVBox(row, b.profileInfo, b.status, b.banner, widget.NewSeparator())
}

func (b *topBar) content() fyne.CanvasObject { return b.root }

// setRunning switches the controls between idle and inspecting. The
// progress bar is shown only while an inspection runs: a full bar left
// behind after it ends would read as work still going on.
func (b *topBar) setRunning(running bool) {
	b.running = running
	b.setStale("")
	if running {
		b.cancel.Enable()
		b.progress.SetValue(0)
		b.progress.Show()
		b.showBarSlot(true)
		b.setError("")
		return
	}
	b.cancel.Disable()
	b.hideProgress()
}

// hideProgress hides both bars and their slot, so the phase line that
// ends an inspection has the whole width: in French or Japanese it is
// longer than the width the bars leave it.
func (b *topBar) hideProgress() {
	b.busy.Stop()
	b.busy.Hide()
	b.progress.SetValue(0)
	b.progress.Hide()
	b.showBarSlot(false)
}

// showBarSlot shows or hides the bars' slot and lays the phase line out
// again, so the phase takes the width the slot gives back or leaves.
func (b *topBar) showBarSlot(shown bool) {
	if shown == b.barSlot.Visible() {
		return
	}
	if shown {
		b.barSlot.Show()
	} else {
		b.barSlot.Hide()
	}
	b.status.Refresh()
}

// setStale shows msg in the phase line as a warning, or returns the line
// to normal when msg is "".
func (b *topBar) setStale(msg string) {
	b.stale = msg != ""
	b.phase.Importance = widget.MediumImportance
	if b.stale {
		b.phase.Importance = widget.WarningImportance
		b.phase.SetText(msg)
	}
	b.phase.Refresh()
}

// setError shows msg as the banner's one sentence, or hides the banner.
func (b *topBar) setError(msg string) {
	if msg == "" {
		b.banner.SetText("")
		b.banner.Hide()
		return
	}
	b.banner.SetText(prose.Sentence(msg))
	b.banner.Show()
}

// showProgress shows one progress report: phase text and, when the total
// is known, the bar's fraction.
func (b *topBar) showProgress(p inspect.Progress) {
	if !b.running { // a report that arrives after the end must not bring the bar back
		return
	}
	b.phase.SetText(phaseText(p))
	known := p.Total > 0
	if known {
		b.busy.Stop()
		b.busy.Hide()
		b.progress.Show()
		b.progress.SetValue(min(1, float64(p.Done)/float64(p.Total)))
		return
	}
	if p.ResourcesTotal > 0 {
		b.busy.Stop()
		b.busy.Hide()
		b.progress.Show()
		b.progress.SetValue(float64(p.ResourcesDone) / float64(p.ResourcesTotal))
		return
	}
	b.progress.Hide()
	b.busy.Show()
	b.busy.Start()
}

// phaseText is the line beside the progress bar: "robots.txt…",
// "page: 1,234,567 bytes", "resources 3/12".
func phaseText(p inspect.Progress) string {
	switch {
	case p.Phase == inspect.PhaseResources && p.ResourcesTotal > 0:
		return i18n.T("app.phase-resources-count", "Done", kit.Itoa(p.ResourcesDone), "Total", kit.Itoa(p.ResourcesTotal))
	case p.Done > 0 && p.Total > 0:
		return i18n.T("app.phase-bytes-of", "Phase", phaseName(p.Phase), "Done", p.Done, "Total", p.Total)
	case p.Done > 0:
		return i18n.T("app.phase-bytes", "Phase", phaseName(p.Phase), "Bytes", kit.BytesText(p.Done))
	case p.Phase == "":
		return i18n.T("app.working")
	default:
		return i18n.T("app.phase-running", "Phase", phaseName(p.Phase))
	}
}

// phaseNames are the messages naming the inspection's phases.
var phaseNames = map[string]string{
	inspect.PhaseRobots: "app.phase-robots", inspect.PhaseRobotsWait: "app.phase-robots-wait",
	inspect.PhasePage: "app.phase-page", inspect.PhaseAnalysis: "app.phase-analysis",
	inspect.PhaseResources: "app.phase-resources",
}

// phaseName is a phase of the inspection in words; a phase named by
// someone else (the render's) is shown as given.
func phaseName(phase string) string {
	if id, ok := phaseNames[phase]; ok {
		return i18n.T(id)
	}
	return phase
}

// urlEntry is the URL field: a text entry offering the recent URLs, where
// Enter inspects and Esc cancels. Its arrow, which lists the recent URLs,
// is no Tab stop: Tab goes from the field to the profile picker.
type urlEntry struct {
	widget.SelectEntry
	onEscape func()
}

func newURLEntry() *urlEntry {
	e := &urlEntry{}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.SetOptions(nil) // makes the arrow, kept by later SetOptions
	if arrow, ok := e.ActionItem.(*widget.Button); ok {
		tap := kit.NewTapButton("", arrow.Icon, arrow.OnTapped)
		tap.Importance = arrow.Importance
		e.ActionItem = tap
	}
	return e
}

// TypedKey handles Esc, which the entry would otherwise swallow, and hands
// every other key to the entry.
func (e *urlEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.SelectEntry.TypedKey(ev)
}

var _ fyne.Focusable = (*urlEntry)(nil)
