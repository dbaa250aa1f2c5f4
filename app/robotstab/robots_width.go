package robotstab

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The robots grid's columns are as wide as their heading and verdicts,
// within these bounds: a token column never narrower than a short verdict
// ("allowed") needs, nor wider than a long heading with its mark; the URL
// column wide enough to read a path, and no wider than it was when every
// column had a fixed width.
const (
	robotsColMin = 72
	robotsColMax = 230
	robotsURLMin = 200
	robotsURLMax = 320
)

// robotsHeadings returns the heading of each agent column. When a heading
// carries a mark on a second line, the heading row is two lines tall, and
// a heading of several words takes both lines too ("Googlebot" over
// "Smartphone").
func robotsHeadings(agents []robotsAgent) []string {
	hs := make([]string, len(agents))
	twoLines := false
	for i, ag := range agents {
		hs[i] = headerLabel(ag.label)
		twoLines = twoLines || strings.Contains(hs[i], "\n")
	}
	if twoLines {
		for i, h := range hs {
			hs[i] = splitMiddle(h)
		}
	}
	return hs
}

// splitMiddle breaks a one-line text at the space nearest its middle; a
// text already on two lines, or of one word, is returned as it is.
func splitMiddle(s string) string {
	if strings.Contains(s, "\n") {
		return s
	}
	best := -1
	for i, r := range s {
		if r == ' ' && (best < 0 || abs(len(s)-2*i) < abs(len(s)-2*best)) {
			best = i
		}
	}
	if best < 0 {
		return s
	}
	return s[:best] + "\n" + s[best+1:]
}

func abs(n int) int { return max(n, -n) }

// robotsWidths returns the width of each column of g under its headings:
// the URL column first, then one per agent.
func robotsWidths(g *robotsGrid, headings []string) []float32 {
	widths := make([]float32, 1+len(g.agents))
	widths[0] = fitWidth([]string{i18n.T("robotstab.col-url")}, g.urls, robotsURLMin, robotsURLMax)
	for c := range g.agents {
		texts := map[string]bool{}
		for r := range g.cells {
			texts[cellText(g.cells[r][c])] = true
		}
		cells := make([]string, 0, len(texts))
		for s := range texts {
			cells = append(cells, s)
		}
		widths[c+1] = fitWidth(strings.Split(headings[c], "\n"), cells, robotsColMin, robotsColMax)
	}
	return widths
}

// fitWidth is the width a table column needs to show its bold headings and
// its cells in a label, held within [lo, hi].
func fitWidth(headings, cells []string, lo, hi float32) float32 {
	size := theme.TextSize()
	w := float32(0)
	for _, s := range headings {
		w = max(w, fyne.MeasureText(s, size, fyne.TextStyle{Bold: true}).Width)
	}
	for _, s := range cells {
		w = max(w, fyne.MeasureText(s, size, fyne.TextStyle{}).Width)
	}
	// A label pads its text on both sides; the table draws a divider.
	w += 2*theme.InnerPadding() + theme.SeparatorThicknessSize()
	return min(max(w, lo), hi)
}

// sizeColumns sets the table's headings and column widths for g, and the
// heading row's height: two lines when a heading takes two.
func (a *Area) sizeColumns(g *robotsGrid) {
	a.headings = robotsHeadings(g.agents)
	for c, w := range robotsWidths(g, a.headings) {
		a.table.SetColumnWidth(c, w)
	}
	lines := "URL"
	for _, h := range a.headings {
		if strings.Contains(h, "\n") {
			lines = "URL\n(mark)"
			break
		}
	}
	l := widget.NewLabel(lines)
	l.TextStyle.Bold = true
	a.table.SetHeadingHeight(l.MinSize().Height)
}
