package comparetab

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/compare"
	"github.com/cutoffapp/cutoff/internal/i18n"
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

// AskAndStart asks which profiles to compare current with, offering the
// last choice again, then compares target as them in this tab. list and
// names are the profile picker's profiles and their shown names. problem
// gets the sentence for the window's banner ("" once the choice is good);
// onStart runs just before the comparison starts. Call it on the UI thread.
func (a *Area) AskAndStart(win fyne.Window, target string, current fetch.Profile, list []fetch.Profile, names []string, problem func(string), onStart func()) {
	showCompareDialog(win, current, list, names, a.choice, func(c compareChoice) {
		a.choice = &c
		subjects := compareSubjects(list, names, current, c)
		if len(subjects) < 2 {
			problem(i18n.T("comparetab.need-subject"))
			return
		}
		problem("")
		onStart()
		a.start(target, subjects)
	})
}

// showCompareDialog offers every other profile as a tick box and an ad-hoc
// User-Agent, ticked and filled as last chosen (the defaults the first
// time); onOK gets the choice.
func showCompareDialog(win fyne.Window, current fetch.Profile, list []fetch.Profile, names []string, last *compareChoice, onOK func(compareChoice)) {
	group, ua := compareDialogFields(current, list, names, last)
	ua.SetPlaceHolder(i18n.T("comparetab.ua-placeholder"))
	intro := kit.NewParagraph(i18n.T("comparetab.intro", "Profile", current.Name))
	form := container.NewBorder(intro, container.NewVBox(widget.NewLabel(i18n.T("comparetab.also-ua")), ua), nil, nil,
		container.NewVScroll(group))
	d := dialog.NewCustomConfirm(i18n.T("comparetab.dialog-title"), i18n.T("comparetab.compare"), i18n.T("comparetab.close"), form, func(ok bool) {
		if ok {
			onOK(compareChoice{names: group.Selected, userAgent: ua.Text})
		}
	}, win)
	ua.OnEscape = d.Hide
	ua.OnSubmitted = func(string) { d.Confirm() } // Enter compares, as the dialog's default button
	d.Resize(fyne.NewSize(560, 560))
	d.Show()
	win.Canvas().Focus(ua)
}

// compareDialogFields makes the dialog's tick boxes, the ticked ones first
// so that all show without scrolling, and its User-Agent entry, as last
// chosen or, before any choice, as compareDefaults and browserUA.
func compareDialogFields(current fetch.Profile, list []fetch.Profile, names []string, last *compareChoice) (*widget.CheckGroup, *kit.EscEntry) {
	isTicked := func(i int) bool { return slices.Contains(compareDefaults, list[i].ID) }
	userAgent := browserUA
	if last != nil {
		isTicked = func(i int) bool { return slices.Contains(last.names, names[i]) }
		userAgent = last.userAgent
	}
	var ticked, rest []string
	for i, p := range list {
		switch {
		case p.ID == current.ID:
		case isTicked(i):
			ticked = append(ticked, names[i])
		default:
			rest = append(rest, names[i])
		}
	}
	group := widget.NewCheckGroup(append(slices.Clone(ticked), rest...), nil)
	group.SetSelected(ticked)
	ua := kit.NewEscEntry()
	ua.SetText(userAgent)
	return group, ua
}
