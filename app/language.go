package app

import (
	"os"

	"fyne.io/fyne/v2"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// useLanguage makes the window's language the one in use: the one --lang
// gave, else the one chosen in the Language menu, else the system's
// (LC_ALL, LC_MESSAGES, LANG), else English.
func useLanguage(p prefs.Store, given string) {
	for _, code := range []string{given, p.Language()} {
		if code == "" {
			continue
		}
		if l, err := i18n.Parse(code); err == nil {
			i18n.Use(l)
			return
		}
	}
	i18n.Use(i18n.FromEnv(os.Getenv))
}

// byteWords are the byte widgets' words: the catalog's byteview messages
// and numbers in the language in use when they are drawn.
var byteWords = byteview.Words{
	Say:     func(id string, args ...any) string { return i18n.T("byteview."+id, args...) },
	Int:     func(n int64) string { return i18n.Current().Int(n) },
	Percent: func(p string) string { return i18n.Current().Percent(p) },
}

// languageMenu lists the languages Cutoff speaks, each in its own words,
// the one in use ticked.
func (u *UI) languageMenu() *fyne.Menu {
	items := make([]*fyne.MenuItem, len(i18n.Codes))
	for i, code := range i18n.Codes {
		items[i] = fyne.NewMenuItem(i18n.Get(code).Name(), func() { u.onLanguage(code) })
		items[i].Checked = code == i18n.Current().Code()
	}
	return fyne.NewMenu(i18n.T("app.menu-language"), items...)
}

// onLanguage keeps code as the window's language and speaks it from now
// on: the sentences of every inspection, export and run started
// afterwards; the window's own labels, and Fyne's built-in words (its
// dialogs' buttons), after a restart.
func (u *UI) onLanguage(code string) {
	if code == i18n.Current().Code() {
		return
	}
	u.prefs.SetLanguage(code)
	i18n.Use(i18n.Get(code))
	u.win.SetMainMenu(u.mainMenu())
	u.top.phase.SetText(i18n.T("app.language-chosen", "Language", i18n.Current().Name()))
}
