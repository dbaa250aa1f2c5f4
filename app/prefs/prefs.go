package prefs

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
	// prefRender turns rendering with the inspection on or off; on when
	// never set.
	prefRender = "render.enabled"
	// prefExportFolder is the folder the last report was exported to.
	prefExportFolder = "export.folder"
	// prefLanguage is the language chosen in the Language menu; the
	// system's when never set.
	prefLanguage = "language"
)

// maxRecent is how many recent URLs the URL field offers.
const maxRecent = 20

// maxDrafts is how many robots.txt drafts are kept; saving one more drops
// the draft saved longest ago.
const maxDrafts = 50

// defaultWindowSize is the first window size, in Fyne units. There is no
// window manager to pick one under Xvfb, so it must fit a 1280×900 screen.
var defaultWindowSize = fyne.NewSize(1280, 860)

// Store is what the window remembers between runs, kept in the app's Fyne
// preferences. Call its methods on the UI thread.
type Store struct {
	p fyne.Preferences
}

// New is the store over the app's preferences p (fyne.App.Preferences).
func New(p fyne.Preferences) Store { return Store{p: p} }

// WindowSize is the size the window had when it was last closed.
func (s Store) WindowSize() fyne.Size {
	w := s.p.FloatWithFallback(prefWidth, float64(defaultWindowSize.Width))
	h := s.p.FloatWithFallback(prefHeight, float64(defaultWindowSize.Height))
	if w < 640 || h < 480 {
		return defaultWindowSize
	}
	return fyne.NewSize(float32(w), float32(h))
}

// SetWindowSize remembers size, unless it is too small to be a window
// someone chose.
func (s Store) SetWindowSize(size fyne.Size) {
	if size.Width < 640 || size.Height < 480 {
		return
	}
	s.p.SetFloat(prefWidth, float64(size.Width))
	s.p.SetFloat(prefHeight, float64(size.Height))
}

// ProfileID is the ID of the profile selected last, "" when none was.
func (s Store) ProfileID() string { return s.p.String(prefProfile) }

// SetProfileID remembers the ID of the profile just selected.
func (s Store) SetProfileID(id string) { s.p.SetString(prefProfile, id) }

// RecentURLs are the URLs inspected last, most recent first.
func (s Store) RecentURLs() []string { return s.p.StringList(prefRecent) }

func (s Store) draftKey(h string) string { return prefDraftPrefix + strings.ToLower(h) }

// AddRecentURL puts u first in the recent URLs, without duplicates, keeping
// at most maxRecent, and returns the new list.
func (s Store) AddRecentURL(u string) []string {
	u = strings.TrimSpace(u)
	if u == "" {
		return s.RecentURLs()
	}
	list := []string{u}
	for _, old := range s.RecentURLs() {
		if old != u && len(list) < maxRecent {
			list = append(list, old)
		}
	}
	s.p.SetStringList(prefRecent, list)
	return slices.Clone(list)
}

// CustomProfile is the "Custom" profile as earlier versions kept it in the
// preferences: a User-Agent and an HTML limit over the built-in Custom
// profile. It is read only to move it into the saved-profiles file.
type CustomProfile struct {
	UserAgent  string // "" keeps the built-in one
	LimitBytes int64  // 0 keeps the built-in one
}

// Custom is the Custom profile earlier versions kept here; its fields are
// empty when there is none.
func (s Store) Custom() CustomProfile {
	return CustomProfile{
		UserAgent:  strings.TrimSpace(s.p.String(prefCustomUA)),
		LimitBytes: int64(s.p.Int(prefCustomLimit)),
	}
}

// ClearCustom forgets the preferences' Custom profile once the
// saved-profiles file holds it.
func (s Store) ClearCustom() {
	for _, key := range []string{prefCustomBase, prefCustomUA, prefCustomLimit} {
		s.p.RemoveValue(key)
	}
}

// Draft is the robots.txt text the user edited for host, and whether there
// is one.
func (s Store) Draft(host string) (string, bool) {
	if host == "" {
		return "", false
	}
	text := s.p.StringWithFallback(s.draftKey(host), "\x00")
	if text == "\x00" {
		return "", false
	}
	return text, true
}

// SetDraft saves the edited robots.txt of host as the most recent draft,
// dropping the oldest beyond maxDrafts.
func (s Store) SetDraft(host, text string) {
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

// ClearDraft forgets the robots.txt draft of host.
func (s Store) ClearDraft(host string) {
	if host == "" {
		return
	}
	if _, ok := s.Draft(host); !ok {
		return // nothing to forget: spare the preferences a write
	}
	s.p.RemoveValue(s.draftKey(host))
	key := strings.ToLower(host)
	list := slices.DeleteFunc(s.p.StringList(prefDrafts), func(h string) bool { return h == key })
	s.p.SetStringList(prefDrafts, list)
}

// Render is whether the page is rendered with each inspection; it is on
// until turned off.
func (s Store) Render() bool { return s.p.BoolWithFallback(prefRender, true) }

// SetRender remembers whether to render with each inspection.
func (s Store) SetRender(on bool) { s.p.SetBool(prefRender, on) }

// ExportFolder is the folder the last report was exported to, "" when
// none was.
func (s Store) ExportFolder() string { return s.p.String(prefExportFolder) }

// SetExportFolder remembers the folder a report was exported to.
func (s Store) SetExportFolder(dir string) { s.p.SetString(prefExportFolder, dir) }

// Language is the code of the language chosen in the Language menu, ""
// when none was.
func (s Store) Language() string { return s.p.String(prefLanguage) }

// SetLanguage keeps code as the window's language.
func (s Store) SetLanguage(code string) { s.p.SetString(prefLanguage, code) }

// FitScreen returns size no larger than screen (when screen is known), so
// the window and its Inspect button are on the screen whatever size was
// remembered or is the default.
func FitScreen(size, screen fyne.Size) fyne.Size {
	if screen.Width <= 0 || screen.Height <= 0 {
		return size
	}
	return fyne.NewSize(min(size.Width, screen.Width), min(size.Height, screen.Height))
}
