package app

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
)

// TestWhatIfOpensFromTheOverview: after inspecting the demo's big page the
// Overview offers What if…, which opens the panel in place of the report,
// built for that page; its Overview button and a new inspection bring the
// report back.
func TestWhatIfOpensFromTheOverview(t *testing.T) {
	srv := startDemo(t)
	tu := newTestUI(t, Options{})
	tu.typeURLAndEnter(srv.BigURL())
	tu.waitEnd(t, 90*time.Second)

	tu.act(func() {
		if !tu.overview.whatIf.Visible() {
			t.Fatal("the Overview of a cut page offers no What if…")
		}
		test.Tap(tu.overview.whatIf)
		if !tu.overview.panel.Visible() || tu.overview.report.Visible() {
			t.Errorf("What if… shows the panel %v and the report %v; want the panel alone", tu.overview.panel.Visible(), tu.overview.report.Visible())
		}
	})
	waitFor(t, tu, tu.whatIf.Idle)
	tu.act(func() {
		body := tu.report.Fetch.Body
		if got, want := tu.whatIf.FiguresText(), "Body "+kit.BytesText(int64(len(body))); !strings.HasPrefix(got, want) {
			t.Errorf("the panel says %q, want %q first", got, want)
		}
		tapped := false
		for _, o := range test.LaidOutObjects(tu.whatIf.Content()) {
			if b, ok := o.(*widget.Button); ok && b.Text == "Overview" {
				test.Tap(b)
				tapped = true
			}
		}
		if !tapped || tu.overview.panel.Visible() || !tu.overview.report.Visible() {
			t.Errorf("the panel's Overview button (found %v) does not show the report", tapped)
		}
		test.Tap(tu.overview.whatIf)
	})

	tu.typeURLAndEnter(srv.URL + "/")
	tu.waitEnd(t, 90*time.Second)
	tu.act(func() {
		if tu.overview.panel.Visible() || !tu.overview.report.Visible() {
			t.Error("a new inspection leaves the what-if panel of the last page shown")
		}
		if tu.overview.whatIf.Visible() {
			t.Error("the demo's home page, not cut, offers What if…")
		}
	})
}

// waitFor polls cond on the UI thread until it holds.
func waitFor(t *testing.T, tu *testUI, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ok := false
		tu.act(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the panel was not built within 60s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
