package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestSortHeaderFitsItsColumn: a title longer than its column (Japanese
// and French titles often are) asks for no width of its own, so the table
// cuts it at the column's edge instead of drawing it over the next title;
// the sort column gets its arrow, and a tap sorts by the title's column.
func TestSortHeaderFitsItsColumn(t *testing.T) {
	test.NewTempApp(t)
	titles := []string{"ステータス", "カウントされたバイト数"}
	sorted := -1
	h := SortHeader{Titles: func(c int) string { return titles[c] }, Cols: len(titles), Col: 1, Desc: true,
		SortBy: func(c int) { sorted = c }}
	tests := []struct {
		name  string
		col   int
		title string // the text the cell shows
	}{
		{"plain title", 0, "ステータス"},
		{"sort column", 1, "カウントされたバイト数 ▼"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cell := NewSortHeader()
			h.Update(widget.TableCellID{Row: -1, Col: tt.col}, cell)
			title := cell.(*SortTitle)
			if title.Text != tt.title {
				t.Errorf("title = %q, want %q", title.Text, tt.title)
			}
			full := fyne.MeasureText(tt.title, theme.TextSize(), fyne.TextStyle{Bold: true}).Width
			if w := cell.MinSize().Width; w >= full {
				t.Errorf("the title asks for %v px, as wide as its text (%v px): it would overflow a narrower column", w, full)
			}
			test.Tap(title)
			if sorted != tt.col {
				t.Errorf("a tap sorted by column %d, want %d", sorted, tt.col)
			}
		})
	}
}

// TestListTableTitlesFitTheirColumns: a list table's titles are cut at
// their column's edge too.
func TestListTableTitlesFitTheirColumns(t *testing.T) {
	test.NewTempApp(t)
	title := "カウントされたバイト数"
	table := NewListTable([]Column{{title, 60}}, func() int { return 0 }, func(int, int) string { return "" })
	cell := table.CreateHeader()
	table.UpdateHeader(widget.TableCellID{Row: -1, Col: 0}, cell)
	full := fyne.MeasureText(title, theme.TextSize(), fyne.TextStyle{Bold: true}).Width
	if w := cell.MinSize().Width; w >= full {
		t.Errorf("the title asks for %v px, as wide as its text (%v px)", w, full)
	}
}
