package watchtab

import (
	"context"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// interval is a schedule offered: its catalog name and how often it
// checks.
type interval struct {
	id    string // "watchtab.every-ID" names it in the picker, "watchtab.every-ID-phrase" in a sentence
	every time.Duration
}

// intervals are the schedules offered, shortest first.
var intervals = []interval{
	{"15m", 15 * time.Minute},
	{"1h", time.Hour},
	{"6h", 6 * time.Hour},
	{"1d", 24 * time.Hour},
}

// name is the interval's name in the picker: "Every hour".
func (iv interval) name() string { return i18n.T("watchtab.every-" + iv.id) }

// phrase is the interval inside a sentence: "every hour".
func (iv interval) phrase() string { return i18n.T("watchtab.every-" + iv.id + "-phrase") }

func everyNames() []string {
	out := make([]string, len(intervals))
	for i, iv := range intervals {
		out[i] = iv.name()
	}
	return out
}

// everyName names the interval offered that is closest to d from below
// (the shortest when d is shorter than all).
func everyName(d time.Duration) string {
	name := intervals[0].name()
	for _, iv := range intervals {
		if iv.every <= d {
			name = iv.name()
		}
	}
	return name
}

// intervalNamed is the interval named name, the longest when none is.
func intervalNamed(name string) interval {
	for _, iv := range intervals {
		if iv.name() == name {
			return iv
		}
	}
	return intervals[len(intervals)-1]
}

// everyOf is the interval named name.
func everyOf(name string) time.Duration { return intervalNamed(name).every }

// onEvery keeps the interval chosen and restarts the schedule on it, its
// first check one interval from now.
func (a *Area) onEvery(name string) {
	every := everyOf(name)
	if every == a.prefs.WatchEvery() {
		return
	}
	a.prefs.SetWatchEvery(every)
	a.status.SetText(a.summary())
	if a.started {
		a.startSchedule(afterInterval)
	}
}

// firstRun says when a schedule (re)started checks first.
type firstRun int

const (
	// afterInterval checks first one interval from now (the interval was
	// changed).
	afterInterval firstRun = iota
	// dueNow checks at once the pages not inspected within the interval
	// (the window opened: a page just inspected is not fetched again).
	dueNow
	// allNow checks every page at once ("Check now").
	allNow
)

// startSchedule (re)starts the schedule: the whole list is checked every
// interval, and first as first says. Each page's check reaches the UI
// thread as soon as it ends.
func (a *Area) startSchedule(first firstRun) {
	every := a.prefs.WatchEvery()
	s := &history.Scheduler{Clock: a.deps.Clock, Every: every, RunAtStart: first != afterInterval}
	open, inspectFn := a.deps.Open, a.deps.Inspect
	onlyDue := first == dueNow
	a.sched.Start(func(ctx context.Context, progress func([]history.Check)) func() {
		s.Job = func(ctx context.Context, at time.Time) {
			h, err := open(ctx)
			var pages []history.Watched
			if err == nil {
				pages, err = h.WatchList(ctx)
			}
			if err == nil && onlyDue {
				pages, err = due(ctx, h, pages, every, at)
			}
			onlyDue = false // the runs after the first check every page
			if err != nil {
				progress([]history.Check{{Err: err}})
				return
			}
			h.CheckPages(ctx, pages, inspectFn, func(c history.Check) { progress([]history.Check{c}) })
		}
		s.Run(ctx)
		return nil
	}, a.showChecks, nil)
}

// due keeps the pages whose last inspection (as their profile) is at least
// every before at, or that were never inspected.
func due(ctx context.Context, h *history.DB, pages []history.Watched, every time.Duration, at time.Time) ([]history.Watched, error) {
	var out []history.Watched
	for _, p := range pages {
		last, err := h.Inspections(ctx, history.Query{URL: p.URL, Profile: p.Profile, Limit: 1})
		if err != nil {
			return nil, err
		}
		if len(last) == 0 || at.Sub(last[0].Time) >= every {
			out = append(out, p)
		}
	}
	return out, nil
}

// showChecks shows what each check found and notifies of every verdict
// that changed.
func (a *Area) showChecks(checks []history.Check) {
	for _, c := range checks {
		if c.Page.URL == "" { // the list itself could not be read
			a.status.SetText(prose.Capitalize(i18n.T("watchtab.list-unread", "Error", strings.TrimSpace(c.Err.Error()))))
			continue
		}
		i := a.index(c.Page)
		if i < 0 {
			continue // removed meanwhile
		}
		a.rows[i].checked = time.Now()
		if c.Report != nil {
			a.rows[i].checked = c.Report.Generated
		}
		a.rows[i].changed = changeText(c)
		if c.Report != nil && c.SaveErr == nil && a.deps.Saved != nil {
			a.deps.Saved(c.Page.URL)
		}
		if c.VerdictChanged() && a.deps.Notify != nil {
			a.deps.Notify(fyne.NewNotification(i18n.T("watchtab.notify-title", "URL", c.Page.URL), c.Diff.Text()))
		}
	}
	a.table.Refresh()
	a.showSelected()
	if a.onChecked != nil {
		a.onChecked()
	}
}

// index is the row of page p, or -1.
func (a *Area) index(p history.Watched) int {
	for i, r := range a.rows {
		if key(r.page) == key(p) {
			return i
		}
	}
	return -1
}

// changeText says what a check found.
func changeText(c history.Check) string {
	var s string
	switch {
	case c.Err != nil:
		s = i18n.T("watchtab.inspection-failed", "Error", strings.TrimSuffix(strings.TrimSpace(c.Err.Error()), "."))
	case c.Diff == nil:
		in := history.FromReport(c.Report)
		s = i18n.T("watchtab.first-inspection", "Bytes", i18n.T("common.bytes", "Count", in.CountedBytes),
			"Share", prose.Percent(in.CountedBytes, in.LimitBytes))
	default:
		s = c.Diff.Text()
	}
	if c.SaveErr != nil {
		s = i18n.Then(s, prose.Capitalize(i18n.T("watchtab.not-saved", "Error", strings.TrimSpace(c.SaveErr.Error()))))
	}
	return s
}
