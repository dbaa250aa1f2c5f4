package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// A column is as wide as chosen unless its title needs more room; a title
// longer than the width chosen for English widens the column to hold it
// whole, bold, rather than running into the next column's.
func TestColumnsWidenToTheirTitles(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		name, title string
		width       float32
		widened     bool
	}{
		{"short title keeps the width", "Page", 300, false},
		{"Italian title", "Reindirizzamenti", 100, true},
		{"Indonesian title", "Pemeriksaan terakhir", 150, true},
		{"Turkish title", "Yeniden denemeler", 65, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := TitleWidth(c.width, c.title)
			whole := widget.NewLabelWithStyle(c.title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}).MinSize().Width
			switch {
			case !c.widened && got != c.width:
				t.Errorf("TitleWidth(%v, %q) = %v, want the width kept", c.width, c.title, got)
			case c.widened && got < whole:
				t.Errorf("TitleWidth(%v, %q) = %v, narrower than the title's %v", c.width, c.title, got, whole)
			}
		})
	}
}
