package sitetab

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/site"
)

// genRows makes n rows of varied sizes and states, deterministically.
func genRows(n int) []site.Row {
	r := rand.New(rand.NewPCG(1, 2))
	rows := make([]site.Row, n)
	for i := range rows {
		body := r.Int64N(3_000_000)
		row := site.Row{URL: fmt.Sprintf("http://127.0.0.1/p/%d", r.IntN(n*10)), Status: 200, Fetched: true,
			RobotsAllowed: r.IntN(20) > 0, HeaderBytes: 200, BodyBytes: body, LimitBytes: 2_000_000,
			Percent: float64((body+200)*10000/2_000_000) / 100, LostLinks: r.Int64N(50)}
		if body+200 > 2_000_000 {
			row.Truncated = true
			cut := int64(2_000_000 - 200)
			row.CutoffOffset = &cut
			row.CriticalBeyond = []string{"canonical"}
		}
		rows[i] = row
	}
	return rows
}

// Rows added in batches while sorted end where one sort of them all would
// put them.
func TestSiteModelMergesBatchesInOrder(t *testing.T) {
	rows := genRows(5000)
	for _, col := range []int{siteColURL, siteColPercent, siteColLost, siteColRobots} {
		m := newSiteModel()
		m.sortBy(col)
		m.sortBy(col) // descending
		for i := 0; i < len(rows); i += 700 {
			m.add(rows[i:min(i+700, len(rows))])
		}
		want := newSiteModel()
		want.add(rows)
		want.sortCol, want.sortDesc = col, true
		want.refilter()
		if !slices.Equal(m.view, want.view) {
			t.Errorf("column %d: merged view differs from a full sort", col)
		}
	}
}

func TestSiteModelFilters(t *testing.T) {
	rows := genRows(2000)
	m := newSiteModel()
	m.add(rows)
	counts := map[int]int{}
	for i := range rows {
		r := &rows[i]
		if r.Truncated {
			counts[filterOver]++
		}
		if !r.RobotsAllowed {
			counts[filterDisallowed]++
		}
	}
	for f, want := range counts {
		m.filter = f
		m.refilter()
		if len(m.view) != want {
			t.Errorf("filter %q: %d rows, want %d", siteFilters()[f], len(m.view), want)
		}
	}
	m.filter, m.query = filterAll, "/p/1"
	m.refilter()
	for _, i := range m.view {
		if !strings.Contains(m.rows[i].URL, "/p/1") {
			t.Fatalf("query kept %s", m.rows[i].URL)
		}
	}
	hist := 0
	for _, b := range m.hist {
		hist += b.Pages
	}
	if hist != len(rows) {
		t.Errorf("the plot counts %d pages, want %d", hist, len(rows))
	}
}

// BenchmarkSiteSort sorts 100,000 rows by a column, as a header tap does.
func BenchmarkSiteSort(b *testing.B) {
	rows := genRows(100_000)
	for _, col := range []int{siteColURL, siteColPercent} {
		b.Run(siteColumns[col].title(), func(b *testing.B) {
			m := newSiteModel()
			m.add(rows)
			for b.Loop() {
				b.StopTimer()
				m.sortCol = -1
				m.refilter() // back to arrival order, which is random here
				b.StartTimer()
				m.sortBy(col)
			}
		})
	}
}

// BenchmarkSiteAddBatch adds a batch of 1,000 rows to a sorted table of
// 100,000, the work the UI thread does per hand-over at the end of a big run.
func BenchmarkSiteAddBatch(b *testing.B) {
	rows := genRows(101_000)
	for b.Loop() {
		b.StopTimer()
		m := newSiteModel()
		m.sortBy(siteColPercent)
		m.add(rows[:100_000])
		b.StartTimer()
		m.add(rows[100_000:])
	}
}

// The Site tab runs a list against a real server and fills the table; a
// row opens in the single-page view.
func TestSiteTabRunsAndOpensRow(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/big" {
			w.Write([]byte("<html><head><title>Big</title></head><body>" + strings.Repeat("x", 2_100_000) + "<link rel=canonical href=/big></body></html>"))
			return
		}
		w.Write([]byte("<html><head><title>Small</title></head><body><a href=/big>big</a></body></html>"))
	}))
	t.Cleanup(srv.Close)
	tu := newSiteTestUI(t)
	a := tu.site
	t.Cleanup(a.runner.Wait)
	a.savePath = func() string { return filepath.Join(t.TempDir(), "site.jsonl") }
	tu.act(func() {
		a.kind.SetSelectedIndex(1)
		test.Type(a.list, srv.URL+"/a\n"+srv.URL+"/big\n"+srv.URL+"/b\n")
		test.Tap(a.start)
	})
	tu.waitFor(t, func() bool { return !a.running })
	tu.act(func() {
		if len(a.model.rows) != 3 || a.summary == nil || a.summary.Truncated != 1 {
			t.Fatalf("%d rows, summary %+v", len(a.model.rows), a.summary)
		}
		a.model.sortBy(siteColPercent)
		a.model.sortBy(siteColPercent)
		if got := a.model.cell(0, siteColURL); got != srv.URL+"/big" {
			t.Errorf("largest first: %s", got)
		}
		if !strings.Contains(a.status.Text, "1 over the limit") {
			t.Errorf("status %q", a.status.Text)
		}
		if a.CopyText() != "" {
			t.Errorf("Ctrl+C with no row selected copies %q", a.CopyText())
		}
		a.table.Select(widget.TableCellID{Row: 0, Col: siteColPercent})
		if got := strings.Split(a.CopyText(), "\t"); len(got) != siteCols || got[siteColURL] != srv.URL+"/big" {
			t.Errorf("Ctrl+C copies %q, want the selected row's %d cells", got, siteCols)
		}
		a.onOpenRow()
	})
	select {
	case got := <-tu.opened:
		if got != srv.URL+"/big" {
			t.Errorf("the row did not open in the page view: %s opened", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the row did not open in the page view")
	}
}

// Cancel keeps the rows so far, and Resume finishes without fetching them
// again.
func TestSiteTabCancelAndResume(t *testing.T) {
	var mu sync.Mutex
	hits := map[string]int{}
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if r.URL.Path == "/slow" {
			<-release
		}
		mu.Lock()
		hits[r.URL.Path]++
		mu.Unlock()
		w.Write([]byte("<html><body>page</body></html>"))
	}))
	t.Cleanup(func() { srv.Close() })
	tu := newSiteTestUI(t)
	a := tu.site
	tu.startList(t, []string{srv.URL + "/a", srv.URL + "/slow", srv.URL + "/c"})
	tu.waitFor(t, func() bool { return len(a.model.rows) >= 2 })
	tu.act(func() { test.Tap(a.cancel) })
	tu.waitFor(t, func() bool { return !a.running })
	close(release)
	tu.act(func() {
		if a.resume.Disabled() {
			t.Fatal("Resume is not offered after Cancel")
		}
		test.Tap(a.resume)
	})
	tu.waitFor(t, func() bool { return !a.running })
	tu.act(func() {
		if a.summary.Pages != 3 || a.summary.Resumed != 2 {
			t.Errorf("after resume: %+v", a.summary)
		}
	})
	mu.Lock()
	defer mu.Unlock()
	if hits["/a"] != 1 || hits["/c"] != 1 {
		t.Errorf("hits %v: resumed rows were fetched again", hits)
	}
}

// siteTestUI is the Site tab in a test window, built as the window builds
// it, with the default profile.
type siteTestUI struct {
	site   *Area
	win    fyne.Window
	bridge *job.Bridge
	opened chan string // the URLs of the rows opened in the page view
}

func newSiteTestUI(t *testing.T) *siteTestUI {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatalf("no default profile %q", fetch.DefaultProfileID)
	}
	tu := &siteTestUI{win: w, bridge: &job.Bridge{}, opened: make(chan string, 1)}
	tu.site = New(t.Context(), tu.bridge, w, func() fetch.Profile { return p }, func(u string) { tu.opened <- u })
	w.SetContent(tu.site.Content())
	t.Cleanup(func() { tu.bridge.Sync(tu.site.Close) })
	return tu
}

// act runs f on the test's UI thread, between hand-overs.
func (tu *siteTestUI) act(f func()) { tu.bridge.Sync(f) }

// waitFor polls cond, between hand-overs to the UI, until it holds.
func (tu *siteTestUI) waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second) // a loaded machine under -race runs a 2 MB page slowly
	for time.Now().Before(deadline) {
		ok := false
		tu.act(func() { ok = cond() })
		if ok {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("timed out waiting for the site run")
}

// BenchmarkSiteApply is the UI thread's work for one batch of 300 rows
// arriving in a sorted table of 100,000 (Fyne's test driver: no drawing).
func BenchmarkSiteApply(b *testing.B) {
	test.NewTempApp(b)
	w := test.NewTempWindow(b, nil)
	a := New(b.Context(), &job.Bridge{}, w, func() fetch.Profile { return fetch.Profile{} }, func(string) {})
	w.SetContent(a.Content())
	w.Resize(fyne.NewSize(1280, 900))
	rows := genRows(100_300)
	a.model.sortBy(siteColPercent)
	a.apply(siteUpdate{rows: rows[:100_000]})
	for b.Loop() {
		b.StopTimer()
		a.model.rows = a.model.rows[:100_000]
		a.model.refilter()
		b.StartTimer()
		a.apply(siteUpdate{rows: rows[100_000:], progress: &site.Progress{Done: 100_300, Queued: 10, Rate: 1500}})
	}
}
