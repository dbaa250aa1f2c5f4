package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestCompareWithNeedsURL: "Compare with…" on an empty URL says so in the
// banner and opens no comparison.
func TestCompareWithNeedsURL(t *testing.T) {
	u := newTestUI(t, Options{})
	u.bridge.Sync(func() {
		u.top.url.SetText("")
		test.Tap(u.top.compare)
		if !u.top.banner.Visible() || !strings.Contains(u.top.banner.Text, "Type a URL") {
			t.Errorf("banner = %q (visible %v)", u.top.banner.Text, u.top.banner.Visible())
		}
		if u.tabs.Selected() == u.tab.compare {
			t.Error("the Compare tab opened without a URL")
		}
	})
}
