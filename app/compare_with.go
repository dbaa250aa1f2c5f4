package app

import "strings"

// onCompareWith asks which profiles to compare the chosen one with, then
// runs the comparison in the Compare tab.
func (u *UI) onCompareWith() {
	target := strings.TrimSpace(u.top.url.Text)
	if target == "" {
		u.top.setError(errEmptyURL.Error())
		u.win.Canvas().Focus(u.top.url)
		return
	}
	u.compare.AskAndStart(u.win, target, u.profiles.selected(), u.profiles.list, u.profiles.names, u.top.setError,
		func() { u.tabs.Select(u.tab.compare) })
}
