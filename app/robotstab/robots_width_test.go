package robotstab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/cutoffapp/cutoff/inspect/robots"
)

func TestSplitMiddle(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Googlebot Smartphone", "Googlebot\nSmartphone"},
		{"Googlebot Image Smartphone", "Googlebot Image\nSmartphone"},
		{"gptbot", "gptbot"},
		{"google-extended\n(control)", "google-extended\n(control)"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := splitMiddle(tt.in); got != tt.want {
			t.Errorf("splitMiddle(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// aiGrid is the grid of a publisher's robots.txt with the Googlebot
// Smartphone chain, googlebot and the 16 AI columns.
func aiGrid(t *testing.T) *robotsGrid {
	t.Helper()
	body := []byte("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /2026/\n")
	live := robots.FromFile("http://news.example/robots.txt", body)
	var extra []string
	for _, s := range robots.AISpecs() {
		extra = append(extra, s.Label)
	}
	urls := []string{"http://news.example/2026/12/a-story-with-a-long-slug.html", "http://news.example/private/x"}
	return evalRobots(body, live, true, urls, robotsAgents("Googlebot Smartphone", []string{"googlebot"}, false, extra))
}

// Every column fits its heading and its verdicts within its bounds, and
// the matrix is far narrower than it was at a fixed 210 px a column.
func TestRobotsColumnsFitTheirText(t *testing.T) {
	test.NewTempApp(t)
	g := aiGrid(t)
	hs := robotsHeadings(g.agents)
	if hs[0] != "Googlebot\nSmartphone" {
		t.Errorf("the profile's heading is %q, want it on two lines beside the marked AI headings", hs[0])
	}
	widths := robotsWidths(g, hs)
	pad := 2*theme.InnerPadding() + theme.SeparatorThicknessSize()
	need := func(s string, bold bool) float32 {
		return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{Bold: bold}).Width + pad
	}
	total := widths[0]
	for c := range g.agents {
		w := widths[c+1]
		total += w
		if w < robotsColMin || w > robotsColMax {
			t.Errorf("column %s is %.0f px, outside [%d, %d]", g.agents[c].label, w, robotsColMin, robotsColMax)
		}
		texts := strings.Split(hs[c], "\n")
		for r := range g.cells {
			texts = append(texts, cellText(g.cells[r][c]))
		}
		for i, s := range texts {
			if n := need(s, i < strings.Count(hs[c], "\n")+1); n > w && w < robotsColMax {
				t.Errorf("column %s is %.0f px; %q needs %.0f", g.agents[c].label, w, s, n)
			}
		}
	}
	if widths[0] < min(need(g.urls[0], false), robotsURLMax) || widths[0] > robotsURLMax {
		t.Errorf("the URL column is %.0f px; its URL needs %.0f (at most %d)", widths[0], need(g.urls[0], false), robotsURLMax)
	}
	fixed := float32(robotsURLMax + 210*len(g.agents))
	t.Logf("%d columns: %.0f px wide, %.0f px at a fixed 210 px a column", len(widths), total, fixed)
	if total > fixed*0.7 {
		t.Errorf("the matrix is %.0f px wide, more than 70%% of the fixed layout's %.0f", total, fixed)
	}
}

// Without a marked heading the headings stay on one line.
func TestRobotsHeadingsOneLine(t *testing.T) {
	hs := robotsHeadings(robotsAgents("Googlebot Smartphone", []string{"googlebot"}, false, []string{"bingbot"}))
	for _, h := range hs {
		if strings.Contains(h, "\n") {
			t.Errorf("heading %q takes two lines with no mark beside it", h)
		}
	}
}
