package fetch

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestSavedProfilesRoundTrip(t *testing.T) {
	t.Parallel()
	s := SavedProfiles{Path: filepath.Join(t.TempDir(), "sub", "profiles.json")}
	if list, err := s.Load(); err != nil || len(list) != 0 {
		t.Fatalf("Load of a missing file = %v, %v; want none", list, err)
	}
	p := customProfile()
	p.ID, p.Name, p.UserAgentTemplate = "my-bot", "My bot", "MyBot/1.0"
	p.Limits = map[Kind]Limit{KindHTML: {Bytes: 500_000}}
	if err := s.Put(p); err != nil {
		t.Fatal(err)
	}
	p.Name = "My bot, renamed"
	if err := s.Put(p); err != nil {
		t.Fatal(err)
	}
	list, err := s.Load()
	if err != nil || len(list) != 1 || list[0].Name != "My bot, renamed" || !list[0].Custom {
		t.Fatalf("Load = %+v, %v; want the one renamed profile", list, err)
	}
	got, ok := LookupAll(list, "MY-BOT")
	if !ok || got.LimitFor(KindHTML).Bytes != 500_000 {
		t.Errorf("LookupAll(my-bot) = %v, %v", got.ID, ok)
	}
	if all := All(list); len(all) != len(Builtins())+1 {
		t.Errorf("All has %d profiles, want the built-ins and one saved", len(all))
	}
	if err := s.Delete("my-bot"); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Load(); len(list) != 0 {
		t.Errorf("after Delete, Load = %v", list)
	}
}

func TestSavedCustomReplacesBuiltinCustom(t *testing.T) {
	t.Parallel()
	c := customProfile()
	c.UserAgentTemplate = "Edited/2.0"
	all := All([]Profile{c})
	got, _ := LookupAll([]Profile{c}, "custom")
	if len(all) != len(Builtins()) || got.UserAgent("") != "Edited/2.0" {
		t.Errorf("saved custom: %d profiles, UA %q", len(all), got.UserAgent(""))
	}
}

func TestValidateCustom(t *testing.T) {
	t.Parallel()
	base := customProfile()
	base.ID = "mine"
	tests := []struct {
		name   string
		modify func(p *Profile)
		ok     bool
	}{
		{"valid", func(p *Profile) {}, true},
		{"empty ID", func(p *Profile) { p.ID = "" }, false},
		{"ID with space", func(p *Profile) { p.ID = "my bot" }, false},
		{"built-in ID", func(p *Profile) { p.ID = "googlebot-smartphone" }, false},
		{"no name", func(p *Profile) { p.Name = " " }, false},
		{"UA with line break", func(p *Profile) { p.UserAgentTemplate = "Bot\r\nX-Evil: 1" }, false},
		{"zero limit", func(p *Profile) { p.Limits = map[Kind]Limit{KindHTML: {}} }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := base
			p.Limits = map[Kind]Limit{KindHTML: {Bytes: 1}}
			tt.modify(&p)
			err := ValidateCustom(p)
			if got := err == nil; got != tt.ok {
				t.Errorf("ValidateCustom = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrInvalidProfile) {
				t.Errorf("error %v is not ErrInvalidProfile", err)
			}
		})
	}
}

func TestSavedProfilesBadFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "profiles.json")
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := (SavedProfiles{Path: path}).Load(); err == nil {
		t.Error("Load of a broken file succeeded")
	}
}
