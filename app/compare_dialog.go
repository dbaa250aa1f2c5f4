package app

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/compare"
)

// compareDefaults are the profiles ticked when the dialog opens: the
// questions consultants ask first.
var compareDefaults = []string{"googlebot-smartphone", "googlebot-desktop", "bingbot", "gptbot"}

// browserUA is the desktop Chrome User-Agent offered as the ad-hoc column.
var browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/" +
	fetch.DefaultChromeVersion + " Safari/537.36"

// compareChoice is what the dialog collects: the ticked profiles' names and
// the ad-hoc User-Agent ("" for none).
type compareChoice struct {
	names     []string
	userAgent string
}

// compareSubjects turns a choice into columns: the current profile first
// (the one the others are compared with), the ticked ones in list order,
// then the ad-hoc User-Agent.
func compareSubjects(list []fetch.Profile, names []string, current fetch.Profile, c compareChoice) []compare.Subject {
	subjects := []compare.Subject{compare.ProfileSubject(current)}
	for i, p := range list {
		if p.ID != current.ID && slices.Contains(c.names, names[i]) {
			subjects = append(subjects, compare.ProfileSubject(p))
		}
	}
	if ua := strings.TrimSpace(c.userAgent); ua != "" {
		subjects = append(subjects, compare.AdHoc(ua, 1))
	}
	return subjects
}

// onCompareWith asks which profiles to compare the chosen one with, then
// runs the comparison in the Compare tab.
func (u *UI) onCompareWith() {
	target := strings.TrimSpace(u.top.url.Text)
	if target == "" {
		u.top.setError(errEmptyURL.Error())
		u.win.Canvas().Focus(u.top.url)
		return
	}
	current, list, names := u.profiles.selected(), u.profiles.list, u.profiles.names
	showCompareDialog(u.win, current, list, names, func(c compareChoice) {
		subjects := compareSubjects(list, names, current, c)
		if len(subjects) < 2 {
			u.top.setError("Tick at least one other profile, or give a User-Agent, to compare with")
			return
		}
		u.top.setError("")
		u.tabs.Select(u.tab.compare)
		u.compare.start(target, subjects)
	})
}

// showCompareDialog offers every other profile as a tick box and an ad-hoc
// User-Agent; onOK gets the choice.
func showCompareDialog(win fyne.Window, current fetch.Profile, list []fetch.Profile, names []string, onOK func(compareChoice)) {
	var ticked, rest []string // the ticked ones first, so all show without scrolling
	for i, p := range list {
		switch {
		case p.ID == current.ID:
		case slices.Contains(compareDefaults, p.ID):
			ticked = append(ticked, names[i])
		default:
			rest = append(rest, names[i])
		}
	}
	options := append(slices.Clone(ticked), rest...)
	group := widget.NewCheckGroup(options, nil)
	group.SetSelected(ticked)
	ua := widget.NewEntry()
	ua.SetText(browserUA)
	ua.SetPlaceHolder("a User-Agent to compare too, e.g. a browser's (empty for none)")
	intro := widget.NewLabel("Fetch the URL as " + current.Name + " and, at the same time, as:")
	intro.Wrapping = fyne.TextWrapWord
	form := container.NewBorder(intro, container.NewVBox(widget.NewLabel("Also this User-Agent:"), ua), nil, nil,
		container.NewVScroll(group))
	d := dialog.NewCustomConfirm("Compare with…", "Compare", "Close", form, func(ok bool) {
		if ok {
			onOK(compareChoice{names: group.Selected, userAgent: ua.Text})
		}
	}, win)
	d.Resize(fyne.NewSize(560, 560))
	d.Show()
}
