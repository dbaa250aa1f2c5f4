package app

import (
	"context"
	"os"

	"fyne.io/fyne/v2"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/app/renderedtab"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// useLanguage makes the window's language the one in use: the one --lang
// gave, else the one chosen in the Language menu, else the system's
// (LC_ALL, LC_MESSAGES, LANG; without them, the desktop's, as on Windows
// and macOS), else English.
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
	i18n.Use(i18n.FromSystem(os.Getenv))
}

// byteWords are the byte widgets' words: the catalog's byteview messages
// and numbers in the language in use when they are drawn.
var byteWords = byteview.Words{
	Say:     func(id string, args ...any) string { return i18n.T("byteview."+id, args...) },
	Int:     func(n int64) string { return i18n.Current().Int(n) },
	Percent: func(p string) string { return i18n.Current().Percent(p) },
	Decimal: func(v float64, prec int) string { return i18n.Current().Decimal(v, prec) },
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

// onLanguage keeps code as the window's language and speaks it at once:
// the window is built again in it (menus, top bar, tabs), keeping the URL
// typed, the profile chosen, the report shown and the tab selected, and
// every inspection, export and run started afterwards speaks it too. An
// inspection or render still running is cancelled first, and the status
// line says so. Fyne's own words (the buttons of the dialogs it draws)
// follow only after a restart.
func (u *UI) onLanguage(code string) {
	if code == i18n.Current().Code() {
		return
	}
	cancelled := u.running
	if cancelled {
		u.onCancel()
	}
	u.prefs.SetLanguage(code)
	i18n.Use(i18n.Get(code))
	said := i18n.T("app.language-chosen", "Language", i18n.Current().Name())
	if cancelled {
		said = i18n.Then(i18n.T("app.language-job-cancelled"), said)
	}
	u.rebuild(said)
}

// rebuild makes the window's content again in the language in use and
// shows status on the status line once the report shown, if any, is
// shown again, retold in that language (its findings, advice and reasons
// made again from the same bytes and results, off the UI thread). The
// old tabs' jobs are stopped; the history file, the demo site and the
// profiles stay as they are.
func (u *UI) rebuild(status string) {
	url, tab := u.top.url.Text, u.tabs.SelectedIndex()
	u.stopRender("")
	u.closeTabs()
	u.buildContent()
	u.win.SetMainMenu(u.mainMenu())
	u.top.url.SetText(url)
	if u.demo != nil {
		u.site.SetDemo(u.demo.URL)
	}
	if u.hist.kept() {
		u.watch.Start()
	}
	reshow := func() {
		u.tabs.SelectIndex(tab)
		u.top.phase.SetText(status)
		if u.hooks.onRebuilt != nil {
			u.hooks.onRebuilt()
		}
	}
	rep := u.report
	if rep == nil {
		reshow()
		return
	}
	profilesPath := u.opts.ProfilesPath
	u.runner.Start(func(context.Context, func(inspect.Progress)) func() {
		rep := rep.Retold()
		p, err := profileByID(profilesPath, rep.Profile.ID)
		if err != nil {
			p = fetch.Profile{ID: rep.Profile.ID, Name: rep.Profile.Name} // a profile deleted since
		}
		v := prepareViews(rep, p)
		var rendered renderedtab.Data
		if rep.Render != nil {
			rendered = renderedtab.DataOf(rep.Render)
		}
		return func() {
			u.showReport(rep, v)
			if rep.Render != nil {
				u.rendered.Show(rendered)
			}
			reshow()
		}
	}, nil, nil)
}
