package app

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The picker's saved profiles live in fetch.SavedProfiles, the JSON file the
// command line reads too: a Custom profile edited in the window is the one
// `cutoff inspect --profile custom` uses, and profiles saved there show in
// the picker. The file is small, so it is read and written on the UI thread.

// open finds the saved-profiles file, reads it and moves the preferences'
// Custom profile into it. It returns one sentence for the banner when
// something failed, "" otherwise.
func (pp *profilePicker) open(path string) string {
	store, err := savedStore(path)
	if err != nil {
		pp.storeErr = err
		return i18n.T("app.profiles-builtin-only", "Reason", plainError(err))
	}
	pp.store = &store
	if err := pp.load(); err != nil {
		return i18n.T("app.profiles-builtin-only", "Reason", plainError(err))
	}
	return pp.migrate()
}

// savedStore is the saved-profiles file at path, or the one in the user's
// configuration directory when path is empty.
func savedStore(path string) (fetch.SavedProfiles, error) {
	if path != "" {
		return fetch.SavedProfiles{Path: path}, nil
	}
	return fetch.DefaultSavedProfiles()
}

// load re-reads the saved profiles; on failure the ones read before stay.
func (pp *profilePicker) load() error {
	if pp.store == nil {
		return nil
	}
	saved, err := pp.store.Load()
	if err != nil {
		return err
	}
	pp.saved = saved
	return nil
}

// migrate moves the Custom profile that earlier versions kept in the
// preferences into the saved-profiles file, once: only when the file has
// no Custom profile yet. The preference keys are then forgotten, unless
// the file could not be written, so the next start tries again.
func (pp *profilePicker) migrate() string {
	c := pp.prefs.Custom()
	if c.UserAgent == "" && c.LimitBytes <= 0 {
		return ""
	}
	if pp.hasSaved(customID) {
		pp.prefs.ClearCustom() // the file wins: it is what the command line uses
		return ""
	}
	p := customWith(builtinCustom(), c.UserAgent, c.LimitBytes)
	err := pp.store.Put(p)
	switch {
	case err == nil:
		pp.prefs.ClearCustom()
		pp.keep(p)
		return ""
	case errors.Is(err, fetch.ErrInvalidProfile):
		pp.prefs.ClearCustom() // it could never be sent
		return i18n.T("app.custom-dropped", "Reason", plainError(err))
	}
	return i18n.T("app.custom-not-moved", "Reason", plainError(err))
}

// hasSaved reports whether a saved profile has the ID id.
func (pp *profilePicker) hasSaved(id string) bool {
	for _, p := range pp.saved {
		if strings.EqualFold(p.ID, id) {
			return true
		}
	}
	return false
}

// keep puts p among the saved profiles in memory, replacing the one with
// its ID.
func (pp *profilePicker) keep(p fetch.Profile) {
	p.Custom = true
	for i := range pp.saved {
		if strings.EqualFold(pp.saved[i].ID, p.ID) {
			pp.saved[i] = p
			return
		}
	}
	pp.saved = append(pp.saved, p)
}

// saveCustom makes the Custom profile send the User-Agent template ua (the
// built-in one when empty) with an HTML limit of limit bytes, writes it to
// the saved-profiles file and selects it. A profile that could not be sent
// is refused, leaving the old one; one that could not be written is used
// until the window closes. The error is one sentence for the banner.
func (pp *profilePicker) saveCustom(ua string, limit int64) error {
	base := builtinCustom()
	if i := pp.customIndex(); i >= 0 {
		base = pp.list[i]
	}
	if strings.TrimSpace(ua) == "" {
		ua = builtinCustom().UserAgentTemplate
	}
	p := customWith(base, ua, limit)
	if err := fetch.ValidateCustom(p); err != nil {
		return errors.New(i18n.T("app.custom-not-saved", "Reason", plainError(err)))
	}
	err := pp.storeErr
	if pp.store != nil {
		err = pp.store.Put(p)
	}
	if err == nil {
		err = pp.load()
	}
	if err != nil {
		pp.keep(p)
		err = errors.New(i18n.T("app.custom-kept-unsaved", "Reason", plainError(err)))
	}
	pp.setList(customID)
	return err
}

// builtinCustom is the built-in Custom profile, the starting point of
// the user's.
func builtinCustom() fetch.Profile {
	p, _ := fetch.Lookup(customID)
	return p
}

// customWith returns base as the Custom profile with the User-Agent
// template ua (base's when empty) and an HTML limit of limit bytes (base's
// when not positive). A changed value's source says the user set it.
func customWith(base fetch.Profile, ua string, limit int64) fetch.Profile {
	p := base
	p.ID, p.Name, p.Custom = customID, "Custom", true
	p.RobotsTokens = append([]string(nil), base.RobotsTokens...)
	p.Sources = append([]fetch.Source(nil), base.Sources...)
	if ua = strings.TrimSpace(ua); ua != "" && ua != base.UserAgentTemplate {
		p.UserAgentTemplate = ua
		p.Sources = userSet(p.Sources, "user_agent")
	}
	if limit > 0 && limit != base.LimitFor(fetch.KindHTML).Bytes {
		p.Limits = make(map[fetch.Kind]fetch.Limit, len(base.Limits)+1)
		for k, v := range base.Limits {
			p.Limits[k] = v
		}
		p.Limits[fetch.KindHTML] = fetch.Limit{Bytes: limit, Published: true}
		p.Sources = userSet(p.Sources, "limit_html")
	}
	return p
}

// userSetNote is the source note of a value set in the Custom profile
// dialog. It is kept in English, as every source note is in the saved
// profiles; sourceNote says it in the language in use.
const userSetNote = "Set in the Custom profile dialog"

// userSet replaces the source of field with one saying the user set it.
func userSet(sources []fetch.Source, field string) []fetch.Source {
	out := []fetch.Source{{Field: field, Note: userSetNote}}
	for _, s := range sources {
		if s.Field != field {
			out = append(out, s)
		}
	}
	return out
}

// plainError is err from the saved-profiles file without the package
// prefixes meant for programmers: "/home/ana/.config/cutoff: permission
// denied".
func plainError(err error) string {
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		return pathErr.Path + ": " + pathErr.Err.Error()
	}
	var linkErr *os.LinkError
	if errors.As(err, &linkErr) {
		return linkErr.New + ": " + linkErr.Err.Error()
	}
	msg := err.Error()
	for _, prefix := range []string{fetch.ErrInvalidProfile.Error() + ": ", "fetch: "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	return msg
}
