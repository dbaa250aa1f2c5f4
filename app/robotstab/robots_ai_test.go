package robotstab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// TestRobotsAreaAICrawlers clicks "AI crawlers" on a publisher's robots.txt
// and reads the new columns: one per AI token, control tokens marked.
func TestRobotsAreaAICrawlers(t *testing.T) {
	a := test.NewTempApp(t)
	b := &job.Bridge{}
	area := New(b, prefs.New(a.Preferences()))
	evaluated := make(chan struct{}, 8)
	area.onEvaluated = func() { evaluated <- struct{}{} }
	test.NewTempWindow(t, area.Content())
	t.Cleanup(area.Close)
	body, err := os.ReadFile(filepath.Join("..", "..", "inspect", "robots", "testdata", "ai", "news-publisher.txt"))
	if err != nil {
		t.Fatal(err)
	}
	live := robots.FromFile("http://news.example/robots.txt", body)
	d := Data{host: "http://news.example", outcome: live, profileName: "Googlebot",
		chain: []string{"googlebot"}, URLs: []string{"http://news.example/2026/12/story.html"}}
	d.live = liveRobotsOf(live).text
	d.grid = evalRobots([]byte(d.live), live, true, d.URLs, robotsAgents(d.profileName, d.chain, false, nil))
	b.Sync(func() { area.Show(d) })
	<-evaluated
	b.Sync(area.onAddAI)
	select {
	case <-evaluated:
	case <-time.After(5 * time.Second):
		t.Fatal("the grid was not evaluated after AI crawlers")
	}
	b.Sync(func() {
		cols := map[string]int{}
		for i, ag := range area.grid.agents {
			cols[ag.label] = i
		}
		if len(area.grid.agents) != 2+16 {
			t.Fatalf("%d columns, want the chain, googlebot and 16 AI tokens", len(area.grid.agents))
		}
		row := area.grid.cells[0]
		if row[cols["gptbot"]].v.Allowed || !row[cols["claudebot"]].v.Allowed {
			t.Errorf("gptbot allowed=%v claudebot allowed=%v; want blocked and allowed",
				row[cols["gptbot"]].v.Allowed, row[cols["claudebot"]].v.Allowed)
		}
		l := widget.NewLabel("")
		area.updateHeader(widget.TableCellID{Row: -1, Col: cols["google-extended"] + 1}, l)
		if l.Text != "google-extended\n(control)" {
			t.Errorf("header = %q, want the control mark", l.Text)
		}
		why := whyText(d.URLs[0], area.grid.agents[cols["applebot-extended"]], row[cols["applebot-extended"]])
		if !strings.Contains(why, "fetches nothing") {
			t.Errorf("why-text of a control token lacks the note:\n%s", why)
		}
	})
}
