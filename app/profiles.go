package app

import (
	"slices"
	"strings"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// customID is the ID of the profile the Custom dialog edits.
const customID = "custom"

// profilePicker keeps the crawler profiles the picker offers, the built-in
// ones and those in the saved-profiles file the command line reads too, and
// which one is chosen. Its methods belong to the UI goroutine.
type profilePicker struct {
	prefs    prefs.Store
	store    *fetch.SavedProfiles // nil when there is no file to keep profiles in
	storeErr error                // why store is nil
	saved    []fetch.Profile      // the saved profiles as last read
	list     []fetch.Profile      // fetch.All(saved): what the picker offers
	names    []string             // the picker's options, one per list entry
	current  int
	bar      *topBar
}

// newProfilePicker reads the saved profiles at path (the user's
// configuration directory when empty), moves a Custom profile older
// versions kept in the preferences into that file, and selects the profile
// chosen last. problem is one sentence for the banner when saved profiles
// could not be read or moved, "" otherwise; the built-ins work either way.
func newProfilePicker(s prefs.Store, path string) (pp *profilePicker, problem string) {
	pp = &profilePicker{prefs: s}
	problem = pp.open(path)
	pp.setList(s.ProfileID())
	return pp, problem
}

// attach fills the bar's picker and description line.
func (pp *profilePicker) attach(b *topBar) {
	pp.bar = b
	pp.fill()
}

// setList offers the built-in and saved profiles and chooses id, or the
// default profile when there is no profile id.
func (pp *profilePicker) setList(id string) {
	pp.list = fetch.All(pp.saved)
	pp.names = pickerNames(pp.list)
	pp.current = pp.index(id)
	if pp.current < 0 {
		pp.current = max(0, pp.index(fetch.DefaultProfileID))
	}
	pp.fill()
}

// fill shows the list and the choice in the bar, once there is one.
func (pp *profilePicker) fill() {
	if pp.bar == nil {
		return
	}
	pp.bar.profile.SetOptions(slices.Clone(pp.names))
	pp.bar.profile.SetSelectedIndex(pp.current) // calls onName through the Select
	pp.describe()
}

// pickerNames are the profiles' names as the picker shows them: a name
// used twice, say by a saved profile, carries its ID so each stays unique.
func pickerNames(list []fetch.Profile) []string {
	names := make([]string, len(list))
	seen := make(map[string]bool, len(list))
	for i, p := range list {
		names[i] = p.Name
		if seen[names[i]] || strings.TrimSpace(p.Name) == "" {
			names[i] = strings.TrimSpace(p.Name + " (" + p.ID + ")")
		}
		seen[names[i]] = true
	}
	return names
}

func (pp *profilePicker) index(id string) int {
	for i, p := range pp.list {
		if strings.EqualFold(p.ID, strings.TrimSpace(id)) {
			return i
		}
	}
	return -1
}

// selectID selects the profile with id and reports whether there is one.
func (pp *profilePicker) selectID(id string) bool {
	i := pp.index(id)
	if i < 0 {
		return false
	}
	pp.bar.profile.SetSelectedIndex(i) // calls onName through the Select
	return true
}

// onName is the picker's change callback.
func (pp *profilePicker) onName(name string) {
	if i := slices.Index(pp.names, name); i >= 0 {
		pp.current = i
		pp.prefs.SetProfileID(pp.list[i].ID)
	}
	pp.describe()
}

// selected returns a copy of the chosen profile, ready to fetch with.
func (pp *profilePicker) selected() fetch.Profile {
	p := pp.list[pp.current]
	p.RobotsTokens = append([]string(nil), p.RobotsTokens...)
	return p
}

// describe writes the one-line description of the chosen profile.
func (pp *profilePicker) describe() {
	if pp.bar == nil {
		return
	}
	p := pp.list[pp.current]
	pp.bar.profileInfo.SetText(profileLine(p))
	if strings.EqualFold(p.ID, customID) {
		pp.bar.editCustom.Show()
	} else {
		pp.bar.editCustom.Hide()
	}
}

// profileLine is a profile in one line: token chain, HTML limit and its
// source, User-Agent.
func profileLine(p fetch.Profile) string {
	lim := p.LimitFor(fetch.KindHTML)
	limit := kit.BytesText(lim.Bytes)
	if !lim.Published {
		limit = i18n.T("app.profile-limit-assumed", "Limit", limit)
	}
	if s := sourceOf(p, "limit_html"); s != "" {
		limit += " [" + s + "]"
	}
	id := "app.profile-line"
	if p.CountsHeaders {
		id = "app.profile-line-header"
	}
	return i18n.T(id, "Tokens", tokenChain(p), "Limit", limit, "UA", p.UserAgent(""))
}

// tokenChain is the robots.txt tokens the profile tries, in order:
// "googlebot-image, then googlebot, then *".
func tokenChain(p fetch.Profile) string {
	if !p.ObeysRobots {
		return i18n.T("app.tokens-none")
	}
	toks := append([]string(nil), p.RobotsTokens...)
	if !p.IgnoresStar {
		toks = append(toks, "*")
	}
	if len(toks) == 0 {
		return ""
	}
	chain := toks[0]
	for _, t := range toks[1:] {
		chain = i18n.T("app.tokens-then", "Tokens", chain, "Token", t)
	}
	return chain
}

// sourceOf is the short source of one profile value: "Google, ... (2026-03-31)".
func sourceOf(p fetch.Profile, field string) string {
	for _, s := range p.Sources {
		if s.Field == field {
			note := kit.Shorten(sourceNote(s.Note), 60)
			if s.Date != "" {
				note += ", " + s.Date
			}
			return note
		}
	}
	return ""
}

// sourceNote is a source's note for people: the notes Cutoff writes on the
// Custom profile's values (kept in English in the profiles, as every note
// is) in the language in use, the citation of a document as it is.
func sourceNote(note string) string {
	switch {
	case note == userSetNote:
		return i18n.T("app.source-custom-dialog")
	case strings.HasPrefix(note, fetch.CustomCopiedNote):
		return i18n.T("app.source-copied", "Note", strings.TrimPrefix(note, fetch.CustomCopiedNote))
	}
	return note
}

// customIndex is the index of the profile the Custom dialog edits, -1
// when there is none.
func (pp *profilePicker) customIndex() int {
	return pp.index(customID)
}
