package robotstab

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/prefs"
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
func robotsTestData() Data {
	live := robots.FromFile("http://h/robots.txt", []byte(liveRobots))
	d := Data{
		host: "http://h", outcome: live, profileName: "Googlebot", chain: []string{"googlebot"},
		URLs: []string{"http://h/private/x", "http://h/ok"},
	}
	d.live = liveRobotsOf(live).text
	d.liveSize = int64(len(liveRobots))
	d.grid = evalRobots([]byte(d.live), live, true, d.URLs, robotsAgents(d.profileName, d.chain, false, nil))
	return d
}

// newRobotsTestArea builds the Robots tab in a test window; wait blocks
// until the grid was evaluated once more.
func newRobotsTestArea(t *testing.T) (area *Area, b *job.Bridge, w fyne.Window, wait func()) {
	t.Helper()
	a := test.NewTempApp(t)
	b = &job.Bridge{}
	area = New(b, prefs.New(a.Preferences()))
	evaluated := make(chan struct{}, 8)
	area.onEvaluated = func() { evaluated <- struct{}{} }
	w = test.NewTempWindow(t, area.Content())
	t.Cleanup(area.Close)
	wait = func() {
		t.Helper()
		select {
		case <-evaluated:
		case <-time.After(5 * time.Second):
			t.Fatal("the grid was not evaluated")
		}
	}
	return area, b, w, wait
}

func TestRobotsAreaLiveEditDraft(t *testing.T) {
	a := test.NewTempApp(t)
	b := &job.Bridge{}
	s := prefs.New(a.Preferences())
	area := New(b, s)
	evaluated := make(chan struct{}, 8)
	area.onEvaluated = func() { evaluated <- struct{}{} }
	test.NewTempWindow(t, area.Content())
	t.Cleanup(area.Close)
	wait := func() {
		t.Helper()
		select {
		case <-evaluated:
		case <-time.After(5 * time.Second):
			t.Fatal("the grid was not evaluated again")
		}
	}

	b.Sync(func() { area.Show(robotsTestData()) })
	wait() // show applies the live grid at once
	if got := cellText(area.grid.cells[0][0]); !strings.HasPrefix(got, "disallowed · line 2") {
		t.Fatalf("live cell = %q", got)
	}
	b.Sync(func() { area.editor.SetText("User-agent: googlebot\nAllow: /\n") })
	wait()
	b.Sync(func() {
		if c := area.grid.cells[0][0]; !c.v.Allowed || !c.differs {
			t.Errorf("edited cell: allowed %v, differs %v; want true, true", c.v.Allowed, c.differs)
		}
		if text, ok := s.Draft("http://h"); !ok || !strings.Contains(text, "Allow: /") {
			t.Errorf("draft = %q, %v; want the edited text saved", text, ok)
		}
		if area.revert.Disabled() {
			t.Error("Revert is disabled while a draft differs from the live file")
		}
		area.onSelect(widget.TableCellID{Row: 0, Col: 1})
		if !strings.Contains(area.gutter.Text, "▶ 2") {
			t.Errorf("gutter does not mark the deciding line 2:\n%s", area.gutter.Text)
		}
		if !strings.Contains(area.CopyText(), "The live file says disallowed") {
			t.Errorf("copyText = %q", area.CopyText())
		}
	})

	// A new window restores the draft for the same host.
	again := New(b, s)
	again.onEvaluated = func() { evaluated <- struct{}{} }
	t.Cleanup(again.Close)
	b.Sync(func() { again.Show(robotsTestData()) })
	wait()
	b.Sync(func() {
		if !strings.Contains(again.editor.Text, "Allow: /") {
			t.Errorf("restored text = %q, want the draft", again.editor.Text)
		}
		test.Tap(again.revert)
	})
	wait()
	b.Sync(func() {
		if _, ok := s.Draft("http://h"); ok {
			t.Error("the draft survived Revert to live file")
		}
		if again.editor.Text != liveRobotsOf(robotsTestData().outcome).text {
			t.Errorf("after revert the text is %q", again.editor.Text)
		}
	})
}

func TestRobotsDisplay(t *testing.T) {
	long := strings.Repeat("a", robots.MaxLineBytes+10)
	tests := []struct {
		name    string
		body    string
		want    string
		bom     bool
		invalid int
		cut     int
	}{
		{"plain", "User-agent: *\nDisallow: /a\n", "User-agent: *\nDisallow: /a\n", false, 0, 0},
		{"BOM and CRLF kept", "\xEF\xBB\xBFUser-agent: *\r\nAllow: /\r\n", "\uFEFFUser-agent: *\r\nAllow: /\r\n", true, 0, 0},
		{"invalid bytes become U+FFFD one by one", "Disallow: /caf\xE9\xFF\n", "Disallow: /caf\uFFFD\uFFFD\n", false, 2, 0},
		{"valid U+FFFD is not counted", "# \uFFFD\n", "# \uFFFD\n", false, 0, 0},
		{"long line cut, next line kept", "Disallow: /" + long + "\nAllow: /b", "Disallow: /" + long[:robots.MaxLineBytes-11] + "\nAllow: /b",
			false, 0, 1},
		{"long line ended by CR", long + "\r" + long, long[:robots.MaxLineBytes] + "\r" + long[:robots.MaxLineBytes], false, 0, 2},
		{"a character is never split at the cut", strings.Repeat("a", robots.MaxLineBytes-1) + "é",
			strings.Repeat("a", robots.MaxLineBytes-1), false, 0, 1},
		{"empty", "", "", false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n := robotsDisplay([]byte(tt.body))
			if got != tt.want {
				t.Errorf("robotsDisplay text = %.80q… (%d bytes), want %.80q… (%d bytes)", got, len(got), tt.want, len(tt.want))
			}
			if n.bom != tt.bom || n.invalid != tt.invalid || n.cutLines != tt.cut {
				t.Errorf("notes = %+v, want bom %v, invalid %d, cut %d", n, tt.bom, tt.invalid, tt.cut)
			}
		})
	}
}

func TestDisplayNotesText(t *testing.T) {
	tests := []struct {
		name  string
		notes displayNotes
		want  []string
	}{
		{"none", displayNotes{}, nil},
		{"BOM", displayNotes{bom: true}, []string{"byte order mark", "Google skips"}},
		{"one invalid byte", displayNotes{invalid: 1}, []string{"not valid UTF-8: 1 byte is shown as \uFFFD"}},
		{"many invalid bytes", displayNotes{invalid: 1200}, []string{"1,200 bytes are shown"}},
		{"cut lines", displayNotes{cutLines: 2}, []string{"2 lines are longer than 16,663 bytes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.notes.String()
			if tt.want == nil && got != "" {
				t.Errorf("note = %q, want none", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("note = %q, want it to contain %q", got, w)
				}
			}
		})
	}
}

func FuzzRobotsDisplay(f *testing.F) {
	f.Add([]byte("\xEF\xBB\xBFUser-agent: *\r\nDisallow: /caf\xE9\n"))
	f.Add([]byte(strings.Repeat("x", robots.MaxLineBytes+3) + "\r\n\xF0\x9F"))
	f.Fuzz(func(t *testing.T, body []byte) {
		got, _ := robotsDisplay(body)
		if !utf8.ValidString(got) {
			t.Errorf("robotsDisplay(%q) = %q, not valid UTF-8", body, got)
		}
		if a, b := strings.Count(got, "\n")+strings.Count(got, "\r"), bytes.Count(body, []byte("\n"))+bytes.Count(body, []byte("\r")); a != b {
			t.Errorf("robotsDisplay kept %d line ends of %d", a, b)
		}
	})
}

// TestRobotsAreaShowsLiveBytes loads a served file with a BOM, CRLF line
// ends and a Latin-1 byte: the editor holds them, the note says so, the
// ruler counts the bytes as served, and nothing is saved as a draft until
// the user types.
func TestRobotsAreaShowsLiveBytes(t *testing.T) {
	a := test.NewTempApp(t)
	b := &job.Bridge{}
	s := prefs.New(a.Preferences())
	area := New(b, s)
	evaluated := make(chan struct{}, 8)
	area.onEvaluated = func() { evaluated <- struct{}{} }
	test.NewTempWindow(t, area.Content())
	t.Cleanup(area.Close)
	wait := func() {
		t.Helper()
		select {
		case <-evaluated:
		case <-time.After(5 * time.Second):
			t.Fatal("the grid was not evaluated")
		}
	}
	body := "\xEF\xBB\xBFUser-agent: googlebot\r\nDisallow: /caf\xE9/\r\n"
	live := robots.FromFile("http://127.0.0.1:41234/robots.txt", []byte(body))
	d := Data{host: "http://127.0.0.1:41234", outcome: live, profileName: "Googlebot", chain: []string{"googlebot"},
		URLs: []string{"http://127.0.0.1:41234/caf%E9/x"}}
	lr := liveRobotsOf(live)
	d.live, d.liveSize, d.liveNote = lr.text, lr.size, lr.note
	d.grid = evalRobots([]byte(d.live), live, true, d.URLs, robotsAgents(d.profileName, d.chain, false, nil))

	b.Sync(func() { area.Show(d) })
	wait()
	b.Sync(func() {
		if got, want := area.editor.Text, "\uFEFFUser-agent: googlebot\r\nDisallow: /caf\uFFFD/\r\n"; got != want {
			t.Errorf("editor text = %q, want %q", got, want)
		}
		if !area.note.Visible() || !strings.Contains(area.note.Text, "byte order mark") || !strings.Contains(area.note.Text, "1 byte is shown") {
			t.Errorf("note (visible %v) = %q, want the BOM and the invalid byte named", area.note.Visible(), area.note.Text)
		}
		if got, want := area.ruler.Model().BodyBytes, int64(len(body)); got != want {
			t.Errorf("ruler counts %d bytes, want the %d served", got, want)
		}
		if got, want := area.ruler.Model().ScaleBytes, int64(robots.MaxBytes); got != want {
			t.Errorf("ruler scale = %d, want Google's %d", got, want)
		}
		if c := area.grid.cells[0][0]; c.v.Allowed || c.v.Line != 2 {
			t.Errorf("live verdict for /caf%%E9/x: allowed %v line %d, want disallowed by line 2 (the bytes as served)", c.v.Allowed, c.v.Line)
		}
		area.urls.SetText("http://127.0.0.1:41234/other") // re-evaluates without touching the text
	})
	wait()
	b.Sync(func() {
		if _, ok := s.Draft(d.host); ok {
			t.Error("a draft was saved though the text was never edited")
		}
		test.Type(area.editor, "#")
	})
	wait()
	b.Sync(func() {
		if _, ok := s.Draft(d.host); !ok {
			t.Error("no draft saved after typing in the editor")
		}
	})
}

func TestSplitRobotsLines(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", []string{""}},
		{"LF", "a\nb\n", []string{"a", "b", ""}},
		{"CRLF", "a\r\nb", []string{"a", "b"}},
		{"lone CR", "a\rb\r\r", []string{"a", "b", "", ""}},
		{"mixed", "\uFEFFa\r\n\nb\rc", []string{"\uFEFFa", "", "b", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			starts, ends := splitRobotsLines(tt.text)
			var got []string
			for i := range starts {
				got = append(got, tt.text[starts[i]:ends[i]])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("splitRobotsLines(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestRobotsLinesRowText(t *testing.T) {
	test.NewTempApp(t)
	v := newRobotsLines()
	long := strings.Repeat("é", robotsLineShown) // 2 bytes each: the cut falls on a character start
	v.setText("User-agent: *\n" + strings.Repeat("\n", 10) + "Disallow: /" + long)
	if got, want := v.rowText(0), " 1  User-agent: *"; got != want {
		t.Errorf("row 1 = %q, want %q", got, want)
	}
	got := v.rowText(11)
	if !strings.HasPrefix(got, "12  Disallow: /") || !strings.HasSuffix(got, "…") || !utf8.ValidString(got) {
		t.Errorf("long row = %.40q…%q, want it cut with an ellipsis on a character boundary", got, got[len(got)-8:])
	}
	if n := len(got); n > robotsLineShown+len("12  …") {
		t.Errorf("long row is %d bytes, want at most %d", n, robotsLineShown+len("12  …"))
	}
}

// TestRobotsAreaLongFileReadOnly shows a robots.txt longer than the editor
// takes: it is listed read-only, evaluated all the same, marks the deciding
// line, and goes into the editor on "Edit anyway".
func TestRobotsAreaLongFileReadOnly(t *testing.T) {
	a := test.NewTempApp(t)
	b := &job.Bridge{}
	s := prefs.New(a.Preferences())
	area := New(b, s)
	evaluated := make(chan struct{}, 8)
	area.onEvaluated = func() { evaluated <- struct{}{} }
	test.NewTempWindow(t, area.Content())
	t.Cleanup(area.Close)
	wait := func() {
		t.Helper()
		select {
		case <-evaluated:
		case <-time.After(5 * time.Second):
			t.Fatal("the grid was not evaluated")
		}
	}
	body := "User-agent: *\n" + strings.Repeat("Disallow: /filler/\n", robotsEditMax/19) + "Disallow: /late/\n"
	live := robots.FromFile("http://h/robots.txt", []byte(body))
	d := Data{host: "http://h", outcome: live, profileName: "Googlebot", chain: []string{"googlebot"},
		URLs: []string{"http://h/late/x"}}
	lr := liveRobotsOf(live)
	d.live, d.liveSize, d.liveNote = lr.text, lr.size, lr.note
	d.grid = evalRobots([]byte(d.live), live, true, d.URLs, robotsAgents(d.profileName, d.chain, false, nil))
	lastLine := strings.Count(body, "\n")

	b.Sync(func() { area.Show(d) })
	wait()
	b.Sync(func() {
		if !area.readOnly || area.editor.Text != "" || !area.lines.list.Visible() || area.edit.Visible() {
			t.Fatalf("read-only %v, editor holds %d bytes, lines shown %v, editor shown %v; want the lines only",
				area.readOnly, len(area.editor.Text), area.lines.list.Visible(), area.edit.Visible())
		}
		if !area.long.Visible() || !strings.Contains(area.longMsg.Text, "read-only") {
			t.Errorf("notice (shown %v) = %q", area.long.Visible(), area.longMsg.Text)
		}
		if got, want := area.lines.list.Length(), lastLine+1; got != want {
			t.Errorf("lines listed = %d, want %d", got, want)
		}
		area.onSelect(widget.TableCellID{Row: 0, Col: 1})
		if c := area.grid.cells[0][0]; c.v.Allowed || c.v.Line != lastLine {
			t.Errorf("verdict: allowed %v line %d, want disallowed by line %d", c.v.Allowed, c.v.Line, lastLine)
		}
		if got := area.lines.marked; got != lastLine {
			t.Errorf("the read-only view marks line %d, want the deciding line %d", got, lastLine)
		}
		area.urls.SetText("http://h/filler/y")
	})
	wait()
	b.Sync(func() {
		if c := area.grid.cells[0][0]; c.v.Allowed || c.v.Line != 2 || c.differs {
			t.Errorf("re-evaluated verdict: allowed %v line %d differs %v, want disallowed by line 2, as live",
				c.v.Allowed, c.v.Line, c.differs)
		}
		if _, ok := s.Draft("http://h"); ok {
			t.Error("a draft was saved for a file shown read-only")
		}
		area.onEditAnyway()
		if area.readOnly || area.editor.Text != d.live || !area.edit.Visible() || area.long.Visible() {
			t.Errorf("after Edit anyway: read-only %v, editor holds %d of %d bytes, editor shown %v, notice shown %v",
				area.readOnly, len(area.editor.Text), len(d.live), area.edit.Visible(), area.long.Visible())
		}
	})
}

// TestRobotsEditorFollowsCursor checks that the editor scrolls to its
// caret: the entry grows inside its own scroll, so it cannot do so itself.
func TestRobotsEditorFollowsCursor(t *testing.T) {
	a := test.NewTempApp(t)
	b := &job.Bridge{}
	area := New(b, prefs.New(a.Preferences()))
	w := test.NewTempWindow(t, area.Content())
	w.Resize(fyne.NewSize(900, 500))
	t.Cleanup(area.Close)
	text := strings.Repeat("# comment\n", 200) + "User-agent: *\nDisallow: /x\n"
	tests := []struct {
		name string
		row  int // 0-based line the caret moves to
	}{
		{"far down", 201},
		{"back to the top", 0},
		{"middle", 100},
	}
	b.Sync(func() { area.editor.SetText(text) })
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b.Sync(func() {
				area.editor.CursorRow, area.editor.CursorColumn = tt.row, 0
				area.editor.Refresh()
				caret := area.editor.CursorPosition().Add(area.editor.Position()).Y
				top, bottom := area.edit.Offset.Y, area.edit.Offset.Y+area.edit.Size().Height
				if caret < top || caret > bottom {
					t.Errorf("caret of line %d at y %v, outside the visible %v–%v", tt.row+1, caret, top, bottom)
				}
			})
		})
	}
}

func TestKeepInView(t *testing.T) {
	tests := []struct {
		name                           string
		offset, view, at, size, margin float32
		want                           float32
	}{
		{"already visible", 100, 200, 150, 10, 5, 100},
		{"below", 0, 200, 300, 10, 5, 115},
		{"above", 300, 200, 100, 10, 5, 95},
		{"near the top clamps at zero", 50, 200, 2, 10, 5, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := keepInView(tt.offset, tt.view, tt.at, tt.size, tt.margin); got != tt.want {
				t.Errorf("keepInView(%v, %v, %v, %v, %v) = %v, want %v", tt.offset, tt.view, tt.at, tt.size, tt.margin, got, tt.want)
			}
		})
	}
}

// TestRobotsTokensSurviveInspection: a token added in the grid is still a
// column after the next inspection fills the tab again.
func TestRobotsTokensSurviveInspection(t *testing.T) {
	area, b, _, wait := newRobotsTestArea(t)
	b.Sync(func() { area.Show(robotsTestData()) })
	wait()
	b.Sync(func() {
		area.token.SetText("bingbot")
		area.onAddToken()
	})
	wait()
	b.Sync(func() { area.Show(robotsTestData()) }) // the next inspection
	wait()
	b.Sync(func() {
		var labels []string
		for _, ag := range area.grid.agents {
			labels = append(labels, ag.label)
		}
		if !slices.Contains(labels, "bingbot") {
			t.Errorf("columns after the next inspection = %q, want bingbot still there", labels)
		}
	})
}

// TestRobotsLayoutAt1024 checks the grid shows more than two rows and the
// why-trace wraps between words in a 1024x768 window.
func TestRobotsLayoutAt1024(t *testing.T) {
	area, b, w, wait := newRobotsTestArea(t)
	w.Resize(fyne.NewSize(1024, 560)) // the tab's share of a 1024x768 window
	d := robotsTestData()
	for i := range 8 {
		d.URLs = append(d.URLs, "http://h/page/"+strconv.Itoa(i))
	}
	b.Sync(func() { area.Show(d) })
	wait()
	rowH := widget.NewLabel("").MinSize().Height // a row of the grid, the header row too
	if h := area.table.Size().Height; h < 4*rowH {
		t.Errorf("the grid is %v px high, room for fewer than three rows of %v", h, rowH)
	}
	if area.why.Wrapping != fyne.TextWrapWord {
		t.Errorf("why-trace wrapping = %v, want by words", area.why.Wrapping)
	}
}

// TestRobotsRulerOnlyWhenItShows checks that the size ruler under the
// heading is hidden for a file too small to show on its 500 KiB scale (an
// empty bar) and shown for one that fills a visible part of it.
func TestRobotsRulerOnlyWhenItShows(t *testing.T) {
	tests := []struct {
		name  string
		size  int64
		shown bool
	}{
		{"a typical file of a few hundred bytes", 0, false},
		{"just under a tenth of the limit", rulerShownFrom - 1, false},
		{"300,000 bytes", 300_000, true},
		{"over the limit", robots.MaxBytes + 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			area, b, _, wait := newRobotsTestArea(t)
			if area.ruler.Visible() {
				t.Error("the ruler is shown before any file")
			}
			d := robotsTestData()
			if tt.size > 0 {
				d.liveSize = tt.size
			}
			b.Sync(func() { area.Show(d) })
			wait()
			if got := area.ruler.Visible(); got != tt.shown {
				t.Errorf("ruler shown = %v for %d bytes, want %v (size line %q)", got, area.ruler.Model().BodyBytes,
					tt.shown, area.size.Text)
			}
		})
	}
}
