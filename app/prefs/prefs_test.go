package prefs

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestRecentURLs(t *testing.T) {
	s := Store{p: test.NewTempApp(t).Preferences()}
	s.AddRecentURL("https://a.example/")
	s.AddRecentURL("https://b.example/")
	got := s.AddRecentURL("https://a.example/")
	if want := []string{"https://a.example/", "https://b.example/"}; !slices.Equal(got, want) {
		t.Errorf("after re-adding a: %q, want %q", got, want)
	}
	for i := range 30 {
		s.AddRecentURL(fmt.Sprintf("https://%d.example/", i))
	}
	got = s.RecentURLs()
	if len(got) != maxRecent {
		t.Errorf("kept %d recent URLs, want %d", len(got), maxRecent)
	}
	if got[0] != "https://29.example/" {
		t.Errorf("most recent = %q, want https://29.example/", got[0])
	}
}

func TestDrafts(t *testing.T) {
	s := Store{p: test.NewTempApp(t).Preferences()}
	if _, ok := s.Draft("http://Example.com"); ok {
		t.Fatal("a draft exists before any was saved")
	}
	s.SetDraft("http://Example.com", "")
	if text, ok := s.Draft("http://example.com"); !ok || text != "" {
		t.Errorf("empty draft = %q, %v; want \"\", true (an emptied file is a draft too)", text, ok)
	}
	s.SetDraft("http://example.com", "User-agent: *\nDisallow: /")
	if text, _ := s.Draft("http://EXAMPLE.com"); text != "User-agent: *\nDisallow: /" {
		t.Errorf("draft = %q", text)
	}
	s.ClearDraft("http://example.com")
	if _, ok := s.Draft("http://example.com"); ok {
		t.Error("the draft survived clearDraft")
	}
}

func TestDraftsAreCapped(t *testing.T) {
	s := Store{p: test.NewTempApp(t).Preferences()}
	host := func(i int) string { return fmt.Sprintf("http://127.0.0.1:%d", 40000+i) }
	for i := range maxDrafts + 5 {
		s.SetDraft(host(i), fmt.Sprintf("# draft %d", i))
		if i == 10 {
			s.SetDraft(host(0), "# draft 0, saved again") // now newer than 1 to 9
		}
	}
	tests := []struct {
		name string
		i    int
		kept bool
	}{
		{"saved again, kept", 0, true},
		{"oldest, dropped", 1, false},
		{"second oldest, dropped", 2, false},
		{"fifth oldest, dropped", 5, false},
		{"sixth oldest, kept", 6, true},
		{"newest, kept", maxDrafts + 4, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := s.Draft(host(tt.i)); ok != tt.kept {
				t.Errorf("draft of %s kept = %v, want %v", host(tt.i), ok, tt.kept)
			}
		})
	}
	if got := len(s.p.StringList(prefDrafts)); got != maxDrafts {
		t.Errorf("the draft index holds %d hosts, want %d", got, maxDrafts)
	}
	s.ClearDraft(host(6))
	if got := len(s.p.StringList(prefDrafts)); got != maxDrafts-1 {
		t.Errorf("after clearDraft the index holds %d hosts, want %d", got, maxDrafts-1)
	}
}

func TestWindowSize(t *testing.T) {
	s := Store{p: test.NewTempApp(t).Preferences()}
	if got := s.WindowSize(); got != defaultWindowSize {
		t.Errorf("first size = %v, want %v", got, defaultWindowSize)
	}
	s.SetWindowSize(fyne.NewSize(100, 100)) // too small to keep
	s.SetWindowSize(fyne.NewSize(1000, 700))
	if got, want := s.WindowSize(), fyne.NewSize(1000, 700); got != want {
		t.Errorf("saved size = %v, want %v", got, want)
	}
}

func TestFitScreen(t *testing.T) {
	tests := []struct {
		name         string
		size, screen fyne.Size
		want         fyne.Size
	}{
		{"default on 1024x768", defaultWindowSize, fyne.NewSize(1024, 740), fyne.NewSize(1024, 740)},
		{"default on 1920x1080", defaultWindowSize, fyne.NewSize(1920, 1050), defaultWindowSize},
		{"screen unknown", defaultWindowSize, fyne.Size{}, defaultWindowSize},
		{"remembered size wider than the screen", fyne.NewSize(1900, 600), fyne.NewSize(1280, 1000), fyne.NewSize(1280, 600)},
	}
	for _, tt := range tests {
		if got := FitScreen(tt.size, tt.screen); got != tt.want {
			t.Errorf("%s: FitScreen(%v, %v) = %v, want %v", tt.name, tt.size, tt.screen, got, tt.want)
		}
	}
}
