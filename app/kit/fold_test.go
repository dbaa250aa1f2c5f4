package kit

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestFold checks when the block folds: a text of as many lines as it
// shows folded has no toggle; a longer one shows whole lines, never a
// sliver of the next, and opens to more on the toggle.
func TestFold(t *testing.T) {
	tests := []struct {
		lines  int
		toggle bool
	}{
		{1, false}, {3, false}, {4, true}, {20, true},
	}
	for _, tt := range tests {
		test.NewTempApp(t)
		label := widget.NewLabel(strings.TrimSuffix(strings.Repeat("line\n", tt.lines), "\n"))
		f := NewFold(label, 3, 10)
		w := test.NewTempWindow(t, f)
		w.Resize(fyne.NewSize(600, 600))
		f.Resize(fyne.NewSize(600, f.MinSize().Height))
		if got := f.Toggle().Visible(); got != tt.toggle {
			t.Errorf("%d lines: toggle shown %v, want %v", tt.lines, got, tt.toggle)
		}
		if !tt.toggle {
			if got, want := f.MinSize().Height, label.MinSize().Height; got != want {
				t.Errorf("%d lines: block %v px high, want the label's %v", tt.lines, got, want)
			}
			continue
		}
		if got, want := f.MinSize().Height, linesHeight(3); got != want {
			t.Errorf("%d lines folded: block %v px high, want 3 whole lines, %v", tt.lines, got, want)
		}
		test.Tap(f.Toggle())
		if got, want := f.MinSize().Height, min(label.MinSize().Height, linesHeight(10)); f.Folded() || got != want {
			t.Errorf("%d lines opened (folded %v): block %v px high, want %v", tt.lines, f.Folded(), got, want)
		}
	}
}
