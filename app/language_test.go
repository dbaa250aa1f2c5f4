package app

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// menuItem is the item labelled label in the window's menu titled menu.
func (tu *testUI) menuItem(t *testing.T, menu, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range tu.mainMenu().Items {
		if m.Label != menu {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no %q in the %q menu", label, menu)
	return nil
}

func TestLanguageMenuSwitchesAndIsRemembered(t *testing.T) {
	defer i18n.Use(i18n.Current())
	tu := newTestUI(t, Options{})
	if !tu.menuItem(t, "Language", "English").Checked {
		t.Error("English, the language in use, is not ticked")
	}
	tu.act(func() { tu.menuItem(t, "Language", "Français").Action() })
	tu.act(func() {
		if got := tu.prefs.Language(); got != "fr" {
			t.Errorf("the preference kept %q, want fr", got)
		}
		if i18n.Current().Code() != "fr" || prose.Thousands(2000000) != "2\u202f000\u202f000" {
			t.Errorf("in use: %s, 2000000 written %q", i18n.Current().Code(), prose.Thousands(2000000))
		}
		if phase := tu.top.phase.Text; !strings.Contains(phase, "Français") || !strings.Contains(phase, "redémarrage") {
			t.Errorf("status line = %q, want the choice said in French", phase)
		}
		if !tu.menuItem(t, "Langue", "Français").Checked {
			t.Error("the menu, now French, does not tick Français")
		}
	})
}

func TestUseLanguageOrder(t *testing.T) {
	defer i18n.Use(i18n.Current())
	a := test.NewTempApp(t)
	p := prefs.New(a.Preferences())
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "ja_JP.UTF-8")
	useLanguage(p, "")
	if got := i18n.Current().Code(); got != "ja" {
		t.Errorf("with nothing chosen, the system's LANG gives %s, want ja", got)
	}
	p.SetLanguage("tr")
	useLanguage(p, "")
	if got := i18n.Current().Code(); got != "tr" {
		t.Errorf("the Language menu's choice gives %s, want tr", got)
	}
	useLanguage(p, "it")
	if got := i18n.Current().Code(); got != "it" {
		t.Errorf("--lang it gives %s, want it", got)
	}
}

// cutPage serves a page of about 30 KB, cut by a profile of a smaller
// limit, with a robots.txt that allows it.
func cutPage(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("User-agent: *\nAllow: /\n"))
	})
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html><html><head><title>Langues</title></head><body><h1>Bonjour</h1><p>" +
			strings.Repeat("mot ", 7000) + "</p><a href=/a>a</a></body></html>"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/page"
}

// customLimit saves the Custom profile with an HTML limit of limit bytes
// and selects it.
func (tu *testUI) customLimit(t *testing.T, limit int64) {
	t.Helper()
	tu.act(func() {
		if err := tu.profiles.saveCustom("", limit); err != nil {
			t.Fatal(err)
		}
	})
}

// chooseLanguage picks the language named name in the Language menu, now
// titled menu, and waits until the window is built again.
func (tu *testUI) chooseLanguage(t *testing.T, menu, name string) {
	t.Helper()
	rebuilt := make(chan struct{}, 1)
	tu.act(func() {
		tu.hooks.onRebuilt = func() { rebuilt <- struct{}{} }
		tu.menuItem(t, menu, name).Action()
	})
	select {
	case <-rebuilt:
	case <-time.After(30 * time.Second):
		t.Fatalf("the window was not built again in %s", name)
	}
}

// labels are what a window shows that its language decides: the menus'
// titles, the tabs' titles, the Inspect button, the Headers tab's first
// heading and the Overview's summary.
func (tu *testUI) labels() (menus, tabs []string, inspect, summary string) {
	for _, m := range tu.win.MainMenu().Items {
		menus = append(menus, m.Label)
	}
	for _, it := range tu.tabs.Items {
		tabs = append(tabs, it.Text)
	}
	return menus, tabs, tu.top.inspect.Text, tu.overview.summary.Text
}

// TestLanguageSwitchRebuildsTheWindow inspects a real page, types another
// URL, picks the Custom profile and the Headers tab, then switches to
// French and back: the labels, menus and tab titles follow at once, the
// report is shown again retold (its findings in French, its numbers
// unchanged and written in French), what the user had stays, and no
// goroutine is left behind.
func TestLanguageSwitchRebuildsTheWindow(t *testing.T) {
	defer i18n.Use(i18n.Current())
	page := cutPage(t)
	tu := newTestUI(t, Options{})
	tu.customLimit(t, 20_000)
	tu.typeURLAndEnter(page)
	tu.waitEnd(t, 30*time.Second)
	var rep *inspect.Report
	tu.act(func() {
		rep = tu.report
		tu.top.url.SetText("https://example.com/next")
		tu.tabs.Select(tu.tab.headers)
	})
	if rep == nil || rep.Fetch == nil || !rep.Fetch.Truncated {
		t.Fatalf("the page was not inspected and cut: %+v", tu.top.banner.Text)
	}
	time.Sleep(200 * time.Millisecond) // the history and render jobs of the inspection settle
	before := runtime.NumGoroutine()

	tests := []struct {
		menu, name    string
		menus, tabs   []string
		inspect, says string
	}{
		{"Language", "Français", []string{"Fichier", "Inspecter", "Affichage", "Langue"},
			[]string{"Aperçu", "Source", "Impact", "Ressources"}, "Inspecter", "20\u202f000 octets"},
		{"Langue", "English", []string{"File", "Inspect", "View", "Language"},
			[]string{"Overview", "Source", "Impact", "Resources"}, "Inspect", "20,000 bytes"},
		{"Language", "Italiano", []string{"File", "Ispeziona", "Visualizza", "Lingua"},
			[]string{"Panoramica", "Sorgente", "Impatto", "Risorse"}, "Ispeziona", "20.000 byte"},
		{"Lingua", "English", []string{"File", "Inspect", "View", "Language"},
			[]string{"Overview", "Source", "Impact", "Resources"}, "Inspect", "20,000 bytes"},
	}
	for _, tt := range tests {
		tu.chooseLanguage(t, tt.menu, tt.name)
		tu.act(func() {
			menus, tabs, inspect, summary := tu.labels()
			if !slices.Equal(menus, tt.menus) || !slices.Equal(tabs[:4], tt.tabs) || inspect != tt.inspect {
				t.Errorf("in %s: menus %q, tabs %q, Inspect %q; want %q, %q…, %q", tt.name, menus, tabs, inspect, tt.menus, tt.tabs, tt.inspect)
			}
			if !strings.Contains(summary, tt.says) {
				t.Errorf("in %s the Overview's summary is %q, want the limit written %q", tt.name, summary, tt.says)
			}
			shown := tu.report
			if shown == nil || shown.Fetch.BodyBytes != rep.Fetch.BodyBytes || *shown.Fetch.CutoffOffset != *rep.Fetch.CutoffOffset ||
				tu.top.url.Text != "https://example.com/next" || tu.tabs.Selected() != tu.tab.headers ||
				tu.profiles.selected().ID != customID || tu.top.profile.Selected != tu.profiles.names[tu.profiles.current] {
				t.Errorf("in %s the window lost what the user had: report %v, URL %q, tab %q, profile %q",
					tt.name, shown != nil, tu.top.url.Text, tu.tabs.Selected().Text, tu.top.profile.Selected)
				return
			}
			if len(shown.Findings) != len(rep.Findings) || len(shown.Findings) == 0 {
				t.Fatalf("in %s %d findings shown, %d made", tt.name, len(shown.Findings), len(rep.Findings))
			}
			for i, f := range shown.Findings {
				english := tt.inspect == "Inspect"
				if f.Code != rep.Findings[i].Code || (f.Message == rep.Findings[i].Message) != english {
					t.Errorf("in %s finding %d is %s %q; made in English as %s %q", tt.name, i, f.Code, f.Message,
						rep.Findings[i].Code, rep.Findings[i].Message)
				}
			}
			if !strings.Contains(tu.top.phase.Text, i18n.Get(i18n.Current().Code()).Name()) {
				t.Errorf("in %s the status line says %q", tt.name, tu.top.phase.Text)
			}
		})
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before+2 {
		t.Errorf("%d goroutines after four switches, %d before", after, before)
	}
}

// TestLanguageSwitchCancelsARunningInspection: switching while a page is
// still downloading cancels it first and says so in the new language.
func TestLanguageSwitchCancelsARunningInspection(t *testing.T) {
	defer i18n.Use(i18n.Current())
	srv, reached := hangingSite(t)
	tu := newTestUI(t, Options{})
	tu.typeURLAndEnter(srv.URL + "/hang")
	select {
	case <-reached:
	case <-time.After(30 * time.Second):
		t.Fatal("the inspection never reached the page")
	}
	tu.chooseLanguage(t, "Language", "Français")
	tu.act(func() {
		if tu.running || tu.progressShown() {
			t.Error("the inspection still runs after the switch")
		}
		if got := tu.top.phase.Text; !strings.HasPrefix(got, "L’inspection en cours a été annulée") {
			t.Errorf("status line = %q, want the cancellation said in French first", got)
		}
	})
}
