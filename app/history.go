package app

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/cutoffapp/cutoff/app/historytab"
	"github.com/cutoffapp/cutoff/app/watchtab"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// errNoHistory is the answer of a window started without a history file
// (the tests' windows).
var errNoHistory error = sentenceError("app.no-history")

// historyFile is the window's history, opened once, off the UI thread, by
// the first goroutine that needs it (saving an inspection, the History or
// Watch tab loading), and shared by them all. Every method may be called
// from any goroutine but the UI thread, except save, which returns at once.
type historyFile struct {
	path string // "": no history

	once sync.Once
	db   *history.DB
	err  error

	saves sync.WaitGroup // inspections being saved; tests wait on it
}

// kept reports whether the window keeps a history: without one (the
// tests' windows) the History and Watch tabs start no job.
func (f *historyFile) kept() bool { return f.path != "" }

// open returns the opened file, opening it on the first call; its error is
// one sentence fragment (history.Error) for the status line.
func (f *historyFile) open(ctx context.Context) (*history.DB, error) {
	f.once.Do(func() {
		if f.path == "" {
			f.err = errNoHistory
			return
		}
		// Not ctx: the file outlives the goroutine that happened to open it.
		f.db, f.err = history.Open(context.Background(), f.path)
	})
	return f.db, f.err
}

// save keeps r in the history on a goroutine of its own, best-effort, then
// calls done with nil or the problem as one sentence, off the UI thread.
func (f *historyFile) save(ctx context.Context, r *inspect.Report, done func(problem string)) {
	if f.path == "" {
		return
	}
	f.saves.Add(1)
	go func() {
		defer f.saves.Done()
		h, err := f.open(ctx)
		if err == nil {
			if _, err = h.Save(ctx, r); err == nil {
				h.PruneIfDue(ctx, time.Now())
			}
		}
		if err != nil {
			done(prose.Sentence(i18n.T("app.history-not-saved", "Problem", err.Error())))
			return
		}
		done("")
	}()
}

// close closes the file once the saves in flight have ended, on a
// goroutine: the window's shutdown does not wait for a locked file.
func (f *historyFile) close() {
	go func() {
		f.saves.Wait()
		f.once.Do(func() { f.err = errNoHistory }) // never opened: nothing to close
		if f.db != nil {
			f.db.Close()
		}
	}()
}

// saveInspection keeps rep, the report just shown, in the history off the
// UI thread; once saved, the History tab lists it, and a problem is one
// sentence after the status line's. The caller skips interrupted
// inspections: a part compares badly with a whole.
func (u *UI) saveInspection(rep *inspect.Report) {
	u.hist.save(u.ctx, rep, func(problem string) {
		u.bridge.Do(func() {
			if u.closed || u.report != rep {
				return // shown no more
			}
			if problem != "" {
				u.historyNote = problem
				u.top.phase.SetText(i18n.Then(u.top.phase.Text, u.historyNote))
			}
			u.history.Show(rep.URL)
		})
	})
}

// watchDeps is what the Watch tab needs of the window: the history file,
// the window's engine, the page shown and the notifications.
func (u *UI) watchDeps() watchtab.Deps {
	run, profilesPath := u.engine, u.opts.ProfilesPath
	return watchtab.Deps{
		Open: u.hist.open,
		Inspect: func(ctx context.Context, url, id string) (*inspect.Report, error) {
			p, err := profileByID(profilesPath, id)
			if err != nil {
				return nil, err
			}
			return run(ctx, url, p, nil)
		},
		Current: func() (string, string) {
			if u.report == nil {
				return "", ""
			}
			return u.report.URL, u.report.Profile.ID
		},
		Profile: func() string { return u.profiles.selected().ID },
		Notify:  u.app.SendNotification,
		Saved: func(url string) {
			if u.report != nil && u.report.URL == url {
				u.history.Show(url) // the check is one more inspection of the page shown
			}
		},
	}
}

// profileByID finds a built-in or saved profile, reading the saved
// profiles file at path ("" for the default); off the UI thread.
func profileByID(path, id string) (fetch.Profile, error) {
	var saved []fetch.Profile
	if store, err := savedStore(path); err == nil {
		saved, _ = store.Load() // a broken file leaves the built-ins
	}
	if p, ok := fetch.LookupAll(saved, id); ok {
		return p, nil
	}
	return fetch.Profile{}, errors.New(i18n.T("app.profile-gone", "ID", id))
}

// savedViewer shows a report saved in the history in the tabs, read-only:
// what its JSON keeps (no body, so the Source tab is empty, and no
// render). Its views are prepared off the UI thread.
func (u *UI) savedViewer() historytab.Viewer {
	profilesPath := u.opts.ProfilesPath
	return func(rep *inspect.Report) func() {
		p, err := profileByID(profilesPath, rep.Profile.ID)
		if err != nil {
			p = fetch.Profile{ID: rep.Profile.ID, Name: rep.Profile.Name} // a profile deleted since
		}
		v := prepareViews(rep, p)
		return func() {
			if u.running {
				u.onCancel()
			}
			u.stopRender(i18n.T("app.render-not-kept"))
			u.showReport(rep, v)
			// Short: the status line sets the window's least width.
			u.top.phase.SetText(savedText(rep))
			u.tabs.Select(u.tab.overview)
		}
	}
}

// savedText is the status line of a report from the history: "Saved
// 2026-03-31 10:42, read-only: HTTP/1.1 200 OK, …".
func savedText(rep *inspect.Report) string {
	date := rep.Generated.Local().Format("2006-01-02 15:04")
	if facts := doneFacts(rep); facts != "" {
		return i18n.T("app.saved-facts", "Date", date, "Facts", facts)
	}
	return i18n.T("app.saved", "Date", date)
}
