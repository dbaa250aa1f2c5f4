package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// savedCustom reads the Custom profile the command line would use from
// the saved-profiles file at path.
func savedCustom(t *testing.T, path string) (fetch.Profile, bool) {
	t.Helper()
	saved, err := fetch.SavedProfiles{Path: path}.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range saved {
		if p.ID == customID {
			return p, true
		}
	}
	return fetch.Profile{}, false
}

func TestCustomDialogWritesStore(t *testing.T) {
	tu := newTestUI(t, Options{Profile: "bingbot"})
	tu.saveCustom("  MyBot/1.0 (+https://example.com/bot)  ", "1,000")
	if tu.top.banner.Visible() {
		t.Errorf("banner after saving: %q", tu.top.banner.Text)
	}
	if got := tu.profiles.selected().ID; got != customID {
		t.Errorf("selected after saving = %q, want %q", got, customID)
	}
	p, ok := savedCustom(t, tu.opts.ProfilesPath)
	if !ok {
		t.Fatal("the saved-profiles file has no Custom profile")
	}
	if got, want := p.UserAgentTemplate, "MyBot/1.0 (+https://example.com/bot)"; got != want {
		t.Errorf("saved UA = %q, want %q", got, want)
	}
	if got, want := p.LimitFor(fetch.KindHTML), (fetch.Limit{Bytes: 1000, Published: true}); got != want {
		t.Errorf("saved HTML limit = %+v, want %+v", got, want)
	}
	builtin := builtinCustom()
	if got, want := p.Name, "Custom"; got != want {
		t.Errorf("saved name = %q, want %q", got, want)
	}
	if !slices.Equal(p.RobotsTokens, builtin.RobotsTokens) || p.LimitFor(fetch.KindPDF) != builtin.LimitFor(fetch.KindPDF) {
		t.Errorf("saved tokens %q, PDF limit %+v; want the built-in Custom's %q, %+v",
			p.RobotsTokens, p.LimitFor(fetch.KindPDF), builtin.RobotsTokens, builtin.LimitFor(fetch.KindPDF))
	}
	if got := sourceOf(p, "limit_html"); !strings.Contains(got, "Custom profile dialog") {
		t.Errorf("the HTML limit's source is %q, want the dialog", got)
	}
	cli, ok := fetch.LookupAll([]fetch.Profile{p}, "custom")
	if !ok || cli.UserAgent("") != "MyBot/1.0 (+https://example.com/bot)" {
		t.Errorf("the command line's custom profile sends %q", cli.UserAgent(""))
	}
}

func TestCustomDialogRefuses(t *testing.T) {
	tests := []struct {
		name, ua, limit string
		banner          string // in the banner
	}{
		{"line break in the UA", "MyBot/1.0\r\nX-Evil: 1", "1,000", "The Custom profile was not saved: "},
		{"control character in the UA", "MyBot\x00", "1,000", "The Custom profile was not saved: "},
		{"limit not a number", "MyBot/1.0", "two megabytes", prose.Sentence(errLimit.Error())},
		{"zero limit", "MyBot/1.0", "0", prose.Sentence(errLimit.Error())},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tu := newTestUI(t, Options{})
			tu.saveCustom("OldBot/1.0", "5,000")
			tu.saveCustom(tt.ua, tt.limit)
			if got := tu.top.banner.Text; !tu.top.banner.Visible() || !strings.HasPrefix(got, tt.banner) {
				t.Errorf("banner = %q, want it to start with %q", got, tt.banner)
			}
			if got := tu.top.banner.Text; strings.Count(got, ". ") > 0 || !strings.HasSuffix(got, ".") {
				t.Errorf("banner %q is not one sentence", got)
			}
			p, _ := savedCustom(t, tu.opts.ProfilesPath)
			if p.UserAgentTemplate != "OldBot/1.0" || p.LimitFor(fetch.KindHTML).Bytes != 5000 {
				t.Errorf("saved custom profile = UA %q, limit %d; want the old values", p.UserAgentTemplate, p.LimitFor(fetch.KindHTML).Bytes)
			}
			if got := tu.profiles.list[tu.profiles.customIndex()].UserAgentTemplate; got != "OldBot/1.0" {
				t.Errorf("the picker's custom UA = %q, want the old one", got)
			}
		})
	}
}

func TestEmptyUAResetsCustom(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.saveCustom("MyBot/1.0", "1,000")
	tu.saveCustom("   ", "1,000")
	p, _ := savedCustom(t, tu.opts.ProfilesPath)
	if got, want := p.UserAgentTemplate, builtinCustom().UserAgentTemplate; got != want {
		t.Errorf("UA after clearing the field = %q, want the built-in %q", got, want)
	}
}

func TestSavedProfilesInPicker(t *testing.T) {
	path := tempProfilesPath(t)
	store := fetch.SavedProfiles{Path: path}
	mine := fetch.Profile{
		ID: "my-bot", Name: "My Bot", UserAgentTemplate: "MyBot/2.0",
		RobotsTokens: []string{"mybot"}, ObeysRobots: true,
		Limits: map[fetch.Kind]fetch.Limit{fetch.KindHTML: {Bytes: 500_000, Published: true}},
	}
	twin := mine
	twin.ID = "my-bot-2" // same name: the picker must tell them apart
	custom := customWith(builtinCustom(), "TeamBot/3.0", 0)
	for _, p := range []fetch.Profile{mine, twin, custom} {
		if err := store.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	tu := newTestUI(t, Options{ProfilesPath: path, Profile: "my-bot-2"})
	if tu.top.banner.Visible() {
		t.Errorf("banner = %q", tu.top.banner.Text)
	}
	opts := tu.top.profile.Options
	if got, want := len(opts), len(fetch.Builtins())+2; got != want {
		t.Errorf("the picker offers %d profiles, want %d: %q", got, want, opts)
	}
	for _, name := range []string{"My Bot", "My Bot (my-bot-2)", "Custom"} {
		if !slices.Contains(opts, name) {
			t.Errorf("the picker does not offer %q: %q", name, opts)
		}
	}
	if got := tu.profiles.selected(); got.ID != "my-bot-2" || got.UserAgentTemplate != "MyBot/2.0" {
		t.Errorf("selected %q with UA %q, want my-bot-2", got.ID, got.UserAgentTemplate)
	}
	if tu.top.editCustom.Visible() {
		t.Error("the Custom dialog's button shows for a saved profile it cannot edit")
	}
	tu.top.profile.SetSelected("Custom")
	if got := tu.profiles.selected().UserAgentTemplate; got != "TeamBot/3.0" {
		t.Errorf("Custom sends %q, want the saved TeamBot/3.0", got)
	}
	if !tu.top.editCustom.Visible() {
		t.Error("the Custom dialog's button is hidden for Custom")
	}
}

// unwritableStore returns a saved-profiles path that reads as no file yet
// but cannot be written, whoever runs the test: its directory is a
// dangling symbolic link.
func unwritableStore(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "cutoff")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	return filepath.Join(dir, "cutoff", "profiles.json")
}

func TestBrokenStore(t *testing.T) {
	const builtinsOnly = "Only the built-in crawler profiles are offered: "
	tests := []struct {
		name  string
		path  func(t *testing.T) string
		start string // start of the banner at start, "" for none
	}{
		{"not JSON", func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "profiles.json")
			if err := os.WriteFile(path, []byte("{profiles: oops"), 0o644); err != nil {
				t.Fatal(err)
			}
			return path
		}, builtinsOnly},
		{"a directory", func(t *testing.T) string { return t.TempDir() }, builtinsOnly},
		{"not writable", unwritableStore, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tu := newTestUI(t, Options{ProfilesPath: tt.path(t)})
			if got := tu.top.banner.Text; !strings.HasPrefix(got, tt.start) || (tt.start == "") != (got == "") {
				t.Errorf("banner = %q, want it to start with %q", got, tt.start)
			}
			if got, want := len(tu.top.profile.Options), len(fetch.Builtins()); got != want {
				t.Errorf("the picker offers %d profiles, want the %d built-ins", got, want)
			}
			tu.saveCustom("MyBot/1.0", "1,000")
			if got := tu.top.banner.Text; !strings.HasPrefix(got, "The Custom profile is used until the window closes but was not saved: ") {
				t.Errorf("banner after saving = %q", got)
			}
			if p := tu.profiles.selected(); p.ID != customID || p.UserAgentTemplate != "MyBot/1.0" {
				t.Errorf("selected %q with UA %q, want Custom with MyBot/1.0 for this session", p.ID, p.UserAgentTemplate)
			}
		})
	}
}

// The preference keys earlier versions kept the Custom profile under; they
// are part of the saved state, so the test writes them as a user's old
// preferences have them.
const (
	prefCustomUA    = "profile.custom.user_agent"
	prefCustomLimit = "profile.custom.limit_bytes"
	prefCustomBase  = "profile.custom.base"
)

func TestMigrateCustom(t *testing.T) {
	tests := []struct {
		name     string
		ua       string // in the preferences
		limit    int    // in the preferences
		inStore  string // UA of a Custom profile already saved, "" for none
		wantUA   string // of the saved Custom, "" for no Custom saved
		wantHTML int64
		problem  string // start of the banner, "" for none
		cleared  bool   // the preference keys are gone
	}{
		{"moved", "OldBot/1.0", 3000, "", "OldBot/1.0", 3000, "", true},
		{"limit only", "", 3000, "", builtinCustom().UserAgentTemplate, 3000, "", true},
		{"the store wins", "OldBot/1.0", 3000, "NewBot/2.0", "NewBot/2.0", builtinCustom().LimitFor(fetch.KindHTML).Bytes, "", true},
		{"nothing to move", "", 0, "", "", 0, "", false},
		{"unusable UA dropped", "Old\nBot", 3000, "", "", 0, "The Custom profile kept by an earlier version was dropped: ", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fp := test.NewTempApp(t).Preferences()
			s := prefs.New(fp)
			fp.SetString(prefCustomBase, "googlebot-smartphone")
			fp.SetString(prefCustomUA, tt.ua)
			fp.SetInt(prefCustomLimit, tt.limit)
			path := tempProfilesPath(t)
			if tt.inStore != "" {
				if err := (fetch.SavedProfiles{Path: path}).Put(customWith(builtinCustom(), tt.inStore, 0)); err != nil {
					t.Fatal(err)
				}
			}
			pp, problem := newProfilePicker(s, path)
			if !strings.HasPrefix(problem, tt.problem) || (tt.problem == "") != (problem == "") {
				t.Errorf("problem = %q, want it to start with %q", problem, tt.problem)
			}
			p, ok := savedCustom(t, path)
			if got := p.UserAgentTemplate; ok != (tt.wantUA != "") || got != tt.wantUA {
				t.Fatalf("saved Custom UA = %q (saved %v), want %q", got, ok, tt.wantUA)
			}
			if ok && p.LimitFor(fetch.KindHTML).Bytes != tt.wantHTML {
				t.Errorf("saved HTML limit = %d, want %d", p.LimitFor(fetch.KindHTML).Bytes, tt.wantHTML)
			}
			if ok && pp.list[pp.customIndex()].UserAgentTemplate != tt.wantUA {
				t.Errorf("the picker's Custom sends %q, want %q", pp.list[pp.customIndex()].UserAgentTemplate, tt.wantUA)
			}
			left := fp.String(prefCustomBase) + fp.String(prefCustomUA) + fmt.Sprint(fp.Int(prefCustomLimit))
			if got := left == "0"; got != tt.cleared {
				t.Errorf("preference keys cleared = %v (left %q), want %v", got, left, tt.cleared)
			}
		})
	}
}

func TestMigrateKeepsPrefsWhenWriteFails(t *testing.T) {
	fp := test.NewTempApp(t).Preferences()
	s := prefs.New(fp)
	fp.SetString(prefCustomUA, "OldBot/1.0")
	pp, problem := newProfilePicker(s, unwritableStore(t))
	if want := "The Custom profile kept by an earlier version could not be moved"; !strings.HasPrefix(problem, want) {
		t.Errorf("problem = %q, want it to start with %q", problem, want)
	}
	if got := s.Custom().UserAgent; got != "OldBot/1.0" {
		t.Errorf("the preferences' UA = %q, want it kept to try again", got)
	}
	if pp.customIndex() < 0 {
		t.Error("the built-in Custom profile is gone")
	}
}

func TestPickerNames(t *testing.T) {
	tests := []struct {
		name string
		list []fetch.Profile
		want []string
	}{
		{"unique", []fetch.Profile{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}}, []string{"A", "B"}},
		{"twice", []fetch.Profile{{ID: "a", Name: "A"}, {ID: "a2", Name: "A"}}, []string{"A", "A (a2)"}},
		{"no name", []fetch.Profile{{ID: "x", Name: " "}}, []string{"(x)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pickerNames(tt.list); !slices.Equal(got, tt.want) {
				t.Errorf("pickerNames = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPlainError(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"path", fmt.Errorf("fetch: save profiles: %w", &os.PathError{Op: "mkdir", Path: "/x/cutoff", Err: errors.New("permission denied")}),
			"/x/cutoff: permission denied"},
		{"rename", fmt.Errorf("fetch: save profiles: %w", &os.LinkError{Op: "rename", Old: "/x/.p", New: "/x/p.json", Err: errors.New("no space left on device")}),
			"/x/p.json: no space left on device"},
		{"invalid profile", fmt.Errorf("%w: the profile needs a name", fetch.ErrInvalidProfile), "the profile needs a name"},
		{"plain", errors.New("fetch: the saved profiles file p.json is over 1 MiB"), "the saved profiles file p.json is over 1 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := plainError(tt.err); got != tt.want {
				t.Errorf("plainError = %q, want %q", got, tt.want)
			}
		})
	}
}
