package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/prefs"
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
