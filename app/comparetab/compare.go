package comparetab

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/compare"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Engine runs one comparison; tests may slow or count it.
type Engine func(ctx context.Context, target string, subjects []compare.Subject) (*compare.Result, error)

// DefaultEngine compares without subresources: the columns' pages,
// robots verdicts and findings are what is compared.
func DefaultEngine(ctx context.Context, target string, subjects []compare.Subject) (*compare.Result, error) {
	return compare.Run(ctx, &fetch.Fetcher{}, target, subjects, inspect.Options{NoResources: true})
}

// Area is the Compare tab: the same URL as several profiles side by
// side, a column each, cells that differ from the first column marked, the
// differences as sentences and the caveat. A comparison runs off the UI
// thread; starting another or closing the window cancels it.
type Area struct {
	engine Engine
	runner *job.Runner[inspect.Progress] // the tab's own: a comparison never stops an inspection

	result *compare.Result
	rows   []compare.Row
	choice *compareChoice // the dialog's last choice, offered again; nil before the first

	status  *kit.Paragraph
	busy    *widget.ProgressBarInfinite
	stopBtn *widget.Button
	table   *kit.FrozenTable
	split   *container.Split
	cell    *widget.Label // the selected cell, whole
	copied  string        // what Ctrl+C copies: the selected cell with its row and column
	diffs   *widget.Label
	caveat  *kit.Paragraph
	root    fyne.CanvasObject

	// onDone, when set, runs on the UI thread after a comparison is shown
	// or failed; tests wait on it.
	onDone func()
}

// New builds the Compare tab; its comparisons are rooted in ctx, the
// window's context, run through e and hand their results over through b.
func New(ctx context.Context, b *job.Bridge, e Engine) *Area {
	a := &Area{engine: e, runner: job.NewRunner(ctx, b, phaseOf)}
	a.status = kit.NewParagraph(i18n.T("comparetab.idle"))
	a.busy = widget.NewProgressBarInfinite()
	a.busy.Stop()
	a.busy.Hide()
	a.stopBtn = widget.NewButtonWithIcon(i18n.T("comparetab.cancel"), theme.CancelIcon(), a.Cancel)
	a.stopBtn.Disable()
	a.table = a.newTable()
	a.cell = widget.NewLabel("")
	a.cell.Wrapping = fyne.TextWrapWord
	a.cell.Selectable = true
	a.diffs = widget.NewLabel("")
	a.diffs.Wrapping = fyne.TextWrapWord
	a.diffs.Selectable = true
	a.caveat = kit.NewParagraph(compare.CaveatText())
	a.caveat.Importance = widget.WarningImportance
	a.caveat.SizeName = theme.SizeNameCaptionText
	a.root = a.layout()
	return a
}

func (a *Area) layout() fyne.CanvasObject {
	head := container.NewBorder(nil, a.busy, nil, a.stopBtn, a.status)
	details := container.NewVScroll(container.NewVBox(a.cell, kit.Heading(i18n.T("comparetab.differences-heading")), a.diffs, a.caveat))
	a.split = container.NewVSplit(a.table, details)
	a.split.Offset = 0.55
	return container.NewBorder(head, nil, nil, nil, a.split)
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// start compares target as subjects, stopping a comparison still running.
// It belongs to the UI thread and returns at once.
func (a *Area) start(target string, subjects []compare.Subject) {
	names := make([]string, len(subjects))
	for i, s := range subjects {
		names[i] = s.Profile.Name
	}
	a.status.SetText(i18n.T("comparetab.comparing", "URL", target, "Profiles", i18n.List(names)))
	// The last result goes: a table under "Comparing…" would pass for this one's.
	a.result, a.rows = nil, nil
	a.diffs.SetText("")
	a.showTable()
	a.busy.Show()
	a.busy.Start()
	a.stopBtn.Enable()
	a.runner.Start(func(ctx context.Context, _ func(inspect.Progress)) func() {
		res, err := a.engine(ctx, target, subjects)
		var rows []compare.Row
		if err == nil {
			rows = res.Table() // worked out off the UI thread
		}
		return func() { a.finish(res, rows, err) }
	}, nil, nil)
}

// Cancel cancels the running comparison; its result is dropped. It does
// nothing when no comparison runs.
func (a *Area) Cancel() {
	if !a.stopBtn.Disabled() {
		a.status.SetText(i18n.T("comparetab.cancelled"))
	}
	a.runner.Stop()
	a.idle()
}

// idle shows that no comparison runs.
func (a *Area) idle() {
	a.busy.Stop()
	a.busy.Hide()
	a.stopBtn.Disable()
}

// Close cancels everything for good and waits for the job's goroutine.
func (a *Area) Close() {
	a.runner.Stop()
	a.runner.Wait()
}

// finish shows a comparison, or why there is none.
func (a *Area) finish(res *compare.Result, rows []compare.Row, err error) {
	a.idle()
	if err != nil {
		a.status.SetText(i18n.T("comparetab.failed", "Error", prose.Sentence(err.Error())))
	} else {
		a.result, a.rows = res, rows
		a.status.SetText(compareStatus(res))
		a.diffs.SetText(differencesText(res.Differences))
		a.showTable()
	}
	if a.onDone != nil {
		a.onDone()
	}
}

// compareStatus is the line above the table.
func compareStatus(r *compare.Result) string {
	if len(r.Differences) == 0 {
		return i18n.T("comparetab.status-same", "URL", r.URL)
	}
	return i18n.T("comparetab.status", "URL", r.URL, "Count", len(r.Differences))
}

// differencesText lists every difference as a bullet: its label, then the
// sentence of each fetch that differs (Difference.Text).
func differencesText(diffs []compare.Difference) string {
	if len(diffs) == 0 {
		return i18n.T("comparetab.no-differences")
	}
	var b strings.Builder
	for _, d := range diffs {
		b.WriteString("• " + d.Text() + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// phaseOf names the phase of a comparison's progress report.
func phaseOf(p inspect.Progress) string { return p.Phase }
