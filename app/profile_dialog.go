package app

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
)

// errLimit is the one sentence shown for a limit that is not a byte count.
var errLimit = errors.New("the limit is a number of bytes, for example 2,000,000")

// onProfile is the profile picker's change callback.
func (u *UI) onProfile(name string) {
	if u.profiles != nil {
		u.profiles.onName(name)
		u.noteProfileChange()
	}
}

// noteProfileChange marks the report shown stale when the chosen profile
// is no longer the one it was made with, so the profile line above and the
// report below never disagree silently; choosing the report's profile again
// clears the mark.
func (u *UI) noteProfileChange() {
	if u.report == nil || u.running || u.top == nil {
		return
	}
	p, was := u.profiles.selected(), u.report.Profile
	if strings.EqualFold(p.ID, was.ID) && p.LimitFor("html").Bytes == was.LimitBytes {
		u.top.setStale("")
		u.top.phase.SetText(doneText(u.report))
		return
	}
	u.top.setStale("Stale: the tabs show the report as " + was.Name + "; the profile is now " + p.Name +
		". Press Inspect (Enter) to see the page as " + p.Name + ".")
}

// onEditCustom opens the dialog that edits the Custom profile's User-Agent
// and HTML limit, saves them in the saved-profiles file the command line
// reads too, and selects the Custom profile.
func (u *UI) onEditCustom() {
	i := u.profiles.customIndex()
	if i < 0 {
		u.top.setError("This build has no Custom profile to edit")
		return
	}
	p := u.profiles.list[i]
	ua := kit.NewEscEntry()
	ua.SetText(p.UserAgentTemplate)
	limit := kit.NewEscEntry()
	limit.SetText(kit.Commas(p.LimitFor("html").Bytes))
	limit.Validator = func(s string) error {
		_, err := parseByteCount(s)
		return err
	}
	items := []*widget.FormItem{
		widget.NewFormItem("User-Agent", ua),
		widget.NewFormItem("HTML limit (bytes)", limit),
	}
	d := dialog.NewForm("Custom profile", "Save", "Cancel", items, func(ok bool) {
		if ok {
			u.saveCustom(ua.Text, limit.Text)
		}
	}, u.win)
	ua.OnEscape, limit.OnEscape = d.Hide, d.Hide
	d.Resize(fyne.NewSize(720, 240))
	d.Show()
}

// saveCustom saves the dialog's values and selects the Custom profile; a
// value that cannot be used is said in the banner instead.
func (u *UI) saveCustom(ua, limit string) {
	n, err := parseByteCount(limit)
	if err != nil {
		u.top.setError(err.Error())
		return
	}
	if err := u.profiles.saveCustom(ua, n); err != nil {
		u.top.setError(err.Error())
		return
	}
	u.top.setError("")
}

// parseByteCount reads a positive byte count written with or without
// thousands separators ("2,000,000", "2 000 000", "2000000").
func parseByteCount(s string) (int64, error) {
	s = strings.NewReplacer(",", "", " ", "", "_", "", "\u00a0", "").Replace(strings.TrimSpace(s))
	if s == "" || len(s) > 12 {
		return 0, errLimit
	}
	var n int64
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, errLimit
		}
		n = n*10 + int64(c-'0')
	}
	if n <= 0 {
		return 0, errLimit
	}
	return n, nil
}
