package app

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/comparetab"
	"github.com/cutoffapp/cutoff/app/historytab"
	"github.com/cutoffapp/cutoff/app/impacttab"
	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/app/renderedtab"
	"github.com/cutoffapp/cutoff/app/resourcestab"
	"github.com/cutoffapp/cutoff/app/robotstab"
	"github.com/cutoffapp/cutoff/app/sitetab"
	"github.com/cutoffapp/cutoff/app/verifytab"
	"github.com/cutoffapp/cutoff/app/watchtab"
	"github.com/cutoffapp/cutoff/app/whatiftab"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// errEmptyURL is shown when Inspect is pressed with nothing to inspect.
var errEmptyURL error = sentenceError("app.url-empty")

// sentenceError is an error whose text is a catalog message, said in the
// language in use when it is read.
type sentenceError string

func (e sentenceError) Error() string { return i18n.T(string(e)) }

// engine runs one inspection; the UI calls inspect.Page through it so tests
// can count or slow calls without a different code path.
type engine func(ctx context.Context, target string, p fetch.Profile, progress func(inspect.Progress)) (*inspect.Report, error)

// UI is Cutoff's window: the top bar, the tabs and what they show. Build it
// with New; its methods belong to the UI goroutine.
type UI struct {
	app   fyne.App
	win   fyne.Window
	opts  Options
	prefs prefs.Store

	bridge *job.Bridge
	runner *job.Runner[inspect.Progress]
	engine engine
	ctx    context.Context
	stop   context.CancelFunc // cancels ctx when the window closes

	profiles *profilePicker
	top      *topBar
	tabs     *container.AppTabs
	tab      tabItems
	overview *overviewArea
	source   *sourceArea
	impact   *impacttab.Area
	res      *resourcestab.Area
	robots   *robotstab.Area
	headers  *headersArea
	verify   *verifytab.Area
	compare  *comparetab.Area
	site     *sitetab.Area
	rendered *renderedtab.Area
	history  *historytab.Area
	watch    *watchtab.Area
	whatIf   *whatiftab.Area // the what-if panel, shown in the Overview tab
	hist     *historyFile    // the history file, shared by the inspection, History and Watch
	// historyNote is the sentence saying why the report shown was not
	// saved in the history, kept on the status line when the render ends.
	historyNote string

	renderer     *job.Runner[inspect.Progress] // the render job, beside the inspection's
	renderEngine renderEngine                  // nil: no renders (tests that do not ask for them)
	renderGen    int                           // bumped when a render starts or stops

	demo     *demosite.Server
	report   *inspect.Report
	running  bool
	exitCode int
	smoke    *smokeRun
	closed   bool
	hooks    hooks
}

// hooks let tests learn, on the UI thread, when something has happened;
// the window leaves them nil.
type hooks struct {
	onEnd    func() // an inspection ended, its result shown or dropped
	onQuit   func() // the app was asked to quit
	onExport func() // a report file was written
	// onRenderEnd: a render ended, its result shown or dropped.
	onRenderEnd func()
	// onRebuilt: the window was built again in another language and the
	// report shown, if any, shown again.
	onRebuilt func()
}

// tabItems are the tabs, kept to switch to them by name.
type tabItems struct {
	overview, source, impact, resources, rendered, robots, headers, verify, compare, site, history, watch *container.TabItem
}

// New builds the window's content in w, restores what the preferences
// remember and applies opts. It starts nothing that blocks; call
// w.ShowAndRun next.
func New(a fyne.App, w fyne.Window, opts Options) *UI {
	if opts.HistoryPath == "" {
		opts.HistoryPath, _ = history.DefaultPath() // none: the window keeps no history
	}
	u := newUI(a, w, opts, pageEngine(&fetch.Fetcher{}), hooks{})
	u.renderEngine = chromeRenderer(&fetch.Fetcher{})
	return u
}

func newUI(a fyne.App, w fyne.Window, opts Options, e engine, h hooks) *UI {
	u := &UI{app: a, win: w, opts: opts, prefs: prefs.New(a.Preferences()), bridge: &job.Bridge{}, engine: e, hooks: h,
		hist: &historyFile{path: opts.HistoryPath}}
	useLanguage(u.prefs, opts.Lang)
	byteview.SetWords(byteWords)
	u.ctx, u.stop = context.WithCancel(context.Background())
	u.runner = job.NewRunner(u.ctx, u.bridge, inspectPhase)
	u.renderer = job.NewRunner(u.ctx, u.bridge, inspectPhase)
	u.build()
	u.apply(opts)
	return u
}

// pageEngine inspects with the engine's defaults: subresources fetched,
// those robots.txt blocks fetched anyway for information.
func pageEngine(f *fetch.Fetcher) engine {
	return func(ctx context.Context, target string, p fetch.Profile, progress func(inspect.Progress)) (*inspect.Report, error) {
		return inspect.Page(ctx, f, target, p, inspect.Options{FetchBlocked: true, Progress: progress})
	}
}

// ExitCode is the process exit code once the window has closed: 0, or 1
// when a smoke run (Options.Smoke) did not get a complete report.
func (u *UI) ExitCode() int { return u.exitCode }

func (u *UI) build() {
	profiles, problem := newProfilePicker(u.prefs, u.opts.ProfilesPath)
	u.profiles = profiles
	u.buildContent()
	u.top.setError(problem) // said once; "" keeps the banner hidden
	u.win.Resize(prefs.FitScreen(u.prefs.WindowSize(), u.opts.Screen))
	u.win.SetCloseIntercept(u.onClose)
	u.win.SetOnClosed(u.shutdown)
	u.addShortcuts()
	if u.hist.kept() {
		u.watch.Start()
	}
}

// buildContent makes the top bar and every tab in the language in use and
// puts them in the window, empty: the report, if any, is shown afterwards.
func (u *UI) buildContent() {
	u.top = newTopBar(topBarActions{
		inspect: u.onInspect, cancel: u.onCancel, editCustom: u.onEditCustom, profile: u.onProfile,
		compare: u.onCompareWith,
	})
	u.profiles.attach(u.top)
	u.top.url.SetOptions(u.prefs.RecentURLs())
	u.whatIf = whatiftab.New(u.ctx, u.bridge, u.win, u.prefs, whatiftab.Deps{
		RulerModel: rulerModelOf, ShowOffset: u.showOffset, Back: func() { u.overview.setPanel(false) },
	})
	u.overview = newOverviewArea(u.onDemo, u.showOffset, u.onWhatIf, u.whatIf.Content())
	u.source = newSourceArea()
	u.impact = impacttab.New(u.win)
	u.res = resourcestab.New(u.win)
	u.robots = robotstab.New(u.bridge, u.prefs)
	u.headers = newHeadersArea()
	u.verify = verifytab.New(u.ctx, u.bridge, u.win, verifytab.NewVerifier())
	u.compare = comparetab.New(u.ctx, u.bridge, comparetab.DefaultEngine)
	u.site = sitetab.New(u.ctx, u.bridge, u.win, u.profiles.selected, u.openFromSite)
	u.rendered = renderedtab.New(u.prefs, u.showOffset)
	u.history = historytab.New(u.ctx, u.bridge, u.win, u.hist.open, u.savedViewer())
	u.watch = watchtab.New(u.ctx, u.bridge, u.prefs, u.watchDeps())
	u.tabs = u.newTabs()
	u.win.SetContent(container.NewBorder(u.top.content(), nil, nil, nil, u.tabs))
}

// closeTabs stops the jobs of the tabs that run their own (robots.txt
// checks, the what-if simulation, verifications, comparisons, site runs,
// the history, the watch schedule).
func (u *UI) closeTabs() {
	u.robots.Close()
	u.whatIf.Close()
	u.verify.Close()
	u.compare.Close()
	u.site.Close()
	u.history.Close()
	u.watch.Close()
}

func (u *UI) newTabs() *container.AppTabs {
	u.tab = tabItems{
		overview:  container.NewTabItem(i18n.T("app.tab-overview"), u.overview.content()),
		source:    container.NewTabItem(i18n.T("app.tab-source"), u.source.content()),
		impact:    container.NewTabItem(i18n.T("app.tab-impact"), u.impact.Content()),
		resources: container.NewTabItem(i18n.T("app.tab-resources"), u.res.Content()),
		robots:    container.NewTabItem(i18n.T("app.tab-robots"), u.robots.Content()),
		headers:   container.NewTabItem(i18n.T("app.tab-headers"), u.headers.content()),
		verify:    container.NewTabItem(i18n.T("app.tab-verify"), u.verify.Content()),
		rendered:  container.NewTabItem(i18n.T("app.tab-rendered"), u.rendered.Content()),
		compare:   container.NewTabItem(i18n.T("app.tab-compare"), u.compare.Content()),
		site:      container.NewTabItem(i18n.T("app.tab-site"), u.site.Content()),
		history:   container.NewTabItem(i18n.T("app.tab-history"), u.history.Content()),
		watch:     container.NewTabItem(i18n.T("app.tab-watch"), u.watch.Content()),
	}
	t := u.tab
	return container.NewAppTabs(t.overview, t.source, t.impact, t.resources, t.rendered, t.robots, t.headers, t.verify, t.compare, t.site,
		t.history, t.watch)
}

// apply fills the window as the command line asked: a profile, a URL (and
// inspects it), the demo site, a smoke run.
func (u *UI) apply(opts Options) {
	badProfile := opts.Profile != "" && !u.profiles.selectID(opts.Profile)
	if badProfile {
		u.top.setError(i18n.T("app.no-such-profile", "ID", opts.Profile))
	}
	if opts.URL != "" {
		u.top.url.SetText(opts.URL)
	}
	if opts.Demo {
		u.onDemo()
	}
	if opts.Smoke > 0 {
		u.startSmoke(opts.Smoke)
		return
	}
	if opts.URL != "" && !opts.Demo && !badProfile { // inspecting would hide the banner
		u.onInspect()
	}
}

// onInspect inspects the URL in the URL field, cancelling any inspection
// still running.
func (u *UI) onInspect() {
	target, ok := u.targetURL()
	if !ok {
		return
	}
	p := u.profiles.selected()
	u.stopRender("")
	u.top.url.SetOptions(u.prefs.AddRecentURL(target))
	u.running = true
	u.top.setRunning(true)
	u.top.phase.SetText(i18n.T("app.starting"))
	u.historyNote = ""
	u.runner.Start(u.inspectJob(target, p), u.top.showProgress, u.onInspectEnd)
}

// inspectJob fetches and analyses on the job's goroutine, prepares what the
// tabs show there too, and returns the function that shows it.
func (u *UI) inspectJob(target string, p fetch.Profile) job.Func[inspect.Progress] {
	run := u.engine
	return func(ctx context.Context, progress func(inspect.Progress)) func() {
		rep, err := run(ctx, target, p, progress)
		if err != nil {
			return func() { u.showError(err) }
		}
		whole := ctx.Err() == nil
		v := prepareViews(rep, p)
		return func() {
			u.showReport(rep, v)
			if whole {
				// After showReport: the save's sentence goes to the
				// report shown, and a fast failure (a damaged file) would
				// otherwise arrive before it.
				u.saveInspection(rep)
			}
			u.startRender(rep, p)
		}
	}
}

// inspectPhase names the phase of an inspection's progress report.
func inspectPhase(p inspect.Progress) string { return p.Phase }

func (u *UI) onInspectEnd() {
	if u.hooks.onEnd != nil {
		u.hooks.onEnd()
	}
}

// onCancel stops whatever runs: a site run, a verification or a
// comparison (the tabs' own Cancel buttons do the same), and the
// inspection, whose result, if it still arrives, is dropped.
func (u *UI) onCancel() {
	u.site.Cancel()
	u.verify.Cancel()
	u.compare.Cancel()
	if !u.running {
		return
	}
	u.runner.Stop()
	u.stopRender(i18n.T("app.render-cancelled"))
	u.running = false
	u.top.setRunning(false)
	u.top.phase.SetText(i18n.Then(i18n.T("app.cancelled"), u.staleNote()))
	u.smokeEnded(false, i18n.T("app.smoke-cancelled"))
}

func (u *UI) showError(err error) {
	u.running = false
	u.top.setRunning(false)
	u.top.phase.SetText(i18n.Then(i18n.T("app.failed"), u.staleNote()))
	u.top.setError(err.Error())
	u.smokeEnded(false, err.Error())
}

// staleNote says which page the tabs still show after an inspection failed
// or was cancelled, so its results are not read as the new URL's.
func (u *UI) staleNote() string {
	if u.report == nil {
		return ""
	}
	shown := u.report.FinalURL
	if shown == "" {
		shown = u.report.URL
	}
	return i18n.T("app.stale-report", "URL", shown)
}

// showReport fills every tab from a report whose views were prepared off
// the UI thread.
func (u *UI) showReport(rep *inspect.Report, v *views) {
	u.running = false
	u.report = rep
	u.top.setRunning(false)
	u.top.phase.SetText(doneText(rep))
	u.whatIf.Show(v.whatIf)
	u.overview.inPanel = false // a new page: its overview first
	u.overview.show(v.overview)
	u.source.show(v.source)
	u.impact.Show(v.impact)
	u.res.Show(v.resources, v.resourcesNote)
	u.robots.Show(v.robots)
	u.headers.show(rep.Fetch)
	if u.hist.kept() {
		u.history.Show(rep.URL)
	}
	if sel := u.tabs.Selected(); sel == u.tab.verify || sel == u.tab.compare || sel == u.tab.site || sel == u.tab.watch { // not this report: show what was asked for
		u.tabs.Select(u.tab.overview)
	}
	u.smokeEnded(true, "")
}

// onWhatIf opens the what-if panel in the Overview tab, built for the
// report shown.
func (u *UI) onWhatIf() {
	u.overview.setPanel(true)
	u.whatIf.Open()
}

// showOffset switches to the Source tab at a body offset.
func (u *UI) showOffset(offset int64) {
	u.tabs.Select(u.tab.source)
	u.source.goTo(offset)
}

// onDemo starts the embedded demo site once, fills the URL of its big
// truncated page and focuses the URL field, so Enter inspects it.
func (u *UI) onDemo() {
	if u.demo == nil {
		srv, err := demosite.Start("127.0.0.1:0")
		if err != nil {
			u.top.setError(i18n.T("app.demo-failed", "Error", err.Error()))
			return
		}
		u.demo = srv
	}
	u.top.url.SetText(u.demo.BigURL())
	u.site.SetDemo(u.demo.URL)
	u.top.setError("")
	u.top.phase.SetText(i18n.T("app.demo-running", "URL", u.demo.URL))
	u.win.Canvas().Focus(u.top.url)
}

// onClose remembers the window size, cancels everything running, stops the
// demo site and closes the window.
func (u *UI) onClose() {
	u.shutdown()
	u.win.Close()
}

func (u *UI) shutdown() {
	if u.closed {
		return
	}
	u.closed = true
	u.prefs.SetWindowSize(u.win.Canvas().Size())
	u.runner.Stop()
	u.renderer.Stop()
	u.stop()
	u.closeTabs()
	u.hist.close()
	if u.demo != nil {
		u.demo.Close()
		u.demo = nil
	}
}

// doneText is the status line once a report is shown: "Done: HTTP/1.1
// 200 OK, 2,600,140 bytes read, cut at body byte 1,999,860, 13
// resources."
func doneText(rep *inspect.Report) string {
	facts := doneFacts(rep)
	if facts == "" {
		return i18n.T("app.done")
	}
	return i18n.T("app.done-facts", "Facts", facts)
}

// doneFacts are what the status line says of a report: its status, the
// bytes read, the cutoff, the resources; "" when nothing was fetched.
func doneFacts(rep *inspect.Report) string {
	r := rep.Fetch
	if r == nil {
		return ""
	}
	id := "app.facts-whole"
	switch {
	case r.Truncated && r.CutoffOffset != nil:
		id = "app.facts-cut"
	case rep.Partial != nil:
		id = "app.facts-incomplete"
	}
	args := []any{"Status", statusOf(r), "Read", kit.BytesText(r.HeaderBytes + r.BodyBytes)}
	if r.CutoffOffset != nil {
		args = append(args, "Cutoff", *r.CutoffOffset)
	}
	if n := len(rep.Resources); n > 0 {
		return i18n.T(id+"-resources", append(args, "Count", n)...)
	}
	return i18n.T(id, args...)
}

// openFromSite inspects a row's URL in the single-page view.
func (u *UI) openFromSite(url string) {
	u.top.url.SetText(url)
	u.tabs.Select(u.tab.overview)
	u.onInspect()
}
