package watchtab

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
)

// fakeClock hands each wait of the schedule to the test, which ends it
// by sending on the channel.
type fakeClock struct {
	waits chan wait
}

type wait struct {
	d    time.Duration
	fire chan time.Time
}

func (c *fakeClock) Now() time.Time { return time.Now() }

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	w := wait{d: d, fire: make(chan time.Time, 1)}
	c.waits <- w
	return w.fire
}

// nextWait waits until the schedule waits on the clock.
func (c *fakeClock) nextWait(t *testing.T) wait {
	t.Helper()
	select {
	case w := <-c.waits:
		return w
	case <-time.After(30 * time.Second):
		t.Fatal("the schedule never waited on its clock")
		return wait{}
	}
}

// testLimit is the byte limit of the tests' inspections: the page's
// canonical link crosses it when its script grows past it.
const testLimit = 3000

// kettle is a product page whose canonical link follows an inline script
// of script bytes.
func kettle(script int) string {
	return `<!doctype html><html><head><title>Kettle</title><script>var x="` + strings.Repeat("a", script) +
		`";</script><link rel="canonical" href="https://shop.example/kettle"></head><body><h1>Kettle</h1></body></html>`
}

// writePage writes a kettle page with script bytes of script to path.
func writePage(t *testing.T, path string, script int) {
	t.Helper()
	if err := os.WriteFile(path, []byte(kettle(script)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func inspectLimited(ctx context.Context, url, profile string) (*inspect.Report, error) {
	p, ok := fetch.Lookup(profile)
	if !ok {
		return nil, fmt.Errorf("no profile %q", profile)
	}
	return inspect.Page(ctx, &fetch.Fetcher{}, url, p, inspect.Options{
		Fetch: fetch.Options{LimitOverride: testLimit}, NoResources: true})
}

const googlebot = "googlebot-smartphone"

// testArea is the Watch tab over a history file of its own, with a fake
// clock and its notifications recorded.
type testArea struct {
	*Area
	bridge   *job.Bridge
	db       *history.DB
	clock    *fakeClock
	notified chan *fyne.Notification
	listed   chan struct{}
	checked  chan struct{}
}

func newTestArea(t *testing.T) *testArea {
	t.Helper()
	a := test.NewTempApp(t)
	db, err := history.Open(context.Background(), filepath.Join(t.TempDir(), "history.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	ta := &testArea{bridge: &job.Bridge{}, db: db, clock: &fakeClock{waits: make(chan wait, 4)},
		notified: make(chan *fyne.Notification, 4), listed: make(chan struct{}, 8), checked: make(chan struct{}, 8)}
	ctx, cancel := context.WithCancel(context.Background())
	ta.Area = New(ctx, ta.bridge, prefs.New(a.Preferences()), Deps{
		Open:    func(context.Context) (*history.DB, error) { return db, nil },
		Inspect: inspectLimited,
		Current: func() (string, string) { return "", "" },
		Profile: func() string { return googlebot },
		Notify:  func(n *fyne.Notification) { ta.notified <- n },
		Clock:   ta.clock,
	})
	ta.onListed = func() { ta.listed <- struct{}{} }
	ta.onChecked = func() { ta.checked <- struct{}{} }
	t.Cleanup(func() {
		ta.bridge.Sync(ta.Close)
		cancel()
		ta.sched.Wait()
		ta.list.Wait()
		db.Close()
	})
	return ta
}

// await waits for a signal on ch.
func await(t *testing.T, ch chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(30 * time.Second):
		t.Fatalf("timed out waiting until %s", what)
	}
}

func TestScheduledCheckNotifiesWhenTheCanonicalCrosses(t *testing.T) {
	url := filepath.Join(t.TempDir(), "kettle.html") // a local file, inspected as a page is
	writePage(t, url, 100)
	ta := newTestArea(t)
	if err := ta.db.AddWatch(context.Background(), url, googlebot); err != nil {
		t.Fatal(err)
	}
	ta.bridge.Sync(ta.Start)
	await(t, ta.listed, "the watch list was shown")
	w := ta.clock.nextWait(t) // the check at start is done
	if w.d != prefs.DefaultWatchEvery {
		t.Errorf("the schedule waits %s, want the default %s", w.d, prefs.DefaultWatchEvery)
	}
	await(t, ta.checked, "the first check was shown")
	ta.bridge.Sync(func() {
		if got := ta.Pages(); len(got) != 1 || !strings.Contains(got[0], "First inspection") {
			t.Errorf("after the first check: %q", got)
		}
	})
	select {
	case n := <-ta.notified:
		t.Fatalf("a first inspection notified: %+v", n)
	default:
	}

	writePage(t, url, 5000)
	w.fire <- time.Now()
	ta.clock.nextWait(t)
	var n *fyne.Notification
	select {
	case n = <-ta.notified:
	case <-time.After(30 * time.Second):
		t.Fatal("no notification after the canonical link crossed the cutoff")
	}
	if !strings.Contains(n.Title, url) || !strings.Contains(n.Content, "canonical link") {
		t.Errorf("notification %q: %q, want the page and the canonical link named", n.Title, n.Content)
	}
	ta.bridge.Sync(func() {
		if got := ta.Pages(); len(got) != 1 || !strings.Contains(got[0], "grew by 4,900 bytes") {
			t.Errorf("after the second check: %q", got)
		}
	})
	saved, err := ta.db.Inspections(context.Background(), history.Query{URL: url})
	if err != nil || len(saved) != 2 {
		t.Errorf("the history holds %d inspections of the page (%v), want both checks", len(saved), err)
	}
}

func TestWatchListEditsAndInterval(t *testing.T) {
	ta := newTestArea(t)
	ta.bridge.Sync(ta.Start)
	await(t, ta.listed, "the empty list was shown")
	ta.clock.nextWait(t)

	ta.bridge.Sync(func() {
		test.Type(ta.entry, "https://a.example/ https://b.example/")
		ta.addTyped()
	})
	await(t, ta.listed, "the added pages were shown")
	ta.bridge.Sync(func() {
		if got := ta.Pages(); len(got) != 2 || !strings.HasPrefix(got[1], "https://b.example/ ("+googlebot+")") {
			t.Fatalf("pages after adding two: %q", got)
		}
		ta.table.Select(widgetCell(0))
		ta.removeSelected()
	})
	await(t, ta.listed, "the list without the removed page was shown")
	ta.bridge.Sync(func() {
		if got := ta.Pages(); len(got) != 1 || !strings.HasPrefix(got[0], "https://b.example/") {
			t.Errorf("pages after removing the first: %q", got)
		}
		ta.every.SetSelected("Every hour")
	})
	if w := ta.clock.nextWait(t); w.d != time.Hour {
		t.Errorf("after choosing every hour the schedule waits %s", w.d)
	}
	ta.bridge.Sync(func() {
		if got := ta.prefs.WatchEvery(); got != time.Hour {
			t.Errorf("the interval kept is %s, want 1h", got)
		}
		if s := ta.StatusText(); s != "1 page watched, checked every hour while the window is open." {
			t.Errorf("status after choosing every hour: %q", s)
		}
	})
}

// widgetCell is the first column's cell of row.
func widgetCell(row int) widget.TableCellID { return widget.TableCellID{Row: row} }

func TestStartSkipsAPageInspectedWithinTheInterval(t *testing.T) {
	fresh := filepath.Join(t.TempDir(), "fresh.html")
	stale := filepath.Join(t.TempDir(), "stale.html")
	writePage(t, fresh, 100)
	writePage(t, stale, 100)
	ta := newTestArea(t)
	ctx := context.Background()
	r, err := inspectLimited(ctx, fresh, googlebot)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ta.db.Save(ctx, r); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fresh, stale} {
		if err := ta.db.AddWatch(ctx, p, googlebot); err != nil {
			t.Fatal(err)
		}
	}
	ta.bridge.Sync(ta.Start)
	await(t, ta.listed, "the watch list was shown")
	ta.clock.nextWait(t) // the check at start is done
	for path, want := range map[string]int{fresh: 1, stale: 1} {
		saved, err := ta.db.Inspections(ctx, history.Query{URL: path})
		if err != nil || len(saved) != want {
			t.Errorf("%s: %d inspections saved (%v), want %d", filepath.Base(path), len(saved), err, want)
		}
	}
}
