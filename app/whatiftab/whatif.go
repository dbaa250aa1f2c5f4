package whatiftab

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Deps is what the panel needs of the window.
type Deps struct {
	// RulerModel draws a report's ruler as the Overview does.
	RulerModel RulerModelFunc
	// ShowOffset opens the Source tab at a body offset of the real page.
	ShowOffset func(int64)
	// Back returns to the Overview.
	Back func()
}

// settle is how long a recomputation waits for the next tick before it
// starts: a run of quick ticks costs one simulation, not one each.
const settle = 60 * time.Millisecond

// Area is the what-if panel: the kinds and elements to tick, the advice
// to apply, the real and simulated rulers with the figures compared, and
// the exports. Its methods belong to the UI goroutine.
type Area struct {
	win    fyne.Window
	prefs  prefs.Store
	deps   Deps
	bridge *job.Bridge
	runner *job.Runner[struct{}]

	data  Data
	ready *prepared  // nil until the plan is built
	sel   *selection // nil until the plan is built
	shown *figures   // the figures on screen; nil while none are
	busy  bool       // a recomputation runs: shown is not the ticks'

	title    *widget.Label
	realRule *byteview.Ruler
	simRule  *byteview.Ruler
	figures  *kit.Paragraph
	chips    *fyne.Container
	kinds    *kindsColumn
	elements *elementList
	status   *widget.Label
	progress *widget.ProgressBarInfinite
	savePage *widget.Button
	saveList *widget.Button
	root     fyne.CanvasObject

	// onShown, when set, runs on the UI thread after figures are shown or
	// an export is handled; tests wait on it.
	onShown func()
}

// New builds the panel. Its jobs are rooted in ctx, the window's
// context, and hand their results over through b.
func New(ctx context.Context, b *job.Bridge, win fyne.Window, ps prefs.Store, deps Deps) *Area {
	a := &Area{win: win, prefs: ps, deps: deps, bridge: b, runner: job.NewRunner[struct{}](ctx, b, nil)}
	a.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	a.title.Truncation = fyne.TextTruncateEllipsis
	a.realRule = byteview.NewRuler(byteview.RulerModel{})
	a.realRule.OnSelect = deps.ShowOffset
	a.simRule = byteview.NewRuler(byteview.RulerModel{})
	a.figures = kit.NewParagraph("")
	a.chips = container.New(kit.NewWrapLayout(theme.Padding(), 0))
	a.kinds = newKindsColumn(a.onKind, a.onAdvice)
	a.elements = newElementList(a.onElement, deps.ShowOffset)
	a.status = widget.NewLabel("")
	a.status.Truncation = fyne.TextTruncateEllipsis
	a.progress = widget.NewProgressBarInfinite()
	a.progress.Stop()
	a.progress.Hide()
	a.savePage = widget.NewButtonWithIcon(i18n.T("whatiftab.save-page"), theme.DocumentSaveIcon(), a.onSavePage)
	a.saveList = widget.NewButtonWithIcon(i18n.T("whatiftab.save-moves"), theme.DocumentSaveIcon(), a.onSaveMoves)
	a.root = a.layout()
	a.setSaveButtons()
	return a
}

func (a *Area) layout() fyne.CanvasObject {
	back := widget.NewButtonWithIcon(i18n.T("whatiftab.back"), theme.NavigateBackIcon(), a.onBack)
	head := container.NewBorder(nil, nil, back, container.NewHBox(a.savePage, a.saveList), a.title)
	rulers := container.New(layout.NewFormLayout(),
		caption(i18n.T("whatiftab.ruler-now")), a.realRule,
		caption(i18n.T("whatiftab.ruler-what-if")), a.simRule)
	top := container.NewVBox(head, rulers, a.figures, a.chips)
	split := container.NewHSplit(a.kinds.content(), a.elements.content())
	split.Offset = 0.42
	foot := container.NewBorder(nil, nil, nil, nil, container.NewStack(a.progress, a.status))
	return container.NewBorder(top, foot, nil, nil, split)
}

// caption is the small label before a ruler.
func caption(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// Content is the panel's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// Show takes a new report: what was ticked and shown of the last one is
// dropped, and the panel is built again when it is next opened.
func (a *Area) Show(d Data) {
	a.runner.Stop()
	a.data, a.ready, a.sel, a.shown, a.busy = d, nil, nil, nil, false
	a.kinds.clear()
	a.elements.clear()
	a.chips.Objects = nil
	a.chips.Refresh()
	a.figures.SetText("")
	a.realRule.SetModel(byteview.RulerModel{})
	a.simRule.SetModel(byteview.RulerModel{})
	a.title.SetText(i18n.T("whatiftab.title", "Page", pageName(d)))
	a.setBusy(false, "")
	a.setSaveButtons()
}

// Open builds the panel for the report shown, off the UI thread, unless
// it is built already.
func (a *Area) Open() {
	if a.ready != nil || !a.data.Simulable() {
		if !a.data.Simulable() {
			a.status.SetText(i18n.T("whatiftab.not-simulable"))
		}
		return
	}
	d, model := a.data, a.deps.RulerModel
	a.setBusy(true, i18n.T("whatiftab.planning"))
	a.runner.Start(func(ctx context.Context, _ func(struct{})) func() {
		p, err := prepare(d, model)
		return func() { a.showPrepared(p, err) }
	}, nil, nil)
}

// Close stops a recomputation still running; the window calls it at
// shutdown.
func (a *Area) Close() { a.runner.Stop() }

func (a *Area) onBack() {
	if a.deps.Back != nil {
		a.deps.Back()
	}
}

func (a *Area) showPrepared(p *prepared, err error) {
	if err != nil {
		a.setBusy(false, i18n.T("whatiftab.cannot-simulate", "Error", clause(err)))
		return
	}
	a.ready, a.sel = p, newSelection(p.plan.Elements)
	a.kinds.show(p.kinds, p.advice)
	a.elements.show(p.plan, a.data.Report.Fetch.Body, a.sel)
	a.realRule.SetModel(p.real.model)
	a.showFigures(p.real)
	a.setBusy(false, hintText(p))
	a.done()
}

// onKind ticks or unticks every element of a kind.
func (a *Area) onKind(i int, on bool) {
	if a.sel == nil {
		return
	}
	a.sel.setKind(a.ready.kinds[i].kind, on)
	a.changed()
}

// onElement ticks or unticks one element.
func (a *Area) onElement(i int, on bool) {
	if a.sel == nil {
		return
	}
	a.sel.set(i, on)
	a.changed()
}

// onAdvice ticks exactly the elements of advice i.
func (a *Area) onAdvice(i int) {
	if a.sel == nil {
		return
	}
	a.sel.only(a.ready.advice[i].elements)
	a.changed()
}

// changed shows the ticks and recomputes the simulated page off the UI
// thread, cancelling the recomputation before.
func (a *Area) changed() {
	a.kinds.sync(a.sel)
	a.elements.refresh()
	ticked, moved := a.sel.ticked(), a.sel.effective()
	if len(ticked) == 0 {
		a.runner.Stop()
		a.showFigures(a.ready.real)
		a.setBusy(false, hintText(a.ready))
		a.done()
		return
	}
	d, p, model := a.data, a.ready, a.deps.RulerModel
	a.setBusy(true, i18n.T("whatiftab.simulating", "Count", len(moved)))
	a.runner.Start(func(ctx context.Context, _ func(struct{})) func() {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(settle):
		}
		f, err := simulate(d, p, ticked, moved, model)
		if ctx.Err() != nil {
			return nil
		}
		return func() { a.showSimulated(f, err) }
	}, nil, nil)
}

func (a *Area) showSimulated(f *figures, err error) {
	if err != nil {
		a.setBusy(false, i18n.T("whatiftab.simulation-failed", "Error", clause(err)))
		a.done()
		return
	}
	a.showFigures(f)
	a.setBusy(false, selectionText(a.sel))
	a.done()
}

// showFigures shows f, the simulated page (the real one when nothing is
// ticked), against the real page.
func (a *Area) showFigures(f *figures) {
	a.shown = f
	a.simRule.SetModel(f.model)
	a.figures.SetText(figuresText(a.ready.real, f))
	a.chips.Objects = chipObjects(changes(a.ready.real.result, f.result), f.sim != nil)
	a.chips.Refresh()
	a.setSaveButtons()
}

// setBusy shows the progress bar while a job runs, and the status line.
func (a *Area) setBusy(on bool, status string) {
	a.busy = on
	if on {
		a.progress.Show()
		a.progress.Start()
		a.status.Hide()
	} else {
		a.progress.Stop()
		a.progress.Hide()
		a.status.Show()
	}
	a.status.SetText(status)
	a.setSaveButtons()
}

// setSaveButtons enables the exports when the figures shown are those of
// the ticks and some move applies.
func (a *Area) setSaveButtons() {
	ok := !a.busy && a.shown != nil && a.shown.sim != nil && len(a.shown.sim.Moves) > 0
	for _, b := range []*widget.Button{a.savePage, a.saveList} {
		if ok {
			b.Enable()
		} else {
			b.Disable()
		}
	}
}

func (a *Area) done() {
	if a.onShown != nil {
		a.onShown()
	}
}

// Idle reports whether the panel is built for the report shown and no
// recomputation runs.
func (a *Area) Idle() bool { return a.ready != nil && !a.busy }

// FiguresText is the sentence the panel states the page's body and
// cutoff in.
func (a *Area) FiguresText() string { return a.figures.Text }
