package sitetab

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/app/job"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// siteGlobal is the window's limit on fetches in flight at all (per host
// it is site.DefaultPerHost): each finished fetch is analysed on the
// machine's cores, and the UI thread needs its share of them.
const siteGlobal = 2

// siteInputs are the inputs of the Site mode, in the language in use:
// a sitemap, a list, a crawl.
func siteInputs() []string {
	return []string{i18n.T("sitetab.input-sitemap"), i18n.T("sitetab.input-list"), i18n.T("sitetab.input-crawl")}
}

// Area is the Site tab: the cutoff across many URLs, a row each, filled
// as rows arrive.
type Area struct {
	win     fyne.Window
	bridge  *job.Bridge
	runner  *job.Runner[siteUpdate]
	profile func() fetch.Profile
	open    func(url string) // opens a URL in the single-page view
	// savePath names the file a run's rows are saved to, for Resume.
	savePath func() string

	model    *siteModel
	summary  *site.Summary
	running  bool
	selected int // view row, -1 when none
	last     siteRequest
	maxApply time.Duration // the longest a batch held the UI thread
	probe    *uiProbe

	kind     *widget.Select
	target   *kit.EscEntry
	maxPages *kit.EscEntry
	list     *kit.TextArea
	start    *widget.Button
	cancel   *widget.Button
	resume   *widget.Button
	bar      *widget.ProgressBar
	status   *kit.Paragraph
	filter   *widget.Select
	query    *kit.EscEntry
	openRow  *widget.Button
	plot     *sitePlot
	table    *widget.Table
	empty    *kit.Paragraph // says so when the filter keeps no row
	emptyBox *fyne.Container
	detail   *widget.Label // the selected row, whole
	urlChars int           // how many characters of a URL its column shows
	root     fyne.CanvasObject
	// summaryText is the run's summary line, which an export's line follows.
	summaryText string
}

// New builds the Site tab. Its runs are rooted in ctx, the window's
// context, and hand their rows over through b; profile is the profile
// picked in the window and open inspects a row's URL in the page view.
// Call it on the UI thread.
func New(ctx context.Context, b *job.Bridge, win fyne.Window, profile func() fetch.Profile, open func(string)) *Area {
	a := &Area{win: win, bridge: b, runner: job.NewBatchRunner(ctx, b, siteBatchEvery, mergeSiteUpdate), profile: profile, open: open,
		model: newSiteModel(), selected: -1, savePath: defaultSitePath}
	a.build()
	return a
}

// defaultSitePath is the file a window's run saves its rows to.
func defaultSitePath() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	dir = filepath.Join(dir, "cutoff")
	if os.MkdirAll(dir, 0o700) != nil {
		return ""
	}
	return filepath.Join(dir, "site-run.jsonl")
}

func (a *Area) build() {
	a.target = kit.NewEscEntry()
	a.target.SetPlaceHolder(i18n.T("sitetab.placeholder-sitemap"))
	a.target.OnSubmitted = func(string) { a.onStart() }
	a.maxPages = kit.NewEscEntry()
	a.maxPages.SetText(strconv.Itoa(site.DefaultMaxPages))
	a.list = kit.NewTextArea()
	a.list.SetPlaceHolder(i18n.T("sitetab.placeholder-list"))
	a.list.SetMinRowsVisible(4)
	a.list.Hide()
	a.kind = widget.NewSelect(siteInputs(), a.onKind)
	a.kind.SetSelectedIndex(0)
	a.start = widget.NewButtonWithIcon(i18n.T("sitetab.start"), theme.MediaPlayIcon(), a.onStart)
	a.start.Importance = widget.HighImportance
	a.cancel = widget.NewButtonWithIcon(i18n.T("sitetab.cancel"), theme.CancelIcon(), a.Cancel)
	a.cancel.Disable()
	a.resume = widget.NewButtonWithIcon(i18n.T("sitetab.resume"), theme.MediaReplayIcon(), a.onResume)
	a.resume.Disable()
	a.bar = widget.NewProgressBar()
	a.bar.Hide() // nothing to show until a run starts
	a.status = kit.NewParagraph(i18n.T("sitetab.idle"))
	a.filter = widget.NewSelect(siteFilters(), func(string) { a.onFilter() })
	a.filter.SetSelectedIndex(0)
	a.query = kit.NewEscEntry()
	a.query.SetPlaceHolder(i18n.T("sitetab.placeholder-query"))
	a.query.OnChanged = func(string) { a.onFilter() }
	a.openRow = widget.NewButtonWithIcon(i18n.T("sitetab.open-row"), theme.SearchIcon(), a.onOpenRow)
	a.openRow.Disable()
	a.plot = newSitePlot()
	a.plot.setBuckets(nil)
	a.table = a.newTable()
	a.root = a.layout()
}

func (a *Area) layout() fyne.CanvasObject {
	limit := container.NewGridWrap(fyne.NewSize(90, a.maxPages.MinSize().Height), a.maxPages)
	buttons := container.NewHBox(widget.NewLabel(i18n.T("sitetab.max-pages")), limit, a.start, a.cancel, a.resume)
	input := container.NewBorder(nil, nil, a.kind, buttons, a.target)
	progress := container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(260, a.bar.MinSize().Height), a.bar), a.status)
	export := container.NewHBox(widget.NewLabel(i18n.T("sitetab.export")),
		widget.NewButton("CSV", func() { a.onExport(site.FormatCSV) }),
		widget.NewButton("JSONL", func() { a.onExport(site.FormatJSONL) }),
		widget.NewButton("HTML", func() { a.onExport(site.FormatHTML) }))
	tools := container.NewBorder(nil, nil, a.filter, container.NewHBox(a.openRow, export), a.query)
	top := container.NewVBox(input, a.list, progress, a.plot, tools)
	return container.NewBorder(top, a.detail, nil, nil, a.tableArea())
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

func (a *Area) onKind(string) {
	if a.list == nil || a.kind == nil {
		return
	}
	a.list.Hide()
	a.target.Show()
	switch a.kind.SelectedIndex() {
	case 1:
		a.list.Show()
		a.target.Hide()
	case 2:
		a.target.SetPlaceHolder(i18n.T("sitetab.placeholder-crawl"))
	default:
		a.target.SetPlaceHolder(i18n.T("sitetab.placeholder-sitemap"))
	}
}

// SetDemo fills in the demo site's sitemap index.
func (a *Area) SetDemo(base string) {
	if a.running {
		return
	}
	a.kind.SetSelectedIndex(0)
	a.target.SetText(base + "/site/sitemap.xml")
}

// input reads the chosen input; the error is a sentence.
func (a *Area) input() (site.Input, error) {
	switch a.kind.SelectedIndex() {
	case 1:
		urls, err := site.ParseList(strings.NewReader(a.list.Text))
		if err != nil {
			return site.Input{}, err
		}
		if len(urls) == 0 {
			return site.Input{}, errors.New(i18n.T("sitetab.need-list"))
		}
		return site.Input{URLs: urls}, nil
	case 2:
		return site.Input{Crawl: strings.TrimSpace(a.target.Text)}, nil
	}
	t := strings.TrimSpace(a.target.Text)
	if t == "" {
		return site.Input{}, errors.New(i18n.T("sitetab.need-sitemap"))
	}
	return site.Input{Sitemap: t}, nil
}

func (a *Area) onStart() {
	in, err := a.input()
	if err != nil {
		a.status.SetText(err.Error())
		return
	}
	max, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(a.maxPages.Text), ",", ""))
	if err != nil || max < 1 {
		a.status.SetText(i18n.T("sitetab.bad-max-pages"))
		return
	}
	cfg := site.Config{Profile: a.profile(), MaxPages: max, Global: siteGlobal}
	req := siteRequest{in: in, cfg: cfg, save: a.savePath()}
	startAfresh := func() {
		a.model.reset()
		a.run(req)
	}
	n := len(a.model.rows)
	if n == 0 {
		startAfresh()
		return
	}
	d := dialog.NewConfirm(i18n.T("sitetab.confirm-title"), i18n.T("sitetab.confirm-text", "Count", n),
		func(ok bool) {
			if ok && !a.running {
				startAfresh()
			}
		}, a.win)
	d.SetConfirmText(i18n.T("sitetab.start"))
	d.SetDismissText(i18n.T("sitetab.keep-them"))
	d.Show()
}

// onResume continues the last run from its saved rows, without fetching
// them again.
func (a *Area) onResume() {
	req := a.last
	rows, err := readSaved(req.save)
	if err != nil {
		a.status.SetText(err.Error())
		return
	}
	req.cfg.Resume, req.appendT = rows, true
	a.run(req)
}

// readSaved reads the rows a run saved.
func readSaved(path string) ([]site.Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errors.New(i18n.T("sitetab.not-saved"))
	}
	defer f.Close()
	return site.ReadRows(f)
}

func (a *Area) run(req siteRequest) {
	a.last = req
	a.running, a.summary, a.selected = true, nil, -1
	a.setButtons()
	a.bar.TextFormatter = nil
	a.bar.SetValue(0)
	a.bar.Show()
	a.status.SetText(i18n.T("sitetab.starting"))
	a.plot.setBuckets(a.model.hist)
	a.summaryText = ""
	a.showDetail()
	a.refreshTable()
	a.maxApply = 0
	a.probe.end(0, 0)
	a.probe = startProbe(a.bridge)
	a.runner.Start(a.siteJob(req), a.apply, nil)
}

// Cancel stops the run at once; what it found so far stays shown. It does
// nothing when no run is going.
func (a *Area) Cancel() {
	a.runner.Cancel()
}

func (a *Area) setButtons() {
	enable(a.start, !a.running)
	enable(a.cancel, a.running)
	enable(a.resume, !a.running && a.summary != nil && a.summary.Cancelled && a.last.save != "")
	enable(a.openRow, a.selected >= 0)
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// apply shows one batch of the running run; it runs on the UI thread.
func (a *Area) apply(u siteUpdate) {
	began := time.Now()
	if len(u.rows) > 0 {
		a.model.add(u.rows)
		a.plot.setBuckets(a.model.hist)
		a.refreshTable()
	}
	if u.progress != nil {
		a.showProgress(*u.progress)
	}
	a.maxApply = max(a.maxApply, time.Since(began))
}

func (a *Area) showProgress(p site.Progress) {
	total := p.Done + p.Queued
	if total > 0 {
		text := i18n.T("sitetab.bar", "Done", p.Done, "Total", total)
		a.bar.TextFormatter = func() string { return text }
		a.bar.SetValue(float64(p.Done) / float64(total))
	}
	a.status.SetText(progressText(p))
}

// progressText is "1,234 pages done, 5,678 queued · 42.0 pages/s · about 2m10s left".
func progressText(p site.Progress) string {
	id := "sitetab.progress"
	if p.Listing {
		id = "sitetab.progress-listing"
	}
	s := i18n.T(id, "Count", p.Done, "Queued", p.Queued) + " · " + i18n.T("sitetab.rate", "Rate", oneDecimal(p.Rate))
	if est := p.Estimate(); est > 0 {
		id := "sitetab.left"
		if p.Listing {
			id = "sitetab.left-listing"
		}
		s += " · " + i18n.T(id, "Left", est.Round(time.Second).String())
	}
	return s
}

// oneDecimal writes a rate with one decimal, as "42.0".
func oneDecimal(f float64) string {
	return i18n.Current().Decimal(f, 1)
}

// finish shows how the run ended, after its last batch; on the UI thread.
func (a *Area) finish(sum *site.Summary, err error) {
	a.probe.end(len(a.model.rows), a.maxApply)
	a.probe = nil
	a.running = false
	a.summary = sum
	if err != nil {
		a.status.SetText(err.Error())
		a.setButtons()
		return
	}
	a.model.markOrphans(sum)
	a.refreshTable()
	if !sum.Cancelled {
		a.bar.SetValue(1)
	}
	a.summaryText = siteSummaryText(sum)
	a.status.SetText(a.summaryText)
	a.setButtons()
}

// siteSummaryText is the line shown when a run ends.
func siteSummaryText(s *site.Summary) string {
	id := "sitetab.summary"
	if s.RobotsUnchecked > 0 {
		id = "sitetab.summary-unchecked" // the URLs whose robots.txt could not be checked
	}
	t := i18n.T(id, "Count", s.Pages, "Fetched", s.Fetched, "Disallowed", s.Disallowed, "Unchecked", s.RobotsUnchecked,
		"Errors", s.Errors, "Over", s.Truncated, "Near", s.NearLimit, "Range", site.NearLimitRange(),
		"Orphans", len(s.LinkedOnlyPastCutoff), "Rate", oneDecimal(s.PagesPerSecond))
	if notes := site.FetchNotes(s); notes != "" {
		t = i18n.Then(t, prose.Sentence(notes))
	}
	switch {
	case s.Cancelled:
		t = i18n.T("sitetab.cancelled", "Summary", t)
	case s.StoppedAtMax:
		t = i18n.Then(t, i18n.T("sitetab.stopped-at-max"))
	}
	for _, n := range s.Notes {
		t = i18n.Then(t, n)
	}
	return t
}

func (a *Area) onFilter() {
	if a.filter == nil || a.query == nil || a.table == nil {
		return
	}
	a.model.filter = a.filter.SelectedIndex()
	a.model.query = strings.ToLower(strings.TrimSpace(a.query.Text))
	a.model.refilter()
	a.selected = -1
	a.table.UnselectAll()
	a.showDetail()
	a.setButtons()
	a.table.ScrollToTop() // the first match, not the old offset into a shorter list
	a.refreshTable()
}

func (a *Area) onOpenRow() {
	if a.selected < 0 || a.selected >= len(a.model.view) {
		return
	}
	a.open(a.model.rows[a.model.view[a.selected]].URL)
}

// Close stops the run, dropping its result; the window is closing.
func (a *Area) Close() { a.runner.Stop() }

// CopyText is the selected row, its cells separated by tabs, for Ctrl+C;
// "" when no row is selected.
func (a *Area) CopyText() string {
	if a.selected < 0 || a.selected >= len(a.model.view) {
		return ""
	}
	return kit.RowText(siteCols, func(col int) string { return a.model.cell(a.selected, col) })
}
