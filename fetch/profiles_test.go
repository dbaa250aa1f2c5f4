package fetch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/golden"
)

func TestBuiltinProfiles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id            string
		tokens        string // robots tokens, most specific first
		ignoresStar   bool
		html, pdf     int64
		published     bool
		countsHeaders bool
		maxRedirects  int
	}{
		{"googlebot-smartphone", "googlebot", false, 2_000_000, 64_000_000, true, true, 10},
		{"googlebot-desktop", "googlebot", false, 2_000_000, 64_000_000, true, true, 10},
		{"googlebot-image", "googlebot-image googlebot", false, 15_000_000, 15_000_000, false, true, 10},
		{"googlebot-video", "googlebot-video googlebot", false, 15_000_000, 15_000_000, false, true, 10},
		{"googlebot-news", "googlebot-news googlebot", false, 2_000_000, 64_000_000, true, true, 10},
		{"storebot-google", "storebot-google", false, 15_000_000, 15_000_000, true, true, 10},
		{"google-inspectiontool-mobile", "google-inspectiontool", false, 15_000_000, 15_000_000, true, true, 10},
		{"google-inspectiontool-desktop", "google-inspectiontool", false, 15_000_000, 15_000_000, true, true, 10},
		{"googleother", "googleother", false, 15_000_000, 15_000_000, true, true, 10},
		{"adsbot-google", "adsbot-google", true, 15_000_000, 15_000_000, true, true, 10},
		{"adsbot-google-mobile", "adsbot-google-mobile", true, 15_000_000, 15_000_000, true, true, 10},
		{"mediapartners-google", "mediapartners-google", true, 15_000_000, 15_000_000, true, true, 10},
		{"bingbot", "bingbot msnbot", false, 15_000_000, 15_000_000, false, false, 10},
		{"applebot", "applebot googlebot", false, 15_000_000, 15_000_000, false, false, 10},
		{"duckduckbot", "duckduckbot", false, 15_000_000, 15_000_000, false, false, 10},
		{"yandexbot", "yandexbot yandex", false, 15_000_000, 15_000_000, false, false, 10},
		{"gptbot", "gptbot", false, 15_000_000, 15_000_000, false, false, 10},
		{"oai-searchbot", "oai-searchbot", false, 15_000_000, 15_000_000, false, false, 10},
		{"claudebot", "claudebot", false, 15_000_000, 15_000_000, false, false, 10},
		{"perplexitybot", "perplexitybot", false, 15_000_000, 15_000_000, false, false, 10},
		{"ccbot", "ccbot", false, 15_000_000, 15_000_000, false, false, 4},
		{"custom", "googlebot", false, 2_000_000, 64_000_000, true, true, 10},
	}
	builtins := Builtins()
	if got, want := len(builtins), len(tests); got != want {
		t.Errorf("len(Builtins()) = %d, want %d", got, want)
	}
	if got := builtins[0].ID; got != DefaultProfileID {
		t.Errorf("Builtins()[0].ID = %q, want the default %q", got, DefaultProfileID)
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			p := mustProfile(t, tt.id)
			if got := strings.Join(p.RobotsTokens, " "); got != tt.tokens {
				t.Errorf("RobotsTokens = %q, want %q", got, tt.tokens)
			}
			if got := p.IgnoresStar; got != tt.ignoresStar {
				t.Errorf("IgnoresStar = %v, want %v", got, tt.ignoresStar)
			}
			html, pdf := p.LimitFor(KindHTML), p.LimitFor(KindPDF)
			if html.Bytes != tt.html || pdf.Bytes != tt.pdf || html.Published != tt.published {
				t.Errorf("limits html, pdf, published = %d, %d, %v; want %d, %d, %v",
					html.Bytes, pdf.Bytes, html.Published, tt.html, tt.pdf, tt.published)
			}
			if got := p.CountsHeaders; got != tt.countsHeaders {
				t.Errorf("CountsHeaders = %v, want %v", got, tt.countsHeaders)
			}
			if got := p.MaxRedirects; got != tt.maxRedirects {
				t.Errorf("MaxRedirects = %d, want %d", got, tt.maxRedirects)
			}
			if got, want := p.AcceptEncoding, "gzip, deflate, br"; got != want {
				t.Errorf("AcceptEncoding = %q, want %q", got, want)
			}
			if !p.ObeysRobots {
				t.Error("ObeysRobots = false, want true")
			}
			if got, want := p.Custom, tt.id == "custom"; got != want {
				t.Errorf("Custom = %v, want %v", got, want)
			}
			checkProfileText(t, p)
		})
	}
}

// checkProfileText checks the values every profile must have: names,
// a User-Agent, lower-case tokens and a dated Source for every value.
func checkProfileText(t *testing.T, p Profile) {
	t.Helper()
	if p.Name == "" || p.Description == "" || p.UserAgentTemplate == "" {
		t.Errorf("Name, Description, UserAgentTemplate = %q, %q, %q; want all set", p.Name, p.Description, p.UserAgentTemplate)
	}
	for _, tok := range p.RobotsTokens {
		if tok != strings.ToLower(tok) || tok == "*" || tok == "" {
			t.Errorf("robots token %q, want lower case and not *", tok)
		}
	}
	for _, field := range SourcedFields() {
		s, ok := p.Source(field)
		if !ok {
			t.Errorf("no Source for %q", field)
			continue
		}
		if s.Note == "" || len(s.Date) < 4 || !strings.HasPrefix(s.Date, "20") {
			t.Errorf("Source for %q = %+v, want a note and a date", field, s)
		}
	}
	if got, want := len(p.Sources), len(SourcedFields()); got != want {
		t.Errorf("len(Sources) = %d, want one per field, %d", got, want)
	}
}

func TestGooglebotLimits(t *testing.T) {
	t.Parallel()
	p := mustProfile(t, DefaultProfileID)
	tests := []struct {
		kind   Kind
		bytes  int64
		binary int64
	}{
		{KindHTML, 2_000_000, 2_097_152},
		{KindPDF, 64_000_000, 67_108_864},
		{KindOther, 2_000_000, 2_097_152},
		{Kind("unknown"), 2_000_000, 2_097_152},
	}
	for _, tt := range tests {
		l := p.LimitFor(tt.kind)
		if l.Bytes != tt.bytes || l.BinaryBytes != tt.binary || !l.Published {
			t.Errorf("LimitFor(%q) = %+v, want %d / %d published", tt.kind, l, tt.bytes, tt.binary)
		}
	}
	if got := (Profile{}).LimitFor(KindHTML); got.Bytes != DefaultUnsetLimit || got.Published {
		t.Errorf("empty profile LimitFor = %+v, want an unpublished DefaultUnsetLimit", got)
	}
}

func TestUserAgent(t *testing.T) {
	t.Parallel()
	p := mustProfile(t, DefaultProfileID)
	tests := []struct {
		version, want string
	}{
		{"", "Chrome/" + DefaultChromeVersion + " Mobile"},
		{"140.0.7339.80", "Chrome/140.0.7339.80 Mobile"},
	}
	for _, tt := range tests {
		got := p.UserAgent(tt.version)
		if !strings.Contains(got, tt.want) || strings.Contains(got, "W.X.Y.Z") {
			t.Errorf("UserAgent(%q) = %q, want it to contain %q", tt.version, got, tt.want)
		}
	}
	if got, want := mustProfile(t, "ccbot").UserAgent("1.2.3.4"), "CCBot/2.0 (https://commoncrawl.org/faq/)"; got != want {
		t.Errorf("UserAgent without placeholder = %q, want %q", got, want)
	}
}

func TestLookup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id     string
		wantOK bool
	}{
		{"googlebot-smartphone", true},
		{"GoogleBot-Image", true},
		{" bingbot ", true},
		{"googlebot", false},
		{"", false},
	}
	for _, tt := range tests {
		if _, ok := Lookup(tt.id); ok != tt.wantOK {
			t.Errorf("Lookup(%q) ok = %v, want %v", tt.id, ok, tt.wantOK)
		}
	}
}

func TestBuiltinsAreFreshCopies(t *testing.T) {
	t.Parallel()
	a := Builtins()
	a[0].RobotsTokens[0] = "changed"
	a[0].Limits[KindHTML] = Limit{Bytes: 1}
	a[0].Sources[0].Note = "changed"
	b := Builtins()
	if b[0].RobotsTokens[0] != "googlebot" || b[0].Limits[KindHTML].Bytes != 2_000_000 || b[0].Sources[0].Note == "changed" {
		t.Error("changing a profile from Builtins changed the next call's result")
	}
	ids := map[string]bool{}
	for _, p := range b {
		if ids[p.ID] {
			t.Errorf("duplicate profile ID %q", p.ID)
		}
		ids[p.ID] = true
	}
}

func TestDefaultCap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		limit, want int64
	}{
		{0, 0},
		{1000, 4000},
		{2_000_000, 8_000_000},
		{15_000_000, 60_000_000},
		{64_000_000, 256_000_000},
		{67_108_864, MaxCap},
		{MaxCap / 4, MaxCap},
		{300 << 20, 300 << 20},
	}
	for _, tt := range tests {
		if got := DefaultCap(tt.limit); got != tt.want {
			t.Errorf("DefaultCap(%d) = %d, want %d", tt.limit, got, tt.want)
		}
	}
}

// TestProfilesGolden keeps the built-in data under review: any change to a
// value or a source shows up as a diff of testdata/profiles.golden.json.
func TestProfilesGolden(t *testing.T) {
	t.Parallel()
	got, err := json.MarshalIndent(Builtins(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden.Check(t, "profiles.golden.json", got)
}
