package resourcestab

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/resources"
)

func TestResourcesSortFilterCopy(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	a := New(w)
	w.SetContent(a.Content())
	a.Show(RowsOf([]resources.Resource{
		{URL: "http://h/b.js", Kind: resources.Script, DiscoveredBeforeCutoff: true, Fetched: true,
			Accounting: fetch.Accounting{Status: 200, HeaderBytes: 100, BodyBytes: 5000, CountsHeaders: true},
			Response:   resources.Response{Requested: true, CountedBytes: 5100}},
		{URL: "http://h/a.css", Kind: resources.Stylesheet, DiscoveredBeforeCutoff: true, Fetched: true,
			Accounting: fetch.Accounting{Status: 404, HeaderBytes: 100, BodyBytes: 10, CountsHeaders: true},
			Response:   resources.Response{Requested: true, CountedBytes: 110}},
		{URL: "http://h/c.png", Kind: resources.Image, ExcludedReason: "Images are not fetched by the renderer."},
	}), "")
	urls := func() string {
		var s []string
		for _, r := range a.rows {
			s = append(s, r.Res.URL)
		}
		return strings.Join(s, " ")
	}
	a.sortBy(ColBytes)
	if got, want := urls(), "http://h/c.png http://h/a.css http://h/b.js"; got != want {
		t.Errorf("sorted by bytes: %s, want %s", got, want)
	}
	a.sortBy(ColBytes)
	if got, want := urls(), "http://h/b.js http://h/a.css http://h/c.png"; got != want {
		t.Errorf("sorted by bytes, descending: %s, want %s", got, want)
	}
	test.Tap(a.problems)
	if got, want := urls(), "http://h/a.css"; got != want {
		t.Errorf("problems only: %s, want %s (the 404)", got, want)
	}
	a.table.Select(widget.TableCellID{Row: 0, Col: ColURL})
	if got := a.CopyText(); !strings.HasPrefix(got, "http://h/a.css\tstylesheet\t404\t110\t") {
		t.Errorf("copyText = %q", got)
	}
	if a.open.Disabled() {
		t.Error("Details… is disabled with a row selected")
	}
}

// cellAt finds the table's cell object showing id.
func cellAt(t *testing.T, a *Area, id widget.TableCellID) *resourceCell {
	t.Helper()
	var found *resourceCell
	walkObjects(a.table, func(o fyne.CanvasObject) {
		if c, ok := o.(*resourceCell); ok && c.Visible() && c.id == id {
			found = c
		}
	})
	if found != nil {
		return found
	}
	t.Fatalf("no cell shows row %d, column %d", id.Row, id.Col)
	return nil
}

func TestResourcesDoubleTapOpensDetails(t *testing.T) {
	tests := []struct {
		name string
		gap  time.Duration
		col2 int // column of the second tap
		row2 int // row of the second tap
		open bool
	}{
		{"double tap", 150 * time.Millisecond, ColURL, 0, true},
		{"second tap on the ruler of the same row", 150 * time.Millisecond, ColBar, 0, true},
		{"too slow", 600 * time.Millisecond, ColURL, 0, false},
		{"another row", 150 * time.Millisecond, ColURL, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			w := test.NewTempWindow(t, nil)
			a := New(w)
			w.SetContent(a.Content())
			w.Resize(fyne.NewSize(1400, 500))
			clock := time.Unix(1_000, 0)
			a.now = func() time.Time { return clock }
			a.Show(RowsOf(detailResources()), "")

			test.Tap(cellAt(t, a, widget.TableCellID{Row: 0, Col: ColURL}))
			if a.selected != 0 || a.open.Disabled() {
				t.Fatalf("after one tap: selected %d, Details enabled %v; want row 0 selected", a.selected, !a.open.Disabled())
			}
			if a.dialog != nil {
				t.Fatal("one tap opened the details")
			}
			clock = clock.Add(tt.gap)
			test.Tap(cellAt(t, a, widget.TableCellID{Row: tt.row2, Col: tt.col2}))
			if got := a.dialog != nil; got != tt.open {
				t.Errorf("details open = %v, want %v", got, tt.open)
			}
		})
	}
}

// detailResources are a fetched stylesheet and a script that was never
// requested.
func detailResources() []resources.Resource {
	return []resources.Resource{
		{URL: "http://h/a.css", Kind: resources.Stylesheet, DiscoveredBeforeCutoff: true, Fetched: true,
			Accounting: fetch.Accounting{Status: 200, HeaderBytes: 60, BodyBytes: 5_000, LimitBytes: 2_000_000, CountsHeaders: true},
			Response: resources.Response{Requested: true,
				RawHeader: "HTTP/1.1 200 OK\r\nContent-Type: text/css\r\nX-Bad: caf\xe9\r\n\r\n",
				Head:      []byte(strings.Repeat("a{color:red}", 400)[:resources.HeadBytes])}},
		{URL: "http://h/b.js", Kind: resources.Script, DiscoveredBeforeCutoff: true, Fetched: true,
			Response: resources.Response{Error: "Cancelled before it was fetched."}},
	}
}

func TestResourceDialogPanes(t *testing.T) {
	test.NewTempApp(t)
	rs := detailResources()
	tests := []struct {
		name         string
		r            *resources.Resource
		header, head []string
	}{
		{"fetched", &rs[0],
			[]string{"HTTP/1.1 200 OK\nContent-Type: text/css\nX-Bad: caf\uFFFD"},
			[]string{"first 4 KiB of the decoded body (4,096 of 5,000 bytes)", "a{color:red}a{color:red}"}},
		{"never requested", &rs[1], []string{"No response: Cancelled"}, []string{"No response: Cancelled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []struct {
				pane fyne.CanvasObject
				want []string
			}{{resourceHeaderPane(tt.r), tt.header}, {resourceHeadPane(tt.r), tt.head}} {
				got := paneText(c.pane)
				for _, w := range c.want {
					if !strings.Contains(strings.ToLower(got), strings.ToLower(w)) {
						t.Errorf("pane says %.200q, want it to contain %q", got, w)
					}
				}
			}
		})
	}
}

// walkObjects calls f on o and everything drawn inside it.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkObjects(c, f)
		}
	}
}

// paneText joins the texts of every label in o.
func paneText(o fyne.CanvasObject) string {
	var s []string
	walkObjects(o, func(x fyne.CanvasObject) {
		if l, ok := x.(*widget.Label); ok {
			s = append(s, l.Text)
		}
	})
	return strings.Join(s, "\n")
}

// TestResourcesClickSelectsRow: a click in any cell highlights the whole
// row, not the one cell.
func TestResourcesClickSelectsRow(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	a := New(w)
	w.SetContent(a.Content())
	w.Resize(fyne.NewSize(1400, 500))
	a.Show(RowsOf([]resources.Resource{
		{URL: "http://h/a.js", Kind: resources.Script, DiscoveredBeforeCutoff: true, Fetched: true, Accounting: fetch.Accounting{Status: 200}},
		{URL: "http://h/b.js", Kind: resources.Script, DiscoveredBeforeCutoff: true, Fetched: true, Accounting: fetch.Accounting{Status: 200}},
	}), "")
	test.Tap(cellAt(t, a, widget.TableCellID{Row: 1, Col: ColKind}))
	for col := range Cols {
		if c := cellAt(t, a, widget.TableCellID{Row: 1, Col: col}); c.bg.FillColor == color.Transparent {
			t.Errorf("column %d of the clicked row is not shown selected", col)
		}
		if c := cellAt(t, a, widget.TableCellID{Row: 0, Col: col}); c.bg.FillColor != color.Transparent {
			t.Errorf("column %d of the other row is shown selected", col)
		}
	}
}
