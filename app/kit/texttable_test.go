package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestTextTableLinesUpAnyScript lays out a table of Japanese and Latin
// cells in a test-driver window: each left-aligned column's cells start at
// one x, each right-aligned one's end at one x, columns do not overlap,
// and the table's least size holds them all.
func TestTextTableLinesUpAnyScript(t *testing.T) {
	test.NewTempApp(t)
	rows := [][]string{
		{"", "ページ全体", "保持分", "喪失分"},
		{"本文のバイト数", "2,600,000", "1,999,860", "600,140"},
		{"h1 見出し", "1", "0", "1"},
		{"canonical リンク", "あり", "なし", "喪失"},
	}
	tbl := NewTextTable(false, true, true, true)
	tbl.Header = true
	tbl.SetRows(rows, "")
	w := test.NewTempWindow(t, tbl)
	w.Resize(fyne.NewSize(800, 300))
	r := test.WidgetRenderer(tbl).(*textTableRenderer)
	var lastRight float32
	for col := range rows[0] {
		var left, right []float32
		for n := range rows {
			c := r.cells[n][col]
			if c.Text == "" {
				continue
			}
			left = append(left, c.Position().X)
			right = append(right, c.Position().X+c.MinSize().Width)
		}
		edge := left
		if col > 0 {
			edge = right
		}
		for _, x := range edge[1:] {
			if x != edge[0] {
				t.Errorf("column %d: cells line up at %v, not one x", col, edge)
				break
			}
		}
		for _, x := range left {
			if col > 0 && x <= lastRight {
				t.Errorf("column %d starts at %v, inside the previous one (ends %v)", col, x, lastRight)
			}
		}
		for _, x := range right {
			lastRight = max(lastRight, x)
		}
	}
	if min := tbl.MinSize(); min.Width < lastRight {
		t.Errorf("least width %v, but the cells end at %v", min.Width, lastRight)
	}
	if !r.cells[0][1].TextStyle.Bold || r.cells[1][1].TextStyle.Bold {
		t.Error("only the heading row is bold")
	}
}
