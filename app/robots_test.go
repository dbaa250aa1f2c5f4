package app

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect/robots"
)

const liveRobots = "User-agent: googlebot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n"

func TestRobotsAgents(t *testing.T) {
	got := robotsAgents("Googlebot Smartphone", []string{"googlebot"}, false, []string{" Bingbot ", "googlebot", ""})
	var labels []string
	for _, a := range got {
		labels = append(labels, a.label)
	}
	if want := []string{"Googlebot Smartphone", "googlebot", "bingbot"}; !slices.Equal(labels, want) {
		t.Errorf("columns = %q, want %q", labels, want)
	}
	if !got[0].chain || got[1].chain {
		t.Error("only the first column evaluates the profile's chain")
	}
}

func TestSplitURLs(t *testing.T) {
	got := splitURLs("http://a/1\n\n  http://a/2 \r\nhttp://a/1\n")
	if want := []string{"http://a/1", "http://a/2"}; !slices.Equal(got, want) {
		t.Errorf("splitURLs = %q, want %q", got, want)
	}
}

func TestEvalRobots(t *testing.T) {
	live := robots.FromFile("robots.txt", []byte(liveRobots))
	agents := robotsAgents("Googlebot", []string{"googlebot"}, false, []string{"bingbot"})
	tests := []struct {
		name      string
		edited    string
		unchanged bool
		url       string
		col       int // 0: the profile's chain, 1: googlebot, 2: bingbot
		allowed   bool
		line      int
		differs   bool
	}{
		{"live file, googlebot group", liveRobots, true, "http://h/private/x", 0, false, 2, false},
		{"live file, star group for bingbot", liveRobots, true, "http://h/tmp/a", 2, false, 5, false},
		{"live file, no rule matches", liveRobots, true, "http://h/ok", 1, true, 0, false},
		{"edit lifts the block", "User-agent: googlebot\nAllow: /\n", false, "http://h/private/x", 0, true, 2, true},
		{"edit keeps the verdict and the line", liveRobots + "# note\n", false, "http://h/private/x", 0, false, 2, false},
		{"edit moves the deciding line", "\n" + liveRobots, false, "http://h/private/x", 1, false, 3, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := evalRobots([]byte(tt.edited), live, tt.unchanged, []string{tt.url}, agents)
			c := g.cells[0][tt.col]
			if got, want := c.v.Allowed, tt.allowed; got != want {
				t.Errorf("allowed = %v, want %v (%s)", got, want, c.v.Reason)
			}
			if got, want := c.v.Line, tt.line; got != want {
				t.Errorf("line = %d, want %d", got, want)
			}
			if got, want := c.differs, tt.differs; got != want {
				t.Errorf("differs = %v, want %v", got, want)
			}
		})
	}
}

func TestEvalRobotsPolicy(t *testing.T) {
	// A robots.txt that answered 503 disallows everything: with the text
	// unchanged (empty), the grid must say so rather than "allowed".
	live := &robots.Outcome{RobotsURL: "http://h/robots.txt", Policy: robots.PolicyDisallowAll,
		Reason: "robots.txt answered 503: disallow all."}
	agents := robotsAgents("Googlebot", []string{"googlebot"}, false, nil)
	g := evalRobots(nil, live, true, []string{"http://h/page"}, agents)
	if g.cells[0][0].v.Allowed {
		t.Error("a disallow-all outcome allows the page")
	}
	g = evalRobots([]byte("User-agent: *\nAllow: /\n"), live, false, []string{"http://h/page"}, agents)
	if c := g.cells[0][0]; !c.v.Allowed || !c.differs {
		t.Errorf("an edited allow-all file: allowed %v, differs %v; want true, true", c.v.Allowed, c.differs)
	}
}

func TestCellAndWhyText(t *testing.T) {
	live := robots.FromFile("robots.txt", []byte(liveRobots))
	agents := robotsAgents("Googlebot", []string{"googlebot"}, false, nil)
	g := evalRobots([]byte("User-agent: googlebot\nAllow: /\n"), live, false, []string{"http://h/private/x"}, agents)
	c := g.cells[0][0]
	if got := cellText(c); !strings.HasPrefix(got, "allowed · line 2") || !strings.Contains(got, "≠ live") {
		t.Errorf("cellText = %q, want allowed · line 2 … ≠ live", got)
	}
	why := whyText("http://h/private/x", agents[0], c)
	for _, want := range []string{"allowed", "Allow: /", "The live file says disallowed (line 2)"} {
		if !strings.Contains(why, want) {
			t.Errorf("whyText lacks %q:\n%s", want, why)
		}
	}
}

func FuzzEvalRobots(f *testing.F) {
	f.Add(liveRobots, "http://h/private/x")
	f.Add("User-agent: *\nDisallow: /*$\nAllow: /a/index.html", "http://h/a/")
	f.Fuzz(func(t *testing.T, text, url string) {
		live := robots.FromFile("robots.txt", []byte(liveRobots))
		agents := robotsAgents("p", []string{"googlebot"}, false, []string{"x"})
		g := evalRobots([]byte(text), live, false, []string{url}, agents)
		if len(g.cells) != 1 || len(g.cells[0]) != len(agents) {
			t.Fatalf("grid is %d×%d", len(g.cells), len(g.cells[0]))
		}
		_ = whyText(url, agents[0], g.cells[0][0])
	})
}

// robotsTestData is what the Robots tab gets for a page on http://h.
func robotsTestData() robotsData {
	live := robots.FromFile("http://h/robots.txt", []byte(liveRobots))
	d := robotsData{
		host: "http://h", outcome: live, profileName: "Googlebot", chain: []string{"googlebot"},
		urls: []string{"http://h/private/x", "http://h/ok"},
	}
	d.live = liveText(live)
	d.grid = evalRobots([]byte(d.live), live, true, d.urls, robotsAgents(d.profileName, d.chain, false, nil))
	return d
}

func TestRobotsAreaLiveEditDraft(t *testing.T) {
	a := test.NewTempApp(t)
	b := &bridge{}
	s := prefs{a.Preferences()}
	area := newRobotsArea(b, s)
	evaluated := make(chan struct{}, 8)
	area.onEvaluated = func() { evaluated <- struct{}{} }
	test.NewTempWindow(t, area.content())
	t.Cleanup(area.close)
	wait := func() {
		t.Helper()
		select {
		case <-evaluated:
		case <-time.After(5 * time.Second):
			t.Fatal("the grid was not evaluated again")
		}
	}

	b.sync(func() { area.show(robotsTestData()) })
	wait() // show applies the live grid at once
	if got := cellText(area.grid.cells[0][0]); !strings.HasPrefix(got, "disallowed · line 2") {
		t.Fatalf("live cell = %q", got)
	}
	b.sync(func() { area.editor.SetText("User-agent: googlebot\nAllow: /\n") })
	wait()
	b.sync(func() {
		if c := area.grid.cells[0][0]; !c.v.Allowed || !c.differs {
			t.Errorf("edited cell: allowed %v, differs %v; want true, true", c.v.Allowed, c.differs)
		}
		if text, ok := s.draft("http://h"); !ok || !strings.Contains(text, "Allow: /") {
			t.Errorf("draft = %q, %v; want the edited text saved", text, ok)
		}
		if area.revert.Disabled() {
			t.Error("Revert is disabled while a draft differs from the live file")
		}
		area.onSelect(widget.TableCellID{Row: 0, Col: 1})
		if !strings.Contains(area.gutter.Text, "▶ 2") {
			t.Errorf("gutter does not mark the deciding line 2:\n%s", area.gutter.Text)
		}
		if !strings.Contains(area.copyText(), "The live file says disallowed") {
			t.Errorf("copyText = %q", area.copyText())
		}
	})

	// A new window restores the draft for the same host.
	again := newRobotsArea(b, s)
	again.onEvaluated = func() { evaluated <- struct{}{} }
	t.Cleanup(again.close)
	b.sync(func() { again.show(robotsTestData()) })
	wait()
	b.sync(func() {
		if !strings.Contains(again.editor.Text, "Allow: /") {
			t.Errorf("restored text = %q, want the draft", again.editor.Text)
		}
		test.Tap(again.revert)
	})
	wait()
	b.sync(func() {
		if _, ok := s.draft("http://h"); ok {
			t.Error("the draft survived Revert to live file")
		}
		if again.editor.Text != liveText(robotsTestData().outcome) {
			t.Errorf("after revert the text is %q", again.editor.Text)
		}
	})
}
