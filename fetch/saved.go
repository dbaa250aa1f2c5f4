package fetch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// maxSavedBytes bounds the saved-profiles file read: a few hundred
// profiles fit in far less.
const maxSavedBytes = 1 << 20

// SavedProfiles is the JSON file holding the user's own profiles, shared by
// the window and the command line so both offer the same list. The zero
// value is unusable; see DefaultSavedProfiles.
type SavedProfiles struct {
	// Path is the file, e.g. ~/.config/cutoff/profiles.json.
	Path string
}

// DefaultSavedProfiles returns the store in the user's configuration
// directory ($XDG_CONFIG_HOME/cutoff/profiles.json on Linux).
func DefaultSavedProfiles() (SavedProfiles, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return SavedProfiles{}, fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-no-config-dir"), err)
	}
	return SavedProfiles{Path: filepath.Join(dir, "cutoff", "profiles.json")}, nil
}

// Load returns the saved profiles, none when the file does not exist yet.
// Each is marked Custom.
func (s SavedProfiles) Load() ([]Profile, error) {
	f, err := os.Open(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-read"), err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSavedBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-read"), err)
	}
	if len(data) > maxSavedBytes {
		return nil, errors.New("fetch: " + i18n.T("fetch.saved-too-large", "Path", s.Path))
	}
	var file struct {
		Profiles []Profile `json:"profiles"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-not-json", "Path", s.Path), err)
	}
	for i := range file.Profiles {
		file.Profiles[i].Custom = true
	}
	return file.Profiles, nil
}

// Put saves p, replacing a saved profile with the same ID. It refuses a
// profile that would shadow a built-in one or could not be sent.
func (s SavedProfiles) Put(p Profile) error {
	if err := ValidateCustom(p); err != nil {
		return err
	}
	p.Custom = true
	list, err := s.Load()
	if err != nil {
		return err
	}
	replaced := false
	for i := range list {
		if strings.EqualFold(list[i].ID, p.ID) {
			list[i], replaced = p, true
		}
	}
	if !replaced {
		list = append(list, p)
	}
	return s.save(list)
}

// Delete removes the saved profile with the given ID, if any.
func (s SavedProfiles) Delete(id string) error {
	list, err := s.Load()
	if err != nil {
		return err
	}
	kept := list[:0]
	for _, p := range list {
		if !strings.EqualFold(p.ID, id) {
			kept = append(kept, p)
		}
	}
	return s.save(kept)
}

// save writes the file atomically: a crash leaves the old file or the new
// one, never half of one.
func (s SavedProfiles) save(list []Profile) error {
	data, err := json.MarshalIndent(struct {
		Profiles []Profile `json:"profiles"`
	}{list}, "", "  ")
	if err != nil {
		return fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-encode"), err)
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
		return fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-write"), err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.Path), ".profiles-*.json")
	if err != nil {
		return fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-write"), err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-write"), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-write"), err)
	}
	if err := os.Rename(tmp.Name(), s.Path); err != nil {
		return fmt.Errorf("fetch: %s: %w", i18n.T("fetch.saved-write"), err)
	}
	return nil
}

// ValidateCustom checks a user-made profile: an ID of letters, digits and
// dashes that no built-in profile uses, a name, a User-Agent that can be
// sent, and positive limits.
func ValidateCustom(p Profile) error {
	switch {
	case !validID(p.ID):
		return fmt.Errorf("%w: %s", ErrInvalidProfile, i18n.T("fetch.profile-bad-id", "ID", strconv.Quote(p.ID)))
	case isBuiltinID(p.ID) && !strings.EqualFold(p.ID, "custom"):
		return fmt.Errorf("%w: %s", ErrInvalidProfile, i18n.T("fetch.profile-builtin-id", "ID", strconv.Quote(p.ID)))
	case strings.TrimSpace(p.Name) == "":
		return fmt.Errorf("%w: %s", ErrInvalidProfile, i18n.T("fetch.profile-no-name"))
	}
	if _, err := newRequestHeaders(p, ""); err != nil {
		return err
	}
	for kind, l := range p.Limits {
		if l.Bytes <= 0 || l.BinaryBytes < 0 {
			return fmt.Errorf("%w: %s", ErrInvalidProfile, i18n.T("fetch.profile-bad-limit", "Kind", kind))
		}
	}
	return nil
}

func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func isBuiltinID(id string) bool {
	_, ok := Lookup(id)
	return ok
}

// All returns the built-in profiles followed by saved ones; a saved
// profile with the ID "custom" takes the built-in Custom's place.
func All(saved []Profile) []Profile {
	var out []Profile
	for _, p := range Builtins() {
		if s, ok := find(saved, p.ID); ok && p.Custom {
			p = s
		}
		out = append(out, p)
	}
	for _, s := range saved {
		if _, ok := find(out, s.ID); !ok {
			out = append(out, s)
		}
	}
	return out
}

// find returns the profile of list whose ID equals id, ignoring case.
func find(list []Profile, id string) (Profile, bool) {
	for _, p := range list {
		if strings.EqualFold(p.ID, strings.TrimSpace(id)) {
			return p, true
		}
	}
	return Profile{}, false
}

// LookupAll returns the built-in or saved profile whose ID equals id.
func LookupAll(saved []Profile, id string) (Profile, bool) {
	return find(All(saved), id)
}
