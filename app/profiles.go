package app

import (
	"fmt"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
)

// profilePicker keeps the crawler profiles the picker offers and which one
// is chosen; the Custom profile carries the user's saved User-Agent and
// limit. Its methods belong to the UI goroutine.
type profilePicker struct {
	prefs   prefs
	list    []fetch.Profile
	current int
	bar     *topBar
}

func newProfilePicker(s prefs) *profilePicker {
	pp := &profilePicker{prefs: s, list: fetch.Builtins()}
	pp.current = pp.index(s.profileID())
	if pp.current < 0 {
		pp.current = max(0, pp.index(fetch.DefaultProfileID))
	}
	pp.applyCustom()
	return pp
}

// attach fills the bar's picker and description line.
func (pp *profilePicker) attach(b *topBar) {
	pp.bar = b
	names := make([]string, len(pp.list))
	for i, p := range pp.list {
		names[i] = p.Name
	}
	b.profile.Options = names
	b.profile.SetSelectedIndex(pp.current)
	pp.describe()
}

func (pp *profilePicker) index(id string) int {
	for i, p := range pp.list {
		if strings.EqualFold(p.ID, id) {
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
	for i, p := range pp.list {
		if p.Name == name {
			pp.current = i
			pp.prefs.setProfileID(p.ID)
			break
		}
	}
	pp.describe()
}

// selected returns a copy of the chosen profile, ready to fetch with.
func (pp *profilePicker) selected() fetch.Profile {
	p := pp.list[pp.current]
	p.RobotsTokens = append([]string(nil), p.RobotsTokens...)
	return p
}

// applyCustom writes the saved custom values into the Custom profile.
func (pp *profilePicker) applyCustom() {
	c := pp.prefs.custom()
	for i := range pp.list {
		if !pp.list[i].Custom {
			continue
		}
		if c.UserAgent != "" {
			pp.list[i].UserAgentTemplate = c.UserAgent
		}
		if c.LimitBytes > 0 {
			limits := make(map[fetch.Kind]fetch.Limit, len(pp.list[i].Limits)+1)
			for k, v := range pp.list[i].Limits {
				limits[k] = v
			}
			limits[fetch.KindHTML] = fetch.Limit{Bytes: c.LimitBytes, Published: true}
			pp.list[i].Limits = limits
		}
	}
}

// describe writes the one-line description of the chosen profile.
func (pp *profilePicker) describe() {
	if pp.bar == nil {
		return
	}
	p := pp.list[pp.current]
	pp.bar.profileInfo.SetText(profileLine(p))
	if p.Custom {
		pp.bar.editCustom.Show()
	} else {
		pp.bar.editCustom.Hide()
	}
}

// profileLine is a profile in one line: token chain, HTML limit and its
// source, User-Agent.
func profileLine(p fetch.Profile) string {
	lim := p.LimitFor(fetch.KindHTML)
	limit := bytesText(lim.Bytes)
	if !lim.Published {
		limit += " (no published limit; Google's 15 MB default assumed)"
	}
	if s := sourceOf(p, "limit_html"); s != "" {
		limit += " [" + s + "]"
	}
	return fmt.Sprintf("Robots tokens %s · HTML limit %s%s · UA %s",
		tokenChain(p), limit, headerCount(p), p.UserAgent(""))
}

// tokenChain is the robots.txt tokens the profile tries, in order:
// "googlebot-image, then googlebot, then *".
func tokenChain(p fetch.Profile) string {
	if !p.ObeysRobots {
		return "none (ignores robots.txt)"
	}
	toks := append([]string(nil), p.RobotsTokens...)
	if !p.IgnoresStar {
		toks = append(toks, "*")
	}
	return strings.Join(toks, ", then ")
}

func headerCount(p fetch.Profile) string {
	if p.CountsHeaders {
		return ", header included"
	}
	return ""
}

// sourceOf is the short source of one profile value: "Google, ... (2026-03-31)".
func sourceOf(p fetch.Profile, field string) string {
	for _, s := range p.Sources {
		if s.Field == field {
			note := shorten(s.Note, 60)
			if s.Date != "" {
				note += ", " + s.Date
			}
			return note
		}
	}
	return ""
}

// reload re-reads the built-ins and the saved custom values, keeping the
// selection.
func (pp *profilePicker) reload() {
	id := pp.list[pp.current].ID
	pp.list = fetch.Builtins()
	pp.current = max(0, pp.index(id))
	pp.applyCustom()
	pp.describe()
}

// customIndex is the index of the editable profile, -1 when there is none.
func (pp *profilePicker) customIndex() int {
	for i, p := range pp.list {
		if p.Custom {
			return i
		}
	}
	return -1
}
