package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
)

// TestLegendWraps checks that every kind of the legend stays readable in a
// narrow window: the items wrap onto more rows instead of running off the
// right edge.
func TestLegendWraps(t *testing.T) {
	tests := []struct {
		name     string
		width    float32
		wantRows int // at least
	}{
		{"1280 px", 1280, 1},
		{"800 px", 800, 2},
		{"400 px", 400, 4},
	}
	var items []legendItem
	for i, k := range byteview.Kinds {
		items = append(items, legendItem{kind: k, bytes: int64(1_000_000 * (i + 1))})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			a := newOverviewArea(func() {}, func(int64) {}, func() {}, widget.NewLabel("panel"))
			w := test.NewTempWindow(t, a.content())
			w.Resize(fyne.NewSize(tt.width, 700))
			a.show(overviewData{summary: "s", model: byteview.RulerModel{HeaderBytes: 420, BodyBytes: 480_000, LimitBytes: 2_000_000}, legend: items})
			rows := map[float32]bool{}
			for _, o := range a.legend.Objects {
				if right := o.Position().X + o.Size().Width; right > a.legend.Size().Width+0.5 {
					t.Errorf("a legend item ends at x=%v, past the legend's width %v", right, a.legend.Size().Width)
				}
				rows[o.Position().Y] = true
			}
			if len(rows) < tt.wantRows {
				t.Errorf("legend laid out in %d rows, want at least %d", len(rows), tt.wantRows)
			}
			if got, min := a.legend.Size().Height, a.legend.MinSize().Height; got < min {
				t.Errorf("legend is %v high, less than the %v its rows need", got, min)
			}
		})
	}
}

// TestTextMeasuresNamed checks that the byte map's text and the two
// visible-text measures are named apart wherever the window shows them.
func TestTextMeasuresNamed(t *testing.T) {
	test.NewTempApp(t)
	objs := legendObjects([]legendItem{{kind: byteview.RulerKindText, bytes: 2_230_541}})
	lbl := objs[0].(*fyne.Container).Objects[1].(*widget.Label)
	if !strings.HasPrefix(lbl.Text, "text bytes 2,230,541") {
		t.Errorf("legend reads %q, want it to name the byte map's text bytes", lbl.Text)
	}
	rows := report.RenderedRows(&inspect.Rendered{Google: &inspect.RenderedPage{}, Full: &inspect.RenderedPage{}})
	found := false
	for _, r := range rows {
		found = found || r.Name == "Visible text (rendered DOM)"
	}
	if !found {
		t.Errorf("the Rendered table names no \"Visible text (rendered DOM)\" row: %+v", rows)
	}
}
