package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect"
)

func TestResourcesSortFilterCopy(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	a := newResourcesArea(w)
	w.SetContent(a.content())
	a.show(resourceRows([]inspect.Resource{
		{URL: "http://h/b.js", Kind: inspect.ResourceScript, DiscoveredBeforeCutoff: true, Fetched: true, Status: 200,
			HeaderBytes: 100, BodyBytes: 5000, ResourceFetch: inspect.ResourceFetch{Requested: true}},
		{URL: "http://h/a.css", Kind: inspect.ResourceStylesheet, DiscoveredBeforeCutoff: true, Fetched: true, Status: 404,
			HeaderBytes: 100, BodyBytes: 10, ResourceFetch: inspect.ResourceFetch{Requested: true}},
		{URL: "http://h/c.png", Kind: inspect.ResourceImage, ExcludedReason: "Images are not fetched by the renderer."},
	}))
	urls := func() string {
		var s []string
		for _, r := range a.rows {
			s = append(s, r.res.URL)
		}
		return strings.Join(s, " ")
	}
	a.sortBy(colBytes)
	if got, want := urls(), "http://h/c.png http://h/a.css http://h/b.js"; got != want {
		t.Errorf("sorted by bytes: %s, want %s", got, want)
	}
	a.sortBy(colBytes)
	if got, want := urls(), "http://h/b.js http://h/a.css http://h/c.png"; got != want {
		t.Errorf("sorted by bytes, descending: %s, want %s", got, want)
	}
	test.Tap(a.problems)
	if got, want := urls(), "http://h/a.css"; got != want {
		t.Errorf("problems only: %s, want %s (the 404)", got, want)
	}
	a.table.Select(widget.TableCellID{Row: 0, Col: colURL})
	if got := a.copyText(); !strings.HasPrefix(got, "http://h/a.css\tstylesheet\t404\t110\t") {
		t.Errorf("copyText = %q", got)
	}
	if a.open.Disabled() {
		t.Error("Details… is disabled with a row selected")
	}
}
