package historytab

import (
	"context"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Opener returns the window's history file, opening it on first use; it
// is called off the UI thread, and its error is one sentence fragment.
type Opener func(ctx context.Context) (*history.DB, error)

// maxShown is how many inspections of a page the tab lists and plots, the
// newest.
const maxShown = 200

// Viewer prepares, off the UI thread, the window's tabs for a saved
// report, and returns what shows them, run on the UI thread.
type Viewer func(r *inspect.Report) (show func())

// Area is the History tab of the page the window shows.
type Area struct {
	win    fyne.Window
	open   Opener
	view   Viewer
	runner *job.Runner[struct{}]

	url   string
	items []history.Inspection // newest first
	row   int                  // the selected row, -1 for none

	shownReport string // the text of the report opened last

	status  *kit.Paragraph
	plot    *Plot
	table   *widget.Table
	older   *widget.Select
	newer   *widget.Select
	diff    *widget.Label
	openBtn *widget.Button
	viewBtn *widget.Button
	root    fyne.CanvasObject

	// onLoaded, when set, runs on the UI thread after a load (the list, or
	// an old report) was shown; tests wait on it.
	onLoaded func()
}

// New builds the History tab. Its loads are rooted in ctx, the window's
// context, read the file open returns and hand over through b; win shows
// the text of an old inspection's report, view shows it in the window's
// tabs.
func New(ctx context.Context, b *job.Bridge, win fyne.Window, open Opener, view Viewer) *Area {
	a := &Area{win: win, open: open, view: view, runner: job.NewRunner[struct{}](ctx, b, nil), row: -1}
	a.status = kit.NewParagraph(i18n.T("historytab.inspect-hint"))
	a.plot = NewPlot()
	a.table = a.newTable()
	a.older = widget.NewSelect(nil, func(string) { a.showDiff() })
	a.newer = widget.NewSelect(nil, func(string) { a.showDiff() })
	a.older.PlaceHolder, a.newer.PlaceHolder = i18n.T("historytab.pick-older"), i18n.T("historytab.pick-newer")
	a.diff = widget.NewLabel("")
	a.diff.Wrapping = fyne.TextWrapWord
	a.diff.Selectable = true
	a.openBtn = widget.NewButton(i18n.T("historytab.report-text"), a.openSelected)
	a.openBtn.Disable()
	a.viewBtn = widget.NewButton(i18n.T("historytab.show-in-tabs"), a.ShowInTabs)
	a.viewBtn.Disable()
	compare := container.NewBorder(nil, nil, widget.NewLabel(i18n.T("historytab.compare")), nil,
		container.NewGridWithColumns(2, a.older, a.newer))
	top := container.NewVBox(a.status, a.plot)
	diff := container.NewBorder(container.NewBorder(nil, nil, nil, container.NewHBox(a.openBtn, a.viewBtn), compare), nil, nil, nil,
		container.NewVScroll(a.diff))
	split := container.NewVSplit(a.table, diff) // a long comparison scrolls, and the list keeps its rows
	split.Offset = 0.7
	a.root = container.NewBorder(top, nil, nil, nil, split)
	return a
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// Show lists the saved inspections of url (as requested or as finally
// fetched), read off the UI thread. The window calls it with each report
// it shows, and again once that inspection is saved.
func (a *Area) Show(url string) {
	a.url = url
	open := a.open
	a.runner.Start(func(ctx context.Context, _ func(struct{})) func() {
		items, err := load(ctx, open, url)
		return func() { a.fill(items, err) }
	}, nil, a.loaded)
}

// load reads url's newest inspections.
func load(ctx context.Context, open Opener, url string) ([]history.Inspection, error) {
	h, err := open(ctx)
	if err != nil {
		return nil, err
	}
	return h.Inspections(ctx, history.Query{URL: url, Limit: maxShown})
}

func (a *Area) loaded() {
	if a.onLoaded != nil {
		a.onLoaded()
	}
}

// Close stops a load in flight.
func (a *Area) Close() { a.runner.Stop() }

// Items returns the inspections shown, newest first.
func (a *Area) Items() []history.Inspection { return a.items }

// Select selects row of the list (0 is the newest inspection).
func (a *Area) Select(row int) { a.table.Select(widget.TableCellID{Row: row}) }

// DiffText returns the comparison shown, a sentence a line.
func (a *Area) DiffText() string { return a.diff.Text }

// StatusText returns the line above the plot.
func (a *Area) StatusText() string { return a.status.Text }

func (a *Area) fill(items []history.Inspection, err error) {
	a.items, a.row = items, -1
	a.openBtn.Disable()
	a.viewBtn.Disable()
	a.table.UnselectAll()
	switch {
	case err != nil:
		a.status.SetText(prose.Capitalize(i18n.T("historytab.cannot-show", "Error", strings.TrimSpace(err.Error()))))
	case len(items) == 0:
		a.status.SetText(i18n.T("historytab.none-saved", "URL", a.url))
	default:
		a.status.SetText(summary(a.url, items))
	}
	points := make([]Point, len(items))
	for i, in := range items {
		points[len(items)-1-i] = Point{Bytes: in.CountedBytes, Limit: in.LimitBytes}
	}
	a.plot.SetPoints(points)
	a.table.Refresh()
	names := make([]string, len(items))
	for i, in := range items {
		names[i] = optionName(in)
	}
	a.older.SetOptions(names)
	a.newer.SetOptions(names)
	a.older.ClearSelected()
	a.newer.ClearSelected()
	a.diff.SetText("")
	if len(items) >= 2 {
		a.newer.SetSelectedIndex(0)
		a.older.SetSelectedIndex(1) // shows the diff
	}
}

// summary is the line above the plot: how many inspections, since when.
func summary(url string, items []history.Inspection) string {
	last := items[0]
	args := []any{"Count", len(items), "URL", url, "Since", timeText(items[len(items)-1].Time),
		"Bytes", bytesText(last.CountedBytes)}
	if last.LimitBytes > 0 {
		return i18n.T("historytab.summary-limit", append(args, "Limit", bytesText(last.LimitBytes))...)
	}
	return i18n.T("historytab.summary", args...)
}

// bytesText is a byte count with its noun, in the language in use:
// "1,999,860 bytes".
func bytesText(n int64) string { return i18n.T("common.bytes", "Count", n) }

// timeText is t in the local time zone, to the minute.
func timeText(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }

// optionName names an inspection in the compare pickers.
func optionName(in history.Inspection) string {
	return timeText(in.Time) + " · " + in.Profile + " · " + bytesText(in.CountedBytes) + " · #" + kit.Itoa(int(in.ID))
}

// showDiff compares the two inspections picked, when both are.
func (a *Area) showDiff() {
	o, n := a.older.SelectedIndex(), a.newer.SelectedIndex()
	if o < 0 || n < 0 || o >= len(a.items) || n >= len(a.items) {
		return
	}
	if o == n {
		a.diff.SetText(i18n.T("historytab.pick-two"))
		return
	}
	older, newer := a.items[o], a.items[n]
	if older.Time.After(newer.Time) {
		older, newer = newer, older
	}
	d := history.Compare(older, newer)
	a.diff.SetText(strings.Join(d.Sentences(), "\n"))
}
