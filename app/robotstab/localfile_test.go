package robotstab

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// localNewsData is the Robots tab's data for the saved BBC News head
// inspected as a local file, the way the window inspects a path a user
// types: no robots.txt is consulted for a file.
func localNewsData(t *testing.T) Data {
	t.Helper()
	path, err := filepath.Abs("../testdata/pages/bbc-news-head.html")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatalf("no default profile %q", fetch.DefaultProfileID)
	}
	rep, err := inspect.Page(t.Context(), &fetch.Fetcher{}, path, p, inspect.Options{FetchBlocked: true})
	if err != nil {
		t.Fatal(err)
	}
	return DataOf(rep, p)
}

func TestLocalFileRobotsNotChecked(t *testing.T) {
	area, b, _, _ := newRobotsTestArea(t)
	b.Sync(func() { area.Show(localNewsData(t)) })
	g := area.grid
	if g == nil || len(g.urls) == 0 || len(g.agents) == 0 {
		t.Fatalf("robots grid = %+v, want the file's URL and the profile's agents", g)
	}
	l := widget.NewLabel("")
	for col := 1; col <= len(g.agents); col++ {
		b.Sync(func() { area.updateCell(widget.TableCellID{Row: 0, Col: col}, l) })
		if l.Text != notCheckedWord() || l.Importance != widget.MediumImportance {
			t.Errorf("%s cell = %q (importance %v), want %q in a neutral colour: no robots.txt was consulted",
				g.agents[col-1].label, l.Text, l.Importance, notCheckedWord())
		}
	}
	if got := whyText(g.urls[0], g.agents[0], g.cells[0][0]); strings.Contains(got, "allowed") {
		t.Errorf("why = %q, want no verdict", got)
	}
	// Rules typed in the editor are tested as usual.
	typed := evalRobots([]byte("User-agent: *\nDisallow: /\n"), nil, false, g.urls, g.agents)
	if c := typed.cells[0][0]; c.unchecked || c.v.Allowed {
		t.Errorf("typed Disallow: / gives unchecked %v allowed %v, want a disallowed verdict", c.unchecked, c.v.Allowed)
	}
}
