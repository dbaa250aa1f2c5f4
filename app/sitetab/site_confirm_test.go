package sitetab

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// overlayButton is the button labelled text in the window's top overlay (a
// dialog), nil when there is none.
func overlayButton(w fyne.Window, text string) *widget.Button {
	top := w.Canvas().Overlays().Top()
	if top == nil {
		return nil
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	return nil
}

// TestStartAsksBeforeClearingRows: Start with the last run's rows shown
// asks first; "Keep them" keeps them, "Start" runs afresh.
func TestStartAsksBeforeClearingRows(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("<html><head><title>Page</title></head><body>page</body></html>"))
	}))
	t.Cleanup(srv.Close)
	tu := newSiteTestUI(t)
	a := tu.site
	t.Cleanup(a.runner.Wait)
	a.savePath = func() string { return t.TempDir() + "/site.jsonl" }
	tu.act(func() {
		a.kind.SetSelectedIndex(1)
		test.Type(a.list, srv.URL+"/a\n"+srv.URL+"/b\n")
		test.Tap(a.start)
		if overlayButton(a.win, "Start") != nil {
			t.Error("the first run asked for a confirmation: it clears nothing")
		}
	})
	tu.waitFor(t, func() bool { return !a.running })
	tu.act(func() {
		a.list.SetText(srv.URL + "/c\n")
		test.Tap(a.start)
		keep := overlayButton(a.win, "Keep them")
		if keep == nil {
			t.Fatal("Start with 2 rows shown did not ask")
		}
		if len(a.model.rows) != 2 || a.running {
			t.Errorf("before the answer: %d rows, running %v", len(a.model.rows), a.running)
		}
		test.Tap(keep)
		if len(a.model.rows) != 2 || a.running {
			t.Errorf("after Keep them: %d rows, running %v", len(a.model.rows), a.running)
		}
		test.Tap(a.start)
		test.Tap(overlayButton(a.win, "Start"))
	})
	tu.waitFor(t, func() bool { return !a.running })
	tu.act(func() {
		if len(a.model.rows) != 1 || a.model.rows[0].URL != srv.URL+"/c" {
			t.Errorf("after Start: %d rows, want the new run's 1", len(a.model.rows))
		}
	})
}
