package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// TestContributorsFoldAt1024 fills the Overview of the whole window at
// 1024×768 with a long "What pushes the page past the cutoff" block and
// many findings: folded, the block takes a few lines and the findings
// list keeps most of the window; opened, it shows more and the list still
// keeps a useful part.
func TestContributorsFoldAt1024(t *testing.T) {
	tu := newTestUI(t, Options{})
	var advice []whatif.Advice
	for i := range 10 {
		advice = append(advice, whatif.Advice{Message: strings.Repeat("Moving the 11 inline scripts out keeps the canonical link ", 2) +
			string(rune('a'+i))})
	}
	var fs []finding.Finding
	for range 40 {
		fs = append(fs, finding.Finding{Severity: finding.Warning, Code: "page-over-limit", Message: "The page is over its limit."})
	}
	d := overviewData{summary: "The crawler keeps 2,000,000 of 2,634,112 bytes.",
		model:        byteview.RulerModel{HeaderBytes: 420, BodyBytes: 2_600_000, LimitBytes: 2_000_000},
		contributors: adviceText(advice), findings: fs}
	tu.act(func() {
		tu.win.Resize(fyne.NewSize(1024, 768))
		tu.tabs.Select(tu.tab.overview)
		tu.overview.show(d)
	})
	list := func() float32 {
		var h float32
		tu.act(func() { h = tu.overview.findings.list.Size().Height })
		return h
	}
	fold := tu.overview.fold
	if !fold.Folded() || fold.Toggle().Hidden {
		t.Fatalf("an 11-line block starts folded with its toggle shown: folded %v, toggle hidden %v",
			fold.Folded(), fold.Toggle().Hidden)
	}
	// The Overview's own area is what the top bar and the tab strip leave.
	area := tu.overview.report.Size().Height
	if h := list(); h < area/2 {
		t.Errorf("folded, the findings list is %v px high of the Overview's %v, want most of it", h, area)
	}
	folded := fold.Size().Height
	tu.act(func() { test.Tap(fold.Toggle()) })
	if fold.Folded() || fold.Size().Height <= folded {
		t.Errorf("after the toggle, the block is %v px high (folded %v), want it open and higher", fold.Size().Height, folded)
	}
	t.Logf("open: block %v px, list %v px", fold.Size().Height, list())
	if h := list(); h < area/5 {
		t.Errorf("opened, the findings list is %v px high of the Overview's %v, want at least a fifth", h, area)
	}
	tu.act(func() {
		tu.overview.show(overviewData{summary: "s", contributors: "What pushes the page past the cutoff:\n• one"})
	})
	if !fold.Toggle().Hidden {
		t.Error("a two-line block shows a toggle")
	}
}
