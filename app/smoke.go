package app

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// smokeTabPause is how long a smoke run shows each tab before the next, so
// the real driver lays out and paints every one of them.
const smokeTabPause = 150 * time.Millisecond

// smokeRun is a smoke test of the real window (Options.Smoke): inspect the
// filled-in URL at start, check that every tab got its content, show each
// tab once, quit. The exit code says whether all of that happened in time.
type smokeRun struct {
	timer *time.Timer
	done  bool
	log   io.Writer
}

// startSmoke inspects now and gives up after limit.
func (u *UI) startSmoke(limit time.Duration) {
	u.smoke = &smokeRun{log: os.Stderr}
	u.exitCode = 1
	u.smoke.timer = time.AfterFunc(limit, func() {
		u.bridge.Do(func() { u.smokeEnded(false, i18n.T("app.smoke-timeout", "Limit", limit.String())) })
	})
	if strings.TrimSpace(u.top.url.Text) == "" {
		u.smokeEnded(false, i18n.T("app.smoke-nothing"))
		return
	}
	u.onInspect() // last: under the test driver its result may arrive at once
}

// smokeEnded ends a smoke run once: with success when ok and every tab is
// filled. It runs on the UI thread; it does nothing outside a smoke run.
func (u *UI) smokeEnded(ok bool, why string) {
	s := u.smoke
	if s == nil || s.done {
		return
	}
	s.done = true
	s.timer.Stop()
	if ok {
		if err := u.filled(); err != nil {
			ok, why = false, err.Error()
		}
	}
	if !ok {
		fmt.Fprintln(s.log, "cutoff: "+i18n.T("app.smoke-failed", "Why", why))
		u.exitCode = 1
		u.quit()
		return
	}
	fmt.Fprintln(s.log, "cutoff: "+i18n.T("app.smoke-passed", "Status", u.top.phase.Text))
	u.exitCode = 0
	go u.visitTabsAndQuit()
}

// visitTabsAndQuit shows each tab for a moment, then quits. It runs on its
// own goroutine so the UI thread paints between the steps.
func (u *UI) visitTabsAndQuit() {
	for i := range u.tabs.Items {
		u.bridge.Do(func() { u.tabs.SelectIndex(i) })
		time.Sleep(smokeTabPause)
	}
	u.bridge.Do(u.quit)
}

// quit closes everything and ends the app's event loop.
func (u *UI) quit() {
	u.shutdown()
	if u.hooks.onQuit != nil {
		u.hooks.onQuit()
	}
	u.app.Quit()
}

// filled says which tab, if any, did not get content from the last report.
func (u *UI) filled() error {
	rep := u.report
	switch {
	case rep == nil:
		return sentenceError("app.smoke-no-report")
	case !u.overview.filled():
		return sentenceError("app.smoke-no-ruler")
	case rep.Fetch != nil && len(rep.Fetch.Body) > 0 && u.source.view.Rows() == 0:
		return sentenceError("app.smoke-no-rows")
	case !u.impact.Filled():
		return sentenceError("app.smoke-no-impact")
	case !u.res.Filled():
		return sentenceError("app.smoke-no-resources")
	case !u.robots.Filled():
		return sentenceError("app.smoke-no-robots")
	case u.headers.raw.Text == "":
		return sentenceError("app.smoke-no-headers")
	}
	return nil
}
