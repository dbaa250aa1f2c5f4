package comparetab

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/compare"
)

// botRuleSite answers 403 to Bingbot, another page to Googlebot Desktop,
// and keeps GPTBot out in robots.txt.
func botRuleSite(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ua := r.UserAgent()
		switch {
		case r.URL.Path == "/robots.txt":
			w.Write([]byte("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"))
		case strings.Contains(ua, "bingbot"):
			http.Error(w, "Forbidden", http.StatusForbidden)
		case strings.Contains(ua, "Googlebot") && !strings.Contains(ua, "Mobile"):
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><head><title>Desktop</title></head><body><h1>Desktop page</h1></body></html>"))
		default:
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><head><title>Mobile</title></head><body><h1>Mobile</h1></body></html>"))
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestCompareAreaShowsDifferences(t *testing.T) {
	test.NewTempApp(t)
	b := &job.Bridge{}
	area := New(context.Background(), b, DefaultEngine)
	done := make(chan struct{}, 2)
	area.onDone = func() { done <- struct{}{} }
	test.NewTempWindow(t, area.Content())
	t.Cleanup(area.Close)
	list := fetch.Builtins()
	names := make([]string, len(list)) // as the profile picker shows them: built-in names are unique
	for i, p := range list {
		names[i] = p.Name
	}
	current, _ := fetch.Lookup("googlebot-smartphone")
	subjects := compareSubjects(list, names, current, compareChoice{
		names: []string{"Googlebot Desktop", "Bingbot", "GPTBot"}, userAgent: browserUA})
	if len(subjects) != 5 || subjects[0].Label != "googlebot-smartphone" || subjects[4].Label != "browser" {
		t.Fatalf("subjects = %+v", subjects)
	}
	b.Sync(func() { area.start(botRuleSite(t)+"/", subjects) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the comparison did not finish")
	}
	b.Sync(func() {
		status := -1
		for i, r := range area.rows {
			if r.Field == "status" {
				status = i
			}
		}
		if status < 0 {
			t.Fatalf("no status row in %+v", area.rows)
		}
		l := widget.NewLabel("")
		area.updateCell(widget.TableCellID{Row: status, Col: 3}, l) // Bingbot's column
		if l.Text != "≠ 403" || l.Importance != widget.WarningImportance {
			t.Errorf("Bingbot's status cell = %q (importance %v), want a marked 403", l.Text, l.Importance)
		}
		area.updateCell(widget.TableCellID{Row: status, Col: 5}, l) // the browser's
		if l.Text != "200" || l.Importance != widget.MediumImportance {
			t.Errorf("the browser's status cell = %q, want an unmarked 200", l.Text)
		}
		area.updateHeader(widget.TableCellID{Row: -1, Col: 3}, l)
		if l.Text != "Bingbot" {
			t.Errorf("column header = %q", l.Text)
		}
		for _, want := range []string{
			"Bingbot got HTTP 403 where Googlebot Smartphone got 200: a firewall or bot rule treats them differently.",
			`GPTBot is blocked by line 2 "Disallow: /" (group gptbot)`,
			"Googlebot Desktop got",
		} {
			if !strings.Contains(area.diffs.Text, want) {
				t.Errorf("differences lack %q:\n%s", want, area.diffs.Text)
			}
		}
		if !strings.Contains(area.caveat.Text, "cannot prove what Google") {
			t.Errorf("caveat = %q", area.caveat.Text)
		}
	})
}

// TestCompareAreaCancel drops the last result as soon as another
// comparison starts, shows that one runs, and drops it when cancelled.
func TestCompareAreaCancel(t *testing.T) {
	test.NewTempApp(t)
	b := &job.Bridge{}
	started := make(chan struct{})
	slow := func(ctx context.Context, target string, s []compare.Subject) (*compare.Result, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	}
	area := New(context.Background(), b, slow)
	shown := false
	area.onDone = func() { shown = true }
	p, _ := fetch.Lookup("bingbot")
	test.NewTempWindow(t, area.Content())
	b.Sync(func() {
		area.result, area.rows = &compare.Result{URL: "http://old.example/"}, []compare.Row{{Label: "Status"}}
		area.diffs.SetText("• an old difference")
		area.start("http://x.example/", []compare.Subject{compare.ProfileSubject(p), compare.ProfileSubject(p)})
		if area.result != nil || area.rows != nil || area.diffs.Text != "" || !area.busy.Visible() {
			t.Errorf("while comparing: result %v, %d rows, differences %q, busy shown %v", area.result, len(area.rows), area.diffs.Text, area.busy.Visible())
		}
	})
	<-started
	b.Sync(area.Cancel)
	area.Close()
	if shown || area.status.Text != "Cancelled." || !area.stopBtn.Disabled() || area.busy.Visible() {
		t.Errorf("after cancel: shown %v, status %q, busy shown %v", shown, area.status.Text, area.busy.Visible())
	}
}

// runCompareArea compares path on srv as Googlebot Smartphone and a
// browser in area, and waits for the result.
func runCompareArea(t *testing.T, b *job.Bridge, area *Area, done <-chan struct{}, url string) {
	t.Helper()
	p, _ := fetch.Lookup("googlebot-smartphone")
	subjects := []compare.Subject{compare.ProfileSubject(p), compare.AdHoc(browserUA, 1)}
	b.Sync(func() { area.start(url, subjects) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the comparison did not finish")
	}
}

// TestCompareAreaNewResultDrawn shows a long comparison, scrolls to its
// end, then a shorter one: the table must draw the new rows from the top
// (a table kept across results drew the old cells, or none), fit its
// columns to their text, and show a selected cell whole.
func TestCompareAreaNewResultDrawn(t *testing.T) {
	test.NewTempApp(t)
	rich := `<!doctype html><html><head><title>T</title><meta name="description" content="d">` +
		`<link rel="canonical" href="/c"><script type="application/ld+json">{"@type":"Thing"}</script></head>` +
		`<body><main><h1>H</h1><a href="/x">x</a></main></body></html>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/rich" {
			w.Write([]byte(rich))
			return
		}
		w.Write([]byte("<p>small</p>"))
	}))
	t.Cleanup(srv.Close)
	b := &job.Bridge{}
	area := New(context.Background(), b, DefaultEngine)
	done := make(chan struct{}, 2)
	area.onDone = func() { done <- struct{}{} }
	w := test.NewTempWindow(t, area.Content())
	w.Resize(fyne.NewSize(1000, 700))
	t.Cleanup(area.Close)

	runCompareArea(t, b, area, done, srv.URL+"/rich")
	b.Sync(func() { area.table.ScrollToBottom() })
	runCompareArea(t, b, area, done, srv.URL+"/small")
	b.Sync(func() {
		drawn := test.RenderObjectToMarkup(area.table)
		for _, want := range []string{">Status<", ">Body bytes<", ">12<", ">kept whole (no limit: a browser keeps everything)<"} {
			if !strings.Contains(drawn, want) {
				t.Errorf("the second result's table does not draw %q", want)
			}
		}
		for _, gone := range []string{">Meta description<", ">Canonical link<", ">324<"} {
			if strings.Contains(drawn, gone) {
				t.Errorf("the second result's table still draws the first's %q", gone)
			}
		}
		_, cols := area.size()
		for col := range cols {
			width := area.columnWidth(col)
			for _, row := range area.rows {
				text, _ := compareCellText(cellValue(row, col))
				need := fyne.MeasureText(text, theme.Size(theme.SizeNameText), fyne.TextStyle{Bold: col == 0}).Width +
					2*theme.Size(theme.SizeNameInnerPadding) // the label's own
				if need > width && width < compareColumnMax {
					t.Errorf("column %d is %v wide, %q needs %v", col, width, text, need)
				}
			}
		}
		cutoff := slices.IndexFunc(area.rows, func(r compare.Row) bool { return r.Field == "cutoff" })
		area.table.Select(widget.TableCellID{Row: cutoff, Col: 2})
		if want := "Cutoff · Browser: kept whole (no limit: a browser keeps everything)"; area.cell.Text != want {
			t.Errorf("selected cell shown as %q, want %q", area.cell.Text, want)
		}
		if want := "Cutoff · Browser: kept whole (no limit: a browser keeps everything)"; area.CopyText() != want {
			t.Errorf("Ctrl+C copies %q, want %q", area.CopyText(), want)
		}
	})
}

// TestCompareDialogRemembers offers the last choice again, the defaults
// before any.
func TestCompareDialogRemembers(t *testing.T) {
	test.NewTempApp(t)
	list := fetch.Builtins()
	names := make([]string, len(list)) // as the profile picker shows them: built-in names are unique
	for i, p := range list {
		names[i] = p.Name
	}
	current, _ := fetch.Lookup("googlebot-smartphone")
	group, ua := compareDialogFields(current, list, names, nil)
	if len(group.Selected) != len(compareDefaults)-1 || ua.Text != browserUA {
		t.Errorf("first time: ticked %q, User-Agent %q; want the defaults", group.Selected, ua.Text)
	}
	last := &compareChoice{names: []string{"Bingbot"}, userAgent: ""}
	group, ua = compareDialogFields(current, list, names, last)
	if !slices.Equal(group.Selected, []string{"Bingbot"}) || ua.Text != "" || group.Options[0] != "Bingbot" {
		t.Errorf("after a choice: ticked %q (options from %q), User-Agent %q; want Bingbot alone and no User-Agent", group.Selected, group.Options[0], ua.Text)
	}
}

// TestCompareDialogEnterCompares: the dialog opens with its User-Agent
// field focused, and Enter there compares, as the Compare button does.
func TestCompareDialogEnterCompares(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(800, 700))
	list := fetch.Builtins()
	names := make([]string, len(list))
	for i, p := range list {
		names[i] = p.Name
	}
	current, _ := fetch.Lookup("googlebot-smartphone")
	var got *compareChoice
	showCompareDialog(w, current, list, names, &compareChoice{names: []string{"Bingbot"}}, func(c compareChoice) { got = &c })
	focused, ok := w.Canvas().Focused().(*kit.EscEntry)
	if !ok {
		t.Fatalf("the focus is on %T, want the User-Agent field", w.Canvas().Focused())
	}
	test.Type(focused, "Mozilla/5.0 test")
	focused.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got == nil || !slices.Equal(got.names, []string{"Bingbot"}) || got.userAgent != "Mozilla/5.0 test" {
		t.Errorf("Enter gave %+v, want Bingbot and the typed User-Agent", got)
	}
}
