package historytab

import (
	"context"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
)

func TestPlotBarsAndLimit(t *testing.T) {
	test.NewTempApp(t)
	p := NewPlot()
	p.SetPoints([]Point{{Bytes: 1000, Limit: 3000}, {Bytes: 2800, Limit: 3000}, {Bytes: 4000, Limit: 3000}})
	p.Resize(p.MinSize().AddWidthHeight(140, 0))
	r := test.WidgetRenderer(p).(*plotRenderer)
	want := []color.Color{theme.Color(theme.ColorNamePrimary), theme.Color(theme.ColorNameWarning),
		theme.Color(theme.ColorNameError)}
	if len(r.bars) != len(want) {
		t.Fatalf("%d bars, want %d", len(r.bars), len(want))
	}
	for i, b := range r.bars {
		if b.FillColor != want[i] {
			t.Errorf("bar %d is %v, want %v", i, b.FillColor, want[i])
		}
	}
	y := r.limit.Position1.Y
	if r.limit.Hidden || r.caption.Text != "limit 3,000 bytes" {
		t.Errorf("limit line hidden %v, caption %q", r.limit.Hidden, r.caption.Text)
	}
	if top := r.bars[2].Position().Y; top >= y {
		t.Errorf("the bar over the limit starts at y %v, not above the limit line at %v", top, y)
	}
	if top := r.bars[0].Position().Y; top <= y {
		t.Errorf("the bar under the limit starts at y %v, not below the limit line at %v", top, y)
	}
}

// kettle is a product page whose canonical link follows an inline script
// of script bytes.
func kettle(script int) string {
	return `<!doctype html><html><head><title>Kettle</title><script>var x="` + strings.Repeat("a", script) +
		`";</script><link rel="canonical" href="https://shop.example/kettle"></head><body><h1>Kettle</h1></body></html>`
}

// saveLocal writes page to path, inspects it with a 3,000-byte limit and
// saves the report in h.
func saveLocal(t *testing.T, h *history.DB, path, page string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	p, _ := fetch.Lookup("googlebot-smartphone")
	r, err := inspect.Page(context.Background(), &fetch.Fetcher{}, path, p,
		inspect.Options{Fetch: fetch.Options{LimitOverride: 3000}, NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Save(context.Background(), r); err != nil {
		t.Fatal(err)
	}
}

func TestAreaListsComparesAndOpens(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	h, err := history.Open(context.Background(), filepath.Join(dir, "history.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	page := filepath.Join(dir, "kettle.html")
	saveLocal(t, h, page, kettle(100))
	saveLocal(t, h, page, kettle(5000))

	b := &job.Bridge{}
	var viewed *inspect.Report
	view := func(r *inspect.Report) func() { return func() { viewed = r } }
	a := New(context.Background(), b, test.NewTempWindow(t, nil), func(context.Context) (*history.DB, error) { return h, nil }, view)
	done := make(chan struct{}, 4)
	a.onLoaded = func() { done <- struct{}{} }
	wait := func(what string) {
		t.Helper()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("timed out waiting until %s", what)
		}
	}
	b.Sync(func() { a.Show(page) })
	wait("the inspections were listed")
	b.Sync(func() {
		if n := len(a.Items()); n != 2 {
			t.Fatalf("%d inspections listed, want 2", n)
		}
		if got := cell(a.Items()[0], 4); !strings.HasSuffix(got, " lost") {
			t.Errorf("the grown page's critical elements read %q, want some lost", got)
		}
		if d := a.DiffText(); !strings.Contains(d, "the canonical link") {
			t.Errorf("the diff of the last two does not name the canonical link:\n%s", d)
		}
		a.older.SetSelectedIndex(0)
		if d := a.DiffText(); d != "Pick two different inspections to compare." {
			t.Errorf("one inspection compared with itself: %q", d)
		}
		a.table.Select(widget.TableCellID{Row: 1})
		a.openSelected()
	})
	wait("the old report was opened")
	b.Sync(func() {
		if txt := a.ReportText(); !strings.Contains(txt, page) || !strings.Contains(txt, "canonical") {
			t.Errorf("the opened report's text lacks the page or its canonical link:\n%.600s", txt)
		}
		a.ShowInTabs()
	})
	wait("the old report was shown in the tabs")
	b.Sync(func() {
		if viewed == nil || viewed.Fetch == nil || viewed.Fetch.BodyBytes != a.Items()[1].BodyBytes {
			t.Errorf("the report handed to the tabs is not the older inspection's: %+v", viewed)
		}
	})
}
