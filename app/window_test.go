package app

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// testUI is a window under Fyne's test driver with channels that say when
// an inspection ended and when the app asked to quit.
type testUI struct {
	*UI
	ended chan struct{}
	quit  chan struct{}
}

// newTestUI builds the window under the test driver. Its saved-profiles
// file is in a temporary directory unless opts names one, so no test reads
// or writes the user's own.
func newTestUI(t *testing.T, opts Options) *testUI {
	t.Helper()
	if opts.ProfilesPath == "" {
		opts.ProfilesPath = tempProfilesPath(t)
	}
	if opts.Lang == "" {
		opts.Lang = "en" // the sentences the tests read, whatever the machine's locale
	}
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	tu := &testUI{ended: make(chan struct{}, 16), quit: make(chan struct{}, 1)}
	h := hooks{
		onEnd:  func() { tu.ended <- struct{}{} },
		onQuit: func() { tu.quit <- struct{}{} },
	}
	tu.UI = newUI(a, w, opts, pageEngine(&fetch.Fetcher{}), h)
	t.Cleanup(func() {
		tu.bridge.Sync(tu.shutdown)
		tu.runner.Wait()
	})
	return tu
}

// tempProfilesPath is a saved-profiles file, not yet written, in a
// directory removed after the test.
func tempProfilesPath(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "cutoff", "profiles.json")
}

// waitEnd waits for the current inspection to end, shown or dropped.
func (tu *testUI) waitEnd(t *testing.T, limit time.Duration) {
	t.Helper()
	select {
	case <-tu.ended:
	case <-time.After(limit):
		t.Fatalf("the inspection did not end within %s", limit)
	}
}

// act runs f like a user action: on the test goroutine while no hand-over
// from an engine goroutine runs.
func (tu *testUI) act(f func()) { tu.bridge.Sync(f) }

// typeURLAndEnter types a URL in the URL field and presses Enter.
func (tu *testUI) typeURLAndEnter(u string) {
	tu.act(func() {
		tu.top.url.SetText("")
		test.Type(tu.top.url, u)
		tu.top.url.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	})
}

// progressShown reports whether either progress bar is visible.
func (tu *testUI) progressShown() bool {
	return tu.top.progress.Visible() || tu.top.busy.Visible()
}

func startDemo(t *testing.T) *demosite.Server {
	t.Helper()
	srv, err := demosite.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func TestInspectDemoFillsEveryTab(t *testing.T) {
	srv := startDemo(t)
	tu := newTestUI(t, Options{})
	tu.typeURLAndEnter(srv.BigURL())
	tu.waitEnd(t, 90*time.Second)

	if msg := tu.top.banner.Text; msg != "" {
		t.Fatalf("the inspection failed: %s", msg)
	}
	if tu.progressShown() {
		t.Error("the progress bar is still shown after the report arrived")
	}
	if err := tu.filled(); err != nil {
		t.Fatal(err)
	}
	m := tu.overview.ruler.Model()
	if m.Cutoff == nil || *m.Cutoff <= 0 {
		t.Errorf("ruler cutoff = %v, want a positive body offset for the 2.6 MB page", m.Cutoff)
	}
	if len(m.Markers) == 0 || len(m.Segments) == 0 {
		t.Errorf("ruler has %d markers and %d segments, want some of each", len(m.Markers), len(m.Segments))
	}
	if got, lines := tu.source.view.Rows(), bytes.Count(tu.report.Fetch.Body, []byte("\n")); got < lines || got == 0 {
		t.Errorf("source rows = %d, want at least one per line (%d lines)", got, lines)
	}
	if len(tu.overview.findings.items) == 0 {
		t.Error("no findings for a page cut at 2,000,000 bytes")
	}
	if !strings.Contains(tu.impact.Shown().Summary, "loses") {
		t.Errorf("impact summary = %q, want what the crawler loses", tu.impact.Shown().Summary)
	}
	if len(tu.res.Rows()) == 0 {
		t.Error("the resources table has no rows")
	}
	if tu.robots.Text() == "" || len(tu.robots.GridURLs()) == 0 {
		t.Errorf("robots tab: %d bytes of text, grid %v", len(tu.robots.Text()), tu.robots.GridURLs() != nil)
	}
	if got := tu.headers.raw.Text; !strings.HasPrefix(got, "HTTP/1.1 200") {
		t.Errorf("headers status line = %q, want HTTP/1.1 200 …", got)
	}
	// The request as the connection carried it: origin-form target, Host.
	if got, want := tu.headers.request.Text, kit.HeaderBlockText([]byte(tu.report.Fetch.Request)); got != want ||
		!strings.HasPrefix(got, "GET /big HTTP/1.1\nHost: ") || !strings.Contains(got, "\nConnection: close") {
		t.Errorf("request as sent = %q, want the request head written to the connection", got)
	}
	if got := tu.prefs.RecentURLs(); len(got) == 0 || got[0] != srv.BigURL() {
		t.Errorf("recent URLs = %q, want the inspected URL first", got)
	}
}

// hangingSite serves a robots.txt that allows everything and a page that
// sends its header and a few bytes, then hangs until the client goes away.
// reached is closed once the page's first bytes are out.
func hangingSite(t *testing.T) (srv *httptest.Server, reached chan struct{}) {
	t.Helper()
	reached = make(chan struct{})
	var once sync.Once
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("User-agent: *\nAllow: /\n"))
	})
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>slow</title>" + strings.Repeat(" ", 4096)))
		w.(http.Flusher).Flush()
		once.Do(func() { close(reached) })
		<-r.Context().Done()
	})
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, reached
}

func TestCancelStopsSlowInspection(t *testing.T) {
	tests := []struct {
		name   string
		cancel func(t *testing.T, tu *testUI)
	}{
		{"Cancel button", func(_ *testing.T, tu *testUI) { test.Tap(tu.top.cancel) }},
		{"Esc in the URL field", func(_ *testing.T, tu *testUI) { tu.top.url.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) }},
		// As the driver hands keys over: to the focused widget.
		{"Esc in the focused URL field", func(t *testing.T, tu *testUI) { tu.escapeIn(t, tu.top.url) }},
		{"Esc in the Robots tab's token field", func(t *testing.T, tu *testUI) {
			tu.tabs.Select(tu.tab.robots)
			tu.escapeIn(t, found[*kit.EscEntry](tu.robots.Content())[0])
		}},
		{"Esc in the Site tab's first one-line field", func(t *testing.T, tu *testUI) {
			tu.tabs.Select(tu.tab.site)
			tu.escapeIn(t, found[*kit.EscEntry](tu.site.Content())[0])
		}},
		{"Esc with nothing focused", func(_ *testing.T, tu *testUI) {
			tu.win.Canvas().Unfocus()
			tu.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, reached := hangingSite(t)
			tu := newTestUI(t, Options{})
			tu.typeURLAndEnter(srv.URL + "/hang")
			select {
			case <-reached:
			case <-time.After(10 * time.Second):
				t.Fatal("the page was never requested")
			}
			tu.act(func() {
				if !tu.progressShown() {
					t.Error("no progress bar while the page is read")
				}
			})
			start := time.Now()
			tu.act(func() { tt.cancel(t, tu) })
			tu.waitEnd(t, time.Second)
			if d := time.Since(start); d > time.Second {
				t.Errorf("cancelling took %s, want under a second", d)
			}
			tu.act(func() {
				if got, want := tu.top.phase.Text, "Cancelled."; got != want {
					t.Errorf("phase = %q, want %q", got, want)
				}
				if !tu.top.cancel.Disabled() {
					t.Error("Cancel is still enabled after cancelling")
				}
				if tu.progressShown() {
					t.Error("the progress bar is still shown after cancelling")
				}
				if tu.report != nil {
					t.Error("a cancelled inspection left a report")
				}
			})
		})
	}
}

func TestNewInspectionCancelsThePrevious(t *testing.T) {
	slow, reached := hangingSite(t)
	demo := startDemo(t)
	tu := newTestUI(t, Options{})
	tu.typeURLAndEnter(slow.URL + "/hang")
	<-reached
	tu.typeURLAndEnter(demo.URL + "/clean")
	tu.waitEnd(t, 10*time.Second) // the first, dropped
	tu.waitEnd(t, 30*time.Second) // the second, shown
	tu.act(func() {
		if tu.report == nil || !strings.HasSuffix(tu.report.FinalURL, "/clean") {
			t.Fatalf("report = %v, want the second URL's", tu.report)
		}
	})
}

func TestInspectErrorsAreOneSentence(t *testing.T) {
	tests := []struct {
		name string
		url  string
	}{
		{"not a URL", "not a url at all"},
		{"unsupported scheme", "ftp://example.com/"},
		{"nothing listening", "http://127.0.0.1:1/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tu := newTestUI(t, Options{})
			tu.typeURLAndEnter(tt.url)
			tu.waitEnd(t, 30*time.Second)
			tu.act(func() {
				msg := tu.top.banner.Text
				if !tu.top.banner.Visible() || msg == "" {
					t.Fatal("no error shown")
				}
				if strings.Contains(msg, "\n") || !strings.HasSuffix(msg, ".") {
					t.Errorf("error %q is not one sentence", msg)
				}
				if tu.top.phase.Text != "Failed." {
					t.Errorf("phase = %q, want Failed.", tu.top.phase.Text)
				}
				if tu.progressShown() {
					t.Error("the progress bar is still shown after the failure")
				}
			})
		})
	}
}

// TestFailureNamesThePageStillShown checks that a failed inspection says
// the tabs still hold the previous page, so its results are not read as
// the failed URL's.
func TestFailureNamesThePageStillShown(t *testing.T) {
	srv := startDemo(t)
	tu := newTestUI(t, Options{})
	tu.typeURLAndEnter(srv.URL + "/clean")
	tu.waitEnd(t, 30*time.Second)
	tu.typeURLAndEnter("http://127.0.0.1:1/")
	tu.waitEnd(t, 30*time.Second)
	tu.act(func() {
		want := "Failed. The tabs still show the last report, of " + srv.URL + "/clean."
		if got := tu.top.phase.Text; got != want {
			t.Errorf("phase = %q, want %q", got, want)
		}
	})
}

func TestInspectWithoutURL(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.act(func() { test.Tap(tu.top.inspect) })
	if got := tu.top.banner.Text; got != prose.Sentence(errEmptyURL.Error()) {
		t.Errorf("banner = %q, want %q", got, prose.Sentence(errEmptyURL.Error()))
	}
	if tu.running {
		t.Error("an inspection started without a URL")
	}
}

func TestURLOptionInspectsAtStart(t *testing.T) {
	srv := startDemo(t)
	tu := newTestUI(t, Options{URL: srv.URL + "/clean"})
	tu.waitEnd(t, 30*time.Second)
	tu.act(func() {
		if tu.report == nil || !strings.HasSuffix(tu.report.FinalURL, "/clean") {
			t.Errorf("report = %v, want the URL given at start inspected", tu.report)
		}
	})
}

func TestDemoOptionFillsAndFocusesURL(t *testing.T) {
	tu := newTestUI(t, Options{Demo: true})
	if tu.demo == nil {
		t.Fatal("the demo site did not start")
	}
	if got, want := tu.top.url.Text, tu.demo.BigURL(); got != want {
		t.Errorf("URL field = %q, want %q", got, want)
	}
	if tu.win.Canvas().Focused() != tu.top.url {
		t.Error("the URL field is not focused")
	}
}

func TestSmoke(t *testing.T) {
	tests := []struct {
		name string
		opts func(t *testing.T) Options
		want int
	}{
		{"demo report arrives", func(*testing.T) Options { return Options{Demo: true, Smoke: 90 * time.Second} }, 0},
		{"times out", func(t *testing.T) Options {
			srv, _ := hangingSite(t)
			return Options{URL: srv.URL + "/hang", Smoke: 300 * time.Millisecond}
		}, 1},
		{"nothing to inspect", func(*testing.T) Options { return Options{Smoke: time.Minute} }, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts(t)
			tu := newTestUI(t, opts)
			select {
			case <-tu.quit:
			case <-time.After(opts.Smoke + 10*time.Second):
				t.Fatal("the smoke run never quit")
			}
			if got := tu.ExitCode(); got != tt.want {
				t.Errorf("exit code = %d, want %d", got, tt.want)
			}
		})
	}
}

// press runs the main-menu item bound to shortcut s, as the driver does
// for a key press whatever has the focus.
func (tu *testUI) press(t *testing.T, s fyne.Shortcut) {
	t.Helper()
	for _, m := range tu.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == s.ShortcutName() {
				it.Action()
				return
			}
		}
	}
	t.Fatalf("no menu item for %s", s.ShortcutName())
}

func TestShortcuts(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.win.Canvas().Unfocus()
	tu.press(t, shortcutURL)
	if tu.win.Canvas().Focused() != tu.top.url {
		t.Error("Ctrl+L did not focus the URL field")
	}
	tu.press(t, shortcutFind)
	if tu.tabs.Selected() != tu.tab.source {
		t.Error("Ctrl+F did not open the Source tab")
	}
	tu.tabs.Select(tu.tab.overview)
	tu.press(t, shortcutGoTo)
	if tu.tabs.Selected() != tu.tab.source {
		t.Error("Ctrl+G did not open the Source tab")
	}
	tu.press(t, shortcutDemo)
	if tu.demo == nil || tu.top.url.Text != tu.demo.BigURL() {
		t.Error("Ctrl+Shift+D did not start the demo site")
	}
}

func TestCopySelection(t *testing.T) {
	rep, p := cutReport(t)
	tu := newTestUI(t, Options{})
	tu.showReport(rep, prepareViews(rep, p))
	tu.tabs.Select(tu.tab.overview)
	tu.overview.findings.list.Select(0)
	tu.onCopy()
	if got, want := tu.app.Clipboard().Content(), findingText(rep.Findings[0]); got != want {
		t.Errorf("Ctrl+C on a finding copied %q, want %q", got, want)
	}
	tu.tabs.Select(tu.tab.source)
	tu.source.goTo(0)
	tu.onCopy()
	if got := tu.app.Clipboard().Content(); !strings.HasPrefix(got, "<!doctype html>") {
		t.Errorf("Ctrl+C on the first source row copied %q", got)
	}
}

func TestProfilePicker(t *testing.T) {
	tu := newTestUI(t, Options{Profile: "googlebot-desktop"})
	if got := tu.profiles.selected().ID; got != "googlebot-desktop" {
		t.Fatalf("selected profile = %q, want googlebot-desktop", got)
	}
	if got := tu.prefs.ProfileID(); got != "googlebot-desktop" {
		t.Errorf("remembered profile = %q", got)
	}
	if !strings.Contains(tu.top.profileInfo.Text, "2,000,000") {
		t.Errorf("profile line %q does not state the limit", tu.top.profileInfo.Text)
	}
	bad := newTestUI(t, Options{Profile: "no-such-bot"})
	if !bad.top.banner.Visible() || !strings.Contains(bad.top.banner.Text, "no-such-bot") {
		t.Errorf("unknown profile banner = %q", bad.top.banner.Text)
	}
}

func TestCustomProfileIsSaved(t *testing.T) {
	tu := newTestUI(t, Options{})
	if tu.profiles.customIndex() < 0 {
		t.Skip("no Custom profile among the built-ins")
	}
	tu.saveCustom("MyBot/1.0", "1,000")
	p := tu.profiles.selected()
	if !p.Custom || p.UserAgentTemplate != "MyBot/1.0" || p.LimitFor(fetch.KindHTML).Bytes != 1000 {
		t.Errorf("custom profile = %q, UA %q, limit %d", p.ID, p.UserAgentTemplate, p.LimitFor(fetch.KindHTML).Bytes)
	}
	again, problem := newProfilePicker(tu.prefs, tu.opts.ProfilesPath)
	if problem != "" {
		t.Errorf("after a restart: %s", problem)
	}
	if got := again.list[again.customIndex()].UserAgentTemplate; got != "MyBot/1.0" {
		t.Errorf("after a restart the custom UA is %q", got)
	}
}

// memFile is an in-memory report file.
type memFile struct {
	strings.Builder
	closed bool
}

func (m *memFile) Close() error { m.closed = true; return nil }

func TestExportReport(t *testing.T) {
	rep, _ := cutReport(t)
	tests := []struct {
		name, file, prefix string
	}{
		{"json", "r.json", "{"},
		{"html by default", "r", "<!"},
		{"csv", "R.CSV", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tu := newTestUI(t, Options{})
			done := make(chan struct{})
			tu.hooks.onExport = func() { close(done) }
			f := &memFile{}
			tu.exportTo(rep, f, tt.file, i18n.Current())
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the export did not finish")
			}
			if !f.closed || f.Len() == 0 || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(f.String())), tt.prefix) {
				t.Errorf("wrote %d bytes (closed %v), starting %.20q; want %q first", f.Len(), f.closed, f.String(), tt.prefix)
			}
			if got := tu.top.phase.Text; got != "Report saved as "+tt.file+"." {
				t.Errorf("phase = %q", got)
			}
		})
	}
}

func TestExportWithoutReport(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.onExport()
	if got := tu.top.banner.Text; got != prose.Sentence(errNoReport.Error()) {
		t.Errorf("banner = %q", got)
	}
}

func TestFileDialogsUseMostOfTheWindow(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("window"))
	w.Resize(fyne.NewSize(1000, 800))
	kit.ShowFileDialog(dialog.NewFileOpen(func(fyne.URIReadCloser, error) {}, w), w)
	var pop *widget.PopUp
	if top := w.Canvas().Overlays().Top(); top != nil {
		for _, o := range test.LaidOutObjects(top) {
			if p, ok := o.(*widget.PopUp); ok {
				pop = p
			}
		}
	}
	if pop == nil {
		t.Fatal("the dialog was not shown")
	}
	got, want := pop.Content.Size(), w.Canvas().Size()
	if got.Width < want.Width*0.8 || got.Height < want.Height*0.8 {
		t.Errorf("dialog size = %v in a %v window, want most of it", got, want)
	}
}

// TestProfileChangeMarksReportStale: choosing another profile after an
// inspection says the tabs show the old profile's report; choosing the
// report's profile again clears it.
func TestProfileChangeMarksReportStale(t *testing.T) {
	demo := startDemo(t)
	tu := newTestUI(t, Options{})
	tu.typeURLAndEnter(demo.URL + "/clean")
	tu.waitEnd(t, 30*time.Second)
	var was string
	tu.act(func() {
		was = tu.top.profile.Selected
		for _, name := range tu.top.profile.Options {
			if name != was {
				tu.top.profile.SetSelected(name)
				break
			}
		}
		got := tu.top.phase.Text
		if !strings.HasPrefix(got, "Stale: the tabs show the report as "+was+"; the profile is now "+tu.top.profile.Selected) ||
			tu.top.phase.Importance != widget.WarningImportance {
			t.Errorf("after changing the profile the phase line says %q (importance %v), want it to mark the report stale", got, tu.top.phase.Importance)
		}
		tu.top.profile.SetSelected(was)
		if got := tu.top.phase.Text; strings.Contains(got, "Stale") || !strings.HasPrefix(got, "Done:") {
			t.Errorf("back on the report's profile the phase line says %q, want the report's done line", got)
		}
	})
}

// TestFindSelectsLastSearch: Ctrl+F opens the find bar with the previous
// search text selected, so typing replaces it.
func TestFindSelectsLastSearch(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.act(func() {
		tu.onFind()
		f, ok := tu.win.Canvas().Focused().(interface {
			fyne.Focusable
			SelectedText() string
		})
		if !ok {
			t.Fatalf("focused = %T, want the find field", tu.win.Canvas().Focused())
		}
		test.Type(f, "canonical")
		tu.source.view.HideBars()
		tu.onFind()
		if got := f.SelectedText(); got != "canonical" {
			t.Errorf("after Ctrl+F again the find field selects %q, want the last search %q", got, "canonical")
		}
	})
}

// TestCancelMenuShowsEsc: the menu's Cancel item shows the key that
// cancels.
func TestCancelMenuShowsEsc(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.act(func() {
		for _, m := range tu.win.MainMenu().Items {
			for _, it := range m.Items {
				if strings.HasPrefix(it.Label, "Cancel") {
					s, ok := it.Shortcut.(*desktop.CustomShortcut)
					if !ok || s.KeyName != fyne.KeyEscape || s.Modifier != 0 || it.Label != "Cancel" {
						t.Errorf("Cancel item %q shows %v, want Esc", it.Label, it.Shortcut)
					}
					return
				}
			}
		}
		t.Error("no Cancel item in the menu")
	})
}
