package app

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
)

// Preference keys. They are part of the saved state: renaming one loses what
// users saved under it.
const (
	prefWidth   = "window.width"
	prefHeight  = "window.height"
	prefProfile = "profile.last"
	prefRecent  = "urls.recent"
	// The Custom profile as earlier versions kept it; it now lives in the
	// saved-profiles file, and these are read once to move it there.
	prefCustomUA    = "profile.custom.user_agent"
	prefCustomLimit = "profile.custom.limit_bytes"
	prefCustomBase  = "profile.custom.base"
	prefDraftPrefix = "robots.draft."
	prefDrafts      = "robots.drafts" // hosts with a draft, most recently saved first
)

// maxRecent is how many recent URLs the URL field offers.
const maxRecent = 20

// maxDrafts is how many robots.txt drafts are kept; saving one more drops
// the draft saved longest ago.
const maxDrafts = 50

// defaultWindowSize is the first window size, in Fyne units. There is no
// window manager to pick one under Xvfb, so it must fit a 1280×900 screen.
var defaultWindowSize = fyne.NewSize(1280, 860)

// prefs is what the window remembers between runs, kept in the app's Fyne
// preferences. Call its methods on the UI thread.
type prefs struct {
	p fyne.Preferences
}

// windowSize is the size the window had when it was last closed.
func (s prefs) windowSize() fyne.Size {
	w := s.p.FloatWithFallback(prefWidth, float64(defaultWindowSize.Width))
	h := s.p.FloatWithFallback(prefHeight, float64(defaultWindowSize.Height))
	if w < 640 || h < 480 {
		return defaultWindowSize
	}
	return fyne.NewSize(float32(w), float32(h))
}

func (s prefs) setWindowSize(size fyne.Size) {
	if size.Width < 640 || size.Height < 480 {
		return
	}
	s.p.SetFloat(prefWidth, float64(size.Width))
	s.p.SetFloat(prefHeight, float64(size.Height))
}

// profileID is the ID of the profile selected last, "" when none was.
func (s prefs) profileID() string        { return s.p.String(prefProfile) }
func (s prefs) setProfileID(id string)   { s.p.SetString(prefProfile, id) }
func (s prefs) recentURLs() []string     { return s.p.StringList(prefRecent) }
func (s prefs) draftKey(h string) string { return prefDraftPrefix + strings.ToLower(h) }

// addRecentURL puts u first in the recent URLs, without duplicates, keeping
// at most maxRecent, and returns the new list.
func (s prefs) addRecentURL(u string) []string {
	u = strings.TrimSpace(u)
	if u == "" {
		return s.recentURLs()
	}
	list := []string{u}
	for _, old := range s.recentURLs() {
		if old != u && len(list) < maxRecent {
			list = append(list, old)
		}
	}
	s.p.SetStringList(prefRecent, list)
	return slices.Clone(list)
}

// customProfile is the "Custom" profile as earlier versions kept it in the
// preferences: a User-Agent and an HTML limit over the built-in Custom
// profile. It is read only to move it into the saved-profiles file.
type customProfile struct {
	UserAgent  string // "" keeps the built-in one
	LimitBytes int64  // 0 keeps the built-in one
}

func (s prefs) custom() customProfile {
	return customProfile{
		UserAgent:  strings.TrimSpace(s.p.String(prefCustomUA)),
		LimitBytes: int64(s.p.Int(prefCustomLimit)),
	}
}

// clearCustom forgets the preferences' Custom profile once the
// saved-profiles file holds it.
func (s prefs) clearCustom() {
	for _, key := range []string{prefCustomBase, prefCustomUA, prefCustomLimit} {
		s.p.RemoveValue(key)
	}
}

// draft is the robots.txt text the user edited for host, and whether there
// is one.
func (s prefs) draft(host string) (string, bool) {
	if host == "" {
		return "", false
	}
	text := s.p.StringWithFallback(s.draftKey(host), "\x00")
	if text == "\x00" {
		return "", false
	}
	return text, true
}

// setDraft saves the edited robots.txt of host as the most recent draft,
// dropping the oldest beyond maxDrafts; clearDraft forgets it.
func (s prefs) setDraft(host, text string) {
	if host == "" {
		return
	}
	s.p.SetString(s.draftKey(host), text)
	key := strings.ToLower(host)
	list := []string{key}
	for _, h := range s.p.StringList(prefDrafts) {
		switch {
		case h == key:
		case len(list) < maxDrafts:
			list = append(list, h)
		default:
			s.p.RemoveValue(s.draftKey(h))
		}
	}
	s.p.SetStringList(prefDrafts, list)
}

func (s prefs) clearDraft(host string) {
	if host == "" {
		return
	}
	if _, ok := s.draft(host); !ok {
		return // nothing to forget: spare the preferences a write
	}
	s.p.RemoveValue(s.draftKey(host))
	key := strings.ToLower(host)
	list := slices.DeleteFunc(s.p.StringList(prefDrafts), func(h string) bool { return h == key })
	s.p.SetStringList(prefDrafts, list)
}

// fitScreen returns size no larger than screen (when screen is known), so
// the window and its Inspect button are on the screen whatever size was
// remembered or is the default.
func fitScreen(size, screen fyne.Size) fyne.Size {
	if screen.Width <= 0 || screen.Height <= 0 {
		return size
	}
	return fyne.NewSize(min(size.Width, screen.Width), min(size.Height, screen.Height))
}
