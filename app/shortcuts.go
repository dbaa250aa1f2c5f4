package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Keyboard shortcuts. Ctrl+L, Ctrl+F, Ctrl+G and Ctrl+. are menu shortcuts
// too, so they work while a text field has the focus (the driver offers
// shortcuts to the main menu first). Every other key goes to a focused
// field first: Ctrl+C, Esc, Ctrl+Home and Ctrl+End reach the window only
// when no text field has the focus, so they never move a field's caret
// elsewhere.
var (
	shortcutURL    = &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutFind   = &desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutGoTo   = &desktop.CustomShortcut{KeyName: fyne.KeyG, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutDemo   = &desktop.CustomShortcut{KeyName: fyne.KeyD, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	shortcutCancel = &desktop.CustomShortcut{KeyName: fyne.KeyPeriod, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutOpen   = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutExport = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutTop    = &desktop.CustomShortcut{KeyName: fyne.KeyHome, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutBottom = &desktop.CustomShortcut{KeyName: fyne.KeyEnd, Modifier: fyne.KeyModifierShortcutDefault}
	// shortcutEsc is shown beside the menu's Cancel: the driver never
	// turns a key without a modifier into a shortcut, so Esc itself
	// reaches onKey (or the URL field) and cancels there; Ctrl+., a menu
	// item of its own, is the way that works from any field.
	shortcutEsc = &desktop.CustomShortcut{KeyName: fyne.KeyEscape}
)

func (u *UI) addShortcuts() {
	c := u.win.Canvas()
	on := func(s fyne.Shortcut, f func()) { c.AddShortcut(s, func(fyne.Shortcut) { f() }) }
	on(shortcutURL, u.focusURL)
	on(shortcutFind, u.onFind)
	on(shortcutGoTo, u.onGoTo)
	on(shortcutDemo, u.onDemo)
	on(&fyne.ShortcutCopy{}, u.onCopy)
	on(shortcutTop, func() { u.sourceKey(fyne.KeyHome) })
	on(shortcutBottom, func() { u.sourceKey(fyne.KeyEnd) })
	c.SetOnTypedKey(u.onKey)
	u.win.SetMainMenu(u.mainMenu())
}

func (u *UI) mainMenu() *fyne.MainMenu {
	item := func(label string, s fyne.Shortcut, f func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, f)
		it.Shortcut = s
		return it
	}
	file := fyne.NewMenu(i18n.T("app.menu-file"),
		item(i18n.T("app.menu-demo"), shortcutDemo, u.onDemo),
		item(i18n.T("app.menu-open"), shortcutOpen, u.onOpenFile),
		item(i18n.T("app.menu-export"), shortcutExport, u.onExport),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(i18n.T("app.menu-custom-profile"), u.onEditCustom),
	)
	inspectMenu := fyne.NewMenu(i18n.T("app.menu-inspect"),
		item(i18n.T("app.menu-url-field"), shortcutURL, u.focusURL),
		fyne.NewMenuItem(i18n.T("app.menu-inspect-enter"), u.onInspect),
		item(i18n.T("app.cancel"), shortcutEsc, u.onCancel),
		item(i18n.T("app.menu-cancel-from-field"), shortcutCancel, u.onCancel),
	)
	view := fyne.NewMenu(i18n.T("app.menu-view"),
		item(i18n.T("app.menu-find"), shortcutFind, u.onFind),
		item(i18n.T("app.menu-go-to"), shortcutGoTo, u.onGoTo),
		fyne.NewMenuItem(i18n.T("app.menu-copy"), u.onCopy),
	)
	return fyne.NewMainMenu(file, inspectMenu, view, u.languageMenu())
}

// onKey gets the keys no focused widget took: Esc closes the dialog or
// pop-up on top, or else cancels; Home, End, Page Up and Page Down move
// through the source.
func (u *UI) onKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		if o := u.win.Canvas().Overlays(); o.Top() != nil {
			top := o.Top()
			top.Hide()    // a pop-up's own way, so that it shows again
			o.Remove(top) // a dialog's overlay stays otherwise
			return
		}
		u.onCancel()
		return
	}
	u.sourceKey(ev.Name)
}

// sourceKey moves through the source with a navigation key when the Source
// tab is the one shown.
func (u *UI) sourceKey(k fyne.KeyName) {
	if u.tabs.Selected() == u.tab.source {
		u.source.view.Navigate(k)
	}
}

func (u *UI) focusURL() {
	u.win.Canvas().Focus(u.top.url)
	u.top.url.TypedShortcut(&fyne.ShortcutSelectAll{})
}

// onFind switches to the Source tab and opens its find bar with the last
// search text selected, so typing replaces it and Enter repeats it.
func (u *UI) onFind() {
	u.tabs.Select(u.tab.source)
	u.source.find()
	type textField interface {
		fyne.Shortcutable
		SelectedText() string
	}
	if e, ok := u.win.Canvas().Focused().(textField); ok {
		e.TypedShortcut(&fyne.ShortcutSelectAll{})
	}
}

// onGoTo switches to the Source tab and asks for a byte offset.
func (u *UI) onGoTo() {
	u.tabs.Select(u.tab.source)
	u.source.askOffset()
}

// onCopy copies what is selected in the current tab: a finding, a table
// row (Impact, Resources, Verify, Site), a robots verdict, a compared
// cell, a source row.
func (u *UI) onCopy() {
	copiers := map[*container.TabItem]func() string{
		u.tab.overview:  u.overview.copyText,
		u.tab.source:    u.source.copyText,
		u.tab.impact:    u.impact.CopyText,
		u.tab.resources: u.res.CopyText,
		u.tab.robots:    u.robots.CopyText,
		u.tab.verify:    u.verify.CopyText,
		u.tab.compare:   u.compare.CopyText,
		u.tab.site:      u.site.CopyText,
	}
	copyText, ok := copiers[u.tabs.Selected()]
	if !ok {
		return
	}
	if text := copyText(); text != "" {
		u.app.Clipboard().SetContent(text)
	}
}
