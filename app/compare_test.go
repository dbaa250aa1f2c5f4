package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

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
	b := &bridge{}
	area := newCompareArea(context.Background(), b, defaultCompareEngine)
	done := make(chan struct{}, 2)
	area.onDone = func() { done <- struct{}{} }
	test.NewTempWindow(t, area.content())
	t.Cleanup(area.close)
	list := fetch.Builtins()
	names := pickerNames(list)
	current, _ := fetch.Lookup("googlebot-smartphone")
	subjects := compareSubjects(list, names, current, compareChoice{
		names: []string{"Googlebot Desktop", "Bingbot", "GPTBot"}, userAgent: browserUA})
	if len(subjects) != 5 || subjects[0].Label != "googlebot-smartphone" || subjects[4].Label != "browser" {
		t.Fatalf("subjects = %+v", subjects)
	}
	b.sync(func() { area.start(botRuleSite(t)+"/", subjects) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the comparison did not finish")
	}
	b.sync(func() {
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

// TestCompareAreaCancel drops a comparison cancelled while it runs.
func TestCompareAreaCancel(t *testing.T) {
	test.NewTempApp(t)
	b := &bridge{}
	started := make(chan struct{})
	slow := func(ctx context.Context, target string, s []compare.Subject) (*compare.Result, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	}
	area := newCompareArea(context.Background(), b, slow)
	shown := false
	area.onDone = func() { shown = true }
	p, _ := fetch.Lookup("bingbot")
	b.sync(func() {
		area.start("http://x.example/", []compare.Subject{compare.ProfileSubject(p), compare.ProfileSubject(p)})
	})
	<-started
	b.sync(area.stop)
	area.close()
	if shown || area.status.Text != "Cancelled." || !area.stopBtn.Disabled() {
		t.Errorf("after cancel: shown %v, status %q", shown, area.status.Text)
	}
}

// TestCompareWithNeedsURL: "Compare with…" on an empty URL says so in the
// banner and opens no comparison.
func TestCompareWithNeedsURL(t *testing.T) {
	u := newTestUI(t, Options{})
	u.bridge.sync(func() {
		u.top.url.SetText("")
		test.Tap(u.top.compare)
		if !u.top.banner.Visible() || !strings.Contains(u.top.banner.Text, "Type a URL") {
			t.Errorf("banner = %q (visible %v)", u.top.banner.Text, u.top.banner.Visible())
		}
		if u.tabs.Selected() == u.tab.compare {
			t.Error("the Compare tab opened without a URL")
		}
	})
}
