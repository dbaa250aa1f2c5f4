package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// TestEndedPhaseLineHasTheWholeWidth: while an inspection runs the phase
// line leaves the progress bars their slot; once it ends the slot goes and
// the line's last words (longer in French or Japanese than in English) get
// the whole width instead of an ellipsis.
func TestEndedPhaseLineHasTheWholeWidth(t *testing.T) {
	srv, reached := hangingSite(t)
	tu := newTestUI(t, Options{})
	tu.act(func() { tu.win.Resize(fyne.NewSize(1024, 768)) })
	tu.typeURLAndEnter(srv.URL + "/hang")
	select {
	case <-reached:
	case <-time.After(10 * time.Second):
		t.Fatal("the page was never requested")
	}
	var running float32
	tu.act(func() {
		running = tu.top.phase.Size().Width
		tu.onCancel()
	})
	tu.waitEnd(t, time.Second)
	tu.act(func() {
		row := tu.top.status.Size().Width
		if ended := tu.top.phase.Size().Width; ended < row || ended-running < 320 {
			t.Errorf("the phase line is %v px wide while running and %v px once ended, want the row's %v px once ended",
				running, ended, row)
		}
	})
}
