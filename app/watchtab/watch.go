package watchtab

import (
	"context"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Deps is what the tab needs of the window.
type Deps struct {
	// Open returns the window's history file, opening it on first use;
	// called off the UI thread.
	Open func(ctx context.Context) (*history.DB, error)
	// Inspect inspects a watched page; called off the UI thread.
	Inspect history.Inspector
	// Current returns the page the window shows and its profile's id, ""
	// when none; called on the UI thread.
	Current func() (url, profile string)
	// Profile returns the id of the profile picked; called on the UI
	// thread.
	Profile func() string
	// Notify sends a desktop notification (fyne.App.SendNotification);
	// called on the UI thread.
	Notify func(*fyne.Notification)
	// Saved, when not nil, is told of each page a check saved in the
	// history (the window's History tab may show it); on the UI thread.
	Saved func(url string)
	// Clock is the schedule's clock; nil is the system's.
	Clock history.Clock
}

// row is a watched page and its last check.
type row struct {
	page    history.Watched
	checked time.Time // zero: never inspected
	changed string    // what the last check found, in sentences
}

// Area is the Watch tab.
type Area struct {
	deps  Deps
	prefs prefs.Store
	list  *job.Runner[struct{}]        // reads and edits of the list
	sched *job.Runner[[]history.Check] // the schedule, while the window is open

	rows     []row
	selected int // -1: none
	started  bool
	pending  bool // the schedule starts once the list is first shown

	entry     *kit.EscEntry
	every     *widget.Select
	table     *widget.Table
	removeBtn *widget.Button
	status    *kit.Paragraph
	root      fyne.CanvasObject

	// onListed and onChecked, when set, run on the UI thread after the list
	// was shown and after a batch of checks was; tests wait on them.
	onListed, onChecked func()
}

// checksEvery is how often the checks of a run reach the UI thread at most.
const checksEvery = 100 * time.Millisecond

// New builds the Watch tab; its jobs are rooted in ctx, the window's
// context, and hand over through b. Call Start to read the list and start
// the schedule.
func New(ctx context.Context, b *job.Bridge, store prefs.Store, d Deps) *Area {
	a := &Area{deps: d, prefs: store, selected: -1,
		list: job.NewRunner[struct{}](ctx, b, nil),
		sched: job.NewBatchRunner(ctx, b, checksEvery, func(batch *[]history.Check, p []history.Check) {
			*batch = append(*batch, p...)
		}),
	}
	a.entry = kit.NewEscEntry()
	a.entry.SetPlaceHolder(i18n.T("watchtab.url-placeholder"))
	a.entry.OnSubmitted = func(string) { a.addTyped() }
	add := widget.NewButton(i18n.T("watchtab.add"), a.addTyped)
	addCurrent := widget.NewButton(i18n.T("watchtab.watch-this"), a.addCurrent)
	a.every = widget.NewSelect(everyNames(), a.onEvery)
	a.every.SetSelected(everyName(store.WatchEvery()))
	check := widget.NewButton(i18n.T("watchtab.check-now"), func() { a.startSchedule(allNow) })
	a.removeBtn = widget.NewButton(i18n.T("watchtab.remove"), a.removeSelected)
	a.removeBtn.Disable()
	a.status = kit.NewParagraph(i18n.T("watchtab.intro"))
	a.table = a.newTable()
	bar := container.NewBorder(nil, nil, nil, container.NewHBox(add, addCurrent), a.entry)
	pick := container.NewGridWrap(fyne.NewSize(200, a.every.MinSize().Height), a.every) // the names whole
	schedule := container.NewHBox(widget.NewLabel(i18n.T("watchtab.check")), pick, check, a.removeBtn)
	a.root = container.NewBorder(container.NewVBox(bar, schedule), a.status, nil, nil, a.table)
	return a
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// Start reads the watch list and, once it is shown, starts the schedule,
// which checks at once the pages not inspected within the interval, and
// then every page every interval. Call it once, on the UI thread.
func (a *Area) Start() {
	if a.started {
		return
	}
	a.started, a.pending = true, true
	a.reload()
}

// Close stops the schedule and any read of the list.
func (a *Area) Close() {
	a.sched.Stop()
	a.list.Stop()
}

// StatusText returns the line under the list.
func (a *Area) StatusText() string { return a.status.Text }

// Pages returns the watched pages shown, with what their last check
// found: "url (profile): sentences".
func (a *Area) Pages() []string {
	out := make([]string, len(a.rows))
	for i, r := range a.rows {
		out[i] = r.page.URL + " (" + r.page.Profile + "): " + r.changed
	}
	return out
}

// addTyped watches the URLs typed in the entry (several may be separated
// by spaces) as the profile picked.
func (a *Area) addTyped() {
	urls := strings.Fields(a.entry.Text)
	if len(urls) == 0 {
		a.status.SetText(i18n.T("watchtab.type-url"))
		return
	}
	a.entry.SetText("")
	a.add(urls, a.deps.Profile())
}

// addCurrent watches the page the window shows, as the profile it was
// inspected as.
func (a *Area) addCurrent() {
	url, profile := a.deps.Current()
	if url == "" {
		a.status.SetText(i18n.T("watchtab.inspect-first"))
		return
	}
	a.add([]string{url}, profile)
}

// add puts urls on the list off the UI thread, then shows the list.
func (a *Area) add(urls []string, profile string) {
	a.edit(func(ctx context.Context, h *history.DB) error {
		for _, u := range urls {
			if err := h.AddWatch(ctx, u, profile); err != nil {
				return err
			}
		}
		return nil
	})
}

// removeSelected takes the selected page off the list.
func (a *Area) removeSelected() {
	if a.selected < 0 || a.selected >= len(a.rows) {
		return
	}
	p := a.rows[a.selected].page
	a.edit(func(ctx context.Context, h *history.DB) error {
		_, err := h.RemoveWatch(ctx, p.URL, p.Profile)
		return err
	})
}

// reload reads the list off the UI thread and shows it.
func (a *Area) reload() { a.edit(nil) }

// edit runs change (when not nil) on the history file, then reads the
// list and each page's last inspection, off the UI thread, and shows them.
// The change is not cancelled with the window: a page half added is not a
// state to leave.
func (a *Area) edit(change func(ctx context.Context, h *history.DB) error) {
	open := a.deps.Open
	a.list.Start(func(ctx context.Context, _ func(struct{})) func() {
		h, err := open(ctx)
		if err == nil && change != nil {
			err = change(context.WithoutCancel(ctx), h)
		}
		var rows []row
		if err == nil {
			rows, err = listRows(ctx, h)
		}
		return func() { a.showList(rows, err) }
	}, nil, a.listed)
}

func (a *Area) listed() {
	if a.onListed != nil {
		a.onListed()
	}
}

// listRows reads the watch list and when each page was last inspected.
func listRows(ctx context.Context, h *history.DB) ([]row, error) {
	pages, err := h.WatchList(ctx)
	if err != nil {
		return nil, err
	}
	rows := make([]row, len(pages))
	for i, p := range pages {
		rows[i].page = p
		last, err := h.Inspections(ctx, history.Query{URL: p.URL, Profile: p.Profile, Limit: 1})
		if err != nil {
			return nil, err
		}
		if len(last) == 1 {
			rows[i].checked = last[0].Time
			rows[i].changed = i18n.T("watchtab.last-inspected", "Time", timeText(last[0].Time))
		}
	}
	return rows, nil
}

// showList shows the list read, keeping what this window's checks found.
func (a *Area) showList(rows []row, err error) {
	if err != nil {
		a.status.SetText(prose.Capitalize(i18n.T("watchtab.list-unusable", "Error", strings.TrimSpace(err.Error()))))
		return
	}
	found := map[history.Watched]row{}
	for _, r := range a.rows {
		found[key(r.page)] = r
	}
	for i, r := range rows {
		if old, ok := found[key(r.page)]; ok && !old.checked.Before(r.checked) {
			rows[i].checked, rows[i].changed = old.checked, old.changed
		}
	}
	a.rows, a.selected = rows, -1
	a.removeBtn.Disable()
	a.table.UnselectAll()
	a.table.Refresh()
	a.status.SetText(a.summary())
	if a.pending {
		a.pending = false
		a.startSchedule(dueNow)
	}
}

// summary says how many pages are watched and how often they are checked.
func (a *Area) summary() string {
	return i18n.T("watchtab.summary", "Count", len(a.rows), "Every", intervalNamed(a.every.Selected).phrase())
}

// key identifies a watched page: its URL and profile.
func key(p history.Watched) history.Watched { return history.Watched{URL: p.URL, Profile: p.Profile} }

// timeText is t in the local time zone, to the minute.
func timeText(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }
