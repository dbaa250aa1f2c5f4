package kit

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// drawnLabel is a label as the table draws it, at its position in the
// table.
type drawnLabel struct {
	text string
	pos  fyne.Position
	size fyne.Size
}

// drawnLabels lists the visible labels under o, at their positions
// relative to o's parent offset by at.
func drawnLabels(o fyne.CanvasObject, at fyne.Position) []drawnLabel {
	if !o.Visible() {
		return nil
	}
	p := at.Add(o.Position())
	if l, ok := o.(*widget.Label); ok {
		return []drawnLabel{{l.Text, p, l.Size()}}
	}
	var all []drawnLabel
	switch c := o.(type) {
	case *fyne.Container:
		for _, child := range c.Objects {
			all = append(all, drawnLabels(child, p)...)
		}
	case fyne.Widget:
		for _, child := range test.WidgetRenderer(c).Objects() {
			all = append(all, drawnLabels(child, p)...)
		}
	}
	return all
}

// frozenFixture is a 40 × 8 table whose cells read "r<row>c<col>", its
// frozen column 200 wide and the others 100, in a 500 × 300 window.
func frozenFixture(t *testing.T) (*FrozenTable, fyne.Window, *widget.TableCellID) {
	t.Helper()
	test.NewTempApp(t)
	selected := &widget.TableCellID{Row: -1, Col: -1}
	f := NewFrozenTable(func() (int, int) { return 40, 8 },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(fmt.Sprintf("r%dc%d", id.Row, id.Col))
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(fmt.Sprintf("h%d", id.Col))
		})
	f.OnSelected = func(id widget.TableCellID) { *selected = id }
	for col := range 8 {
		f.SetColumnWidth(col, map[bool]float32{true: 200, false: 100}[col == 0])
	}
	w := test.NewTempWindow(t, f)
	w.Resize(fyne.NewSize(500, 300))
	return f, w, selected
}

// cellAt is the text of the cell label drawn over point p of f ("" for
// none), the frozen column's drawn last so it wins over what scrolled
// under it.
func cellAt(f *FrozenTable, p fyne.Position) string {
	found := ""
	for _, d := range drawnLabels(f, fyne.Position{}.Subtract(f.Position())) {
		if !strings.HasPrefix(d.text, "r") {
			continue
		}
		if p.X >= d.pos.X && p.Y >= d.pos.Y && p.X < d.pos.X+d.size.Width && p.Y < d.pos.Y+d.size.Height {
			if strings.HasSuffix(d.text, "c0") || found == "" {
				found = d.text
			}
		}
	}
	return found
}

// TestFrozenTableKeepsItsFirstColumn: scrolled sideways, the first column
// is still drawn at the left edge with its rows' labels, a tap on a data
// cell selects the cell drawn there, and scrolling down, with the wheel
// over the data or over the frozen column, keeps each label beside its
// row's cells.
func TestFrozenTableKeepsItsFirstColumn(t *testing.T) {
	f, w, selected := frozenFixture(t)
	f.Table.ScrollToOffset(fyne.NewPos(350, 0))

	labels := map[string]fyne.Position{}
	for _, d := range drawnLabels(f, fyne.Position{}.Subtract(f.Position())) {
		labels[d.text] = d.pos
	}
	r0, ok := labels["r0c0"]
	if !ok || r0.X > 8 {
		t.Fatalf("scrolled sideways, row 0's label is drawn at %v (drawn: %v), want x ≈ 0", r0, ok)
	}

	if h, ok := labels["h0"]; !ok || h.X > 8 || h.Y > 8 {
		t.Errorf("the frozen column's heading is drawn at %v (drawn: %v), want its top left corner", h, ok)
	}

	for _, p := range []fyne.Position{{X: 300, Y: 60}, {X: 450, Y: 100}, {X: 230, Y: 140}} {
		want := cellAt(f, p)
		if want == "" {
			t.Fatalf("no cell drawn at %v", p)
		}
		test.TapCanvas(w.Canvas(), p.Add(f.Position()))
		if got := fmt.Sprintf("r%dc%d", selected.Row, selected.Col); got != want {
			t.Errorf("a tap at %v selected %s, the cell drawn there is %s", p, got, want)
		}
	}

	wheels := []struct {
		name string
		at   fyne.Position
	}{
		{"over the data", fyne.NewPos(400, 150)},
		{"over the frozen column", fyne.NewPos(50, 150)},
	}
	for _, wh := range wheels {
		before := cellAt(f, fyne.NewPos(20, 60))
		test.Scroll(w.Canvas(), wh.at.Add(f.Position()), 0, -120)
		label, cell := cellAt(f, fyne.NewPos(20, 60)), cellAt(f, fyne.NewPos(300, 60))
		if label == before {
			t.Errorf("the wheel %s did not scroll the labels: still %s at the top", wh.name, label)
		}
		if row := strings.TrimSuffix(label, "c0"); !strings.HasPrefix(cell, row+"c") {
			t.Errorf("after the wheel %s the top row reads %s beside %s", wh.name, label, cell)
		}
	}
}

// TestFrozenTableTapsTheFrozenColumn: a tap on a frozen cell selects it as
// column 0.
func TestFrozenTableTapsTheFrozenColumn(t *testing.T) {
	f, w, selected := frozenFixture(t)
	f.Table.ScrollToOffset(fyne.NewPos(150, 200))
	want := cellAt(f, fyne.NewPos(20, 100))
	test.TapCanvas(w.Canvas(), fyne.NewPos(20, 100).Add(f.Position()))
	if got := fmt.Sprintf("r%dc%d", selected.Row, selected.Col); got != want {
		t.Errorf("a tap on %s selected %s", want, got)
	}
}

// TestTableOffset: TableOffset reads where a table is scrolled to.
func TestTableOffset(t *testing.T) {
	f, _, _ := frozenFixture(t)
	f.Table.ScrollToOffset(fyne.NewPos(120, 80))
	if got, want := TableOffset(f.Table), fyne.NewPos(120, 80); got != want {
		t.Errorf("TableOffset = %v, want %v", got, want)
	}
}
