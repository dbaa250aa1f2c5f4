package robotstab

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestRobotsAreaWorksBeforeAnyInspection: a pasted robots.txt, URLs and a
// token give the grid, the lint and the why-trace, as `cutoff robots
// --file` does, with no inspection behind them.
func TestRobotsAreaWorksBeforeAnyInspection(t *testing.T) {
	area, b, _, wait := newRobotsTestArea(t)
	b.Sync(func() {
		if !strings.Contains(area.outcome.Text, "paste a robots.txt") {
			t.Errorf("outcome before any inspection = %q", area.outcome.Text)
		}
		test.Type(area.editor, "User-agent: bingbot\nDisallow: /private/\nCrawl-delay 5\n")
	})
	wait()
	b.Sync(func() {
		if !strings.Contains(area.why.Text, "user-agent token") {
			t.Errorf("with no token the why line says %q, want to add one", area.why.Text)
		}
		test.Type(area.urls, "https://example.com/private/a\nhttps://example.com/public")
		test.Type(area.token, "bingbot")
		area.onAddToken()
	})
	wait()
	b.Sync(func() {
		if r, c := area.tableSize(); r != 2 || c != 2 {
			t.Fatalf("grid is %d×%d, want 2 URLs × (URL + bingbot)", r, c)
		}
		if got := cellText(area.grid.cells[0][0]); !strings.HasPrefix(got, "disallowed · line 2") {
			t.Errorf("/private/a for bingbot = %q, want disallowed by line 2", got)
		}
		if area.grid.cells[1][0].v.Allowed != true {
			t.Error("/public for bingbot is not allowed")
		}
		if area.lint.Text == "" || strings.HasPrefix(area.lint.Text, "No problems") {
			t.Errorf("lint = %q, want the line without a colon flagged", area.lint.Text)
		}
		area.onSelect(widget.TableCellID{Row: 0, Col: 1})
		if !strings.Contains(area.CopyText(), "line 2") {
			t.Errorf("why = %q", area.CopyText())
		}
	})
}

// TestRevertKeepsTheDraft: "Revert to live file" puts the live file back
// and offers the discarded draft back; the editor shows the live text from
// its top and the lint is the live file's.
func TestRevertKeepsTheDraft(t *testing.T) {
	area, b, _, wait := newRobotsTestArea(t)
	b.Sync(func() { area.Show(robotsTestData()) })
	wait()
	draft := "User-agent: *\nDisallow: /\n" + strings.Repeat("# note\n", 2000)
	b.Sync(func() { area.editor.SetText(draft) })
	wait()
	b.Sync(func() {
		if area.restore.Visible() {
			t.Error("Restore is offered before any revert")
		}
		test.Tap(area.revert)
	})
	wait()
	b.Sync(func() {
		if area.editor.Text != area.data.live {
			t.Fatalf("after revert the editor has %q", area.editor.Text)
		}
		if area.edit.Offset.Y != 0 {
			t.Errorf("after revert the editor is scrolled to %v, past the live file's lines", area.edit.Offset.Y)
		}
		if area.lint.Text == "" {
			t.Error("the lint is blank after revert")
		}
		if !area.restore.Visible() {
			t.Fatal("the discarded draft is not offered back")
		}
		test.Tap(area.restore)
	})
	wait()
	b.Sync(func() {
		if area.editor.Text != draft {
			t.Errorf("Restore gave %d bytes, want the %d-byte draft", len(area.editor.Text), len(draft))
		}
		if area.restore.Visible() {
			t.Error("Restore is still offered after restoring")
		}
		if area.revert.Disabled() {
			t.Error("Revert is disabled on the restored draft")
		}
	})
}

// TestTypingEvaluatesOnceAtRest: a burst of keys evaluates the grid once,
// after the text rested, and the keys themselves do not wait for it.
func TestTypingEvaluatesOnceAtRest(t *testing.T) {
	area, b, _, wait := newRobotsTestArea(t)
	b.Sync(func() { area.Show(robotsTestData()) })
	wait()
	evaluated := make(chan struct{}, 16)
	b.Sync(func() {
		area.onEvaluated = func() { evaluated <- struct{}{} }
		start := time.Now()
		for range 10 {
			test.Type(area.editor, "#")
		}
		if took := time.Since(start); took > robotsDebounce {
			t.Errorf("10 keys took %v: they waited for the evaluation", took)
		}
	})
	select {
	case <-evaluated:
	case <-time.After(5 * time.Second):
		t.Fatal("the grid was not evaluated after typing")
	}
	select {
	case <-evaluated:
		t.Error("a burst of 10 keys evaluated the grid more than once")
	case <-time.After(3 * robotsDebounce):
	}
	b.Sync(func() {
		if !strings.Contains(area.editor.Text, "##########") {
			t.Errorf("the editor lost keys: %q", area.editor.Text)
		}
	})
}
