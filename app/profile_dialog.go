package app

import (
	"regexp"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// byteCountPattern is a byte count: digits alone, or grouped by three
// after a first group of one to three.
var byteCountPattern = regexp.MustCompile(`^(\d+|\d{1,3}([,. _'\x{a0}\x{202f}]\d{3})+)$`)

// errLimit is the one sentence shown for a limit that is not a byte count.
var errLimit error = limitError{}

// limitError says a limit is not a byte count, in the language in use.
type limitError struct{}

func (limitError) Error() string { return i18n.T("app.limit-not-bytes", "Example", 2_000_000) }

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
	u.top.setStale(i18n.T("app.stale-profile", "Was", was.Name, "Now", p.Name))
}

// onEditCustom opens the dialog that edits the Custom profile's User-Agent
// and HTML limit, saves them in the saved-profiles file the command line
// reads too, and selects the Custom profile.
func (u *UI) onEditCustom() {
	i := u.profiles.customIndex()
	if i < 0 {
		u.top.setError(i18n.T("app.no-custom-profile"))
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
		widget.NewFormItem(i18n.T("app.custom-limit"), limit),
	}
	d := dialog.NewForm(i18n.T("app.custom-title"), i18n.T("app.save"), i18n.T("app.cancel"), items, func(ok bool) {
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
// thousands separators ("2,000,000", "2 000 000", "2000000"), those of
// every language the window speaks included ("2.000.000", and French's
// narrow no-break spaces); the separators must group three digits, so
// "1.5" is refused rather than read as 15.
func parseByteCount(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if !byteCountPattern.MatchString(s) {
		return 0, errLimit
	}
	s = strings.NewReplacer(",", "", ".", "", " ", "", "_", "", "'", "", "\u00a0", "", "\u202f", "").Replace(s)
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
