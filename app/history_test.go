package app

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
)

// growingPage serves at / a page whose canonical link follows an inline
// script of script bytes; the test changes the size between inspections.
func growingPage(t *testing.T, script *atomic.Int64) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><title>Kettle</title><script>var x="`+
			strings.Repeat("a", int(script.Load()))+`";</script>`+
			`<link rel="canonical" href="https://shop.example/kettle"></head><body><h1>Kettle</h1></body></html>`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// waitFor polls cond, read like a user action, until it holds.
func (tu *testUI) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var ok bool
		tu.act(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestHistoryTabAfterTwoInspections(t *testing.T) {
	var script atomic.Int64
	script.Store(100)
	url := growingPage(t, &script)
	path := filepath.Join(t.TempDir(), "history.sqlite")
	tu := newTestUI(t, Options{HistoryPath: path})
	tu.engine = limitedEngine(&fetch.Fetcher{}, 3000)

	tu.typeURLAndEnter(url)
	tu.waitEnd(t, 30*time.Second)
	tu.waitFor(t, "the History tab lists the first inspection", func() bool { return len(tu.history.Items()) == 1 })
	script.Store(5000) // the canonical link now lies past the 3,000-byte cutoff
	tu.typeURLAndEnter(url)
	tu.waitEnd(t, 30*time.Second)
	tu.waitFor(t, "the History tab lists both inspections", func() bool { return len(tu.history.Items()) == 2 })

	tu.act(func() {
		items := tu.history.Items()
		if items[0].CountedBytes <= items[1].CountedBytes {
			t.Errorf("newest first: counted bytes %d then %d, want the grown page first",
				items[0].CountedBytes, items[1].CountedBytes)
		}
		diff := tu.history.DiffText()
		t.Log(diff)
		if !strings.Contains(diff, "canonical") || !strings.Contains(diff, "grew") {
			t.Errorf("the diff shown does not say the page grew and the canonical link crossed the cutoff:\n%s", diff)
		}
		if s := tu.history.StatusText(); !strings.Contains(s, "2 saved inspections of "+url) {
			t.Errorf("History status = %q", s)
		}
	})
	tu.act(func() {
		tu.history.Select(1)
		tu.history.ShowInTabs()
	})
	tu.waitFor(t, "the older inspection is shown in the tabs", func() bool {
		return strings.HasPrefix(tu.top.phase.Text, "Saved ")
	})
	tu.act(func() {
		if !strings.Contains(tu.top.phase.Text, "nothing cut") || tu.report.Analysis == nil ||
			tu.report.Analysis.BodyBytes >= 3000 {
			t.Errorf("the tabs do not show the older, uncut inspection: %q", tu.top.phase.Text)
		}
		if tu.tabs.Selected() != tu.tab.overview {
			t.Error("the saved report is not shown on the Overview tab")
		}
	})
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Fatalf("the history file %s was not written: %v", path, err)
	}
}

func TestDamagedHistoryStillShowsTheInspection(t *testing.T) {
	var script atomic.Int64
	script.Store(100)
	url := growingPage(t, &script)
	path := filepath.Join(t.TempDir(), "history.sqlite")
	if err := os.WriteFile(path, []byte(strings.Repeat("not a database ", 400)), 0o644); err != nil {
		t.Fatal(err)
	}
	tu := newTestUI(t, Options{HistoryPath: path})
	tu.typeURLAndEnter(url)
	tu.waitEnd(t, 30*time.Second)
	tu.waitFor(t, "the status line says the history could not be used", func() bool {
		return strings.Contains(tu.top.phase.Text, "not saved")
	})
	tu.act(func() {
		phase := tu.top.phase.Text
		t.Log(phase)
		if !strings.HasPrefix(phase, "Done:") || !strings.Contains(phase, "damaged or is not a SQLite database") {
			t.Errorf("status line = %q, want the report's line and one sentence on the damaged file", phase)
		}
		if tu.report == nil || tu.top.banner.Text != "" {
			t.Errorf("the inspection was not shown (banner %q)", tu.top.banner.Text)
		}
	})
}
