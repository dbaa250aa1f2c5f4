package app

import "strings"

// targetURL is the URL in the URL field; when there is none, the banner
// asks for one, the field gets the focus, and ok is false.
func (u *UI) targetURL() (target string, ok bool) {
	target = strings.TrimSpace(u.top.url.Text)
	if target == "" {
		u.top.setError(errEmptyURL.Error())
		u.win.Canvas().Focus(u.top.url)
		return "", false
	}
	return target, true
}

// onCompareWith asks which profiles to compare the chosen one with, then
// runs the comparison in the Compare tab.
func (u *UI) onCompareWith() {
	target, ok := u.targetURL()
	if !ok {
		return
	}
	u.compare.AskAndStart(u.win, target, u.profiles.selected(), u.profiles.list, u.profiles.names, u.top.setError,
		func() { u.tabs.Select(u.tab.compare) })
}
