package verify

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// withAllFiles returns the bundled ranges plus the test copies of the files
// the bundle lacks.
func withAllFiles(t *testing.T) *Ranges {
	t.Helper()
	r := bundled(t)
	for _, name := range []string{"user-triggered-fetchers-google.json", "user-triggered-agents.json", "bingbot.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "ranges", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Replace(name, data); err != nil {
			t.Fatalf("load %s: %v", name, err)
		}
	}
	return r
}

// TestEveryFileAndClass verifies one address from each published file.
func TestEveryFileAndClass(t *testing.T) {
	ranges := withAllFiles(t)
	v := &Verifier{Resolver: testZone(), Ranges: ranges, Timeout: testTimeout, TrustRanges: true}
	tests := []struct {
		ip, claimed, file, class, family string
		verdict                          Verdict
		evidence                         string
	}{
		{"66.249.66.1", "googlebot", "googlebot.json", ClassCommon, FamilyGoogle, Verified, "Google's published ranges for common crawlers"},
		{"66.249.90.77", "adsbot-google", "special-crawlers.json", ClassSpecial, FamilyGoogle, Verified, "special-case crawlers"},
		{"192.0.2.70", "", "user-triggered-fetchers-google.json", ClassUserTriggered, FamilyGoogle, Verified, "user-triggered fetchers"},
		{"2001:db8:70::9", "", "user-triggered-fetchers-google.json", ClassUserTriggered, FamilyGoogle, Verified, "user-triggered fetchers"},
		{"198.51.100.40", "", "user-triggered-agents.json", ClassUserTriggered, FamilyGoogle, Verified, "user-triggered-agents.json"},
		{"157.55.39.10", "bingbot", "bingbot.json", ClassBing, FamilyBing, Verified, "Bing's published ranges for Bingbot"},
		{"207.46.13.5", "bingbot", "bingbot.json", ClassBing, FamilyBing, Verified, "207.46.13.0/24"},
		{"40.77.167.1", "googlebot", "bingbot.json", ClassBing, FamilyBing, Fake, "The address is Bing's, so it is not googlebot."},
		{"157.55.39.10", "googlebot", "bingbot.json", ClassBing, FamilyBing, Fake, "so it is not googlebot"},
	}
	for _, tt := range tests {
		r := v.Verify(context.Background(), tt.ip, tt.claimed)
		m := r.Ranges
		if m.File != tt.file || m.Class != tt.class || m.Family != tt.family || r.Verdict != tt.verdict {
			t.Errorf("%s as %q: %s/%s/%s %s, want %s/%s/%s %s", tt.ip, tt.claimed, m.File, m.Class, m.Family,
				r.Verdict, tt.file, tt.class, tt.family, tt.verdict)
		}
		if !strings.Contains(r.Evidence, tt.evidence) {
			t.Errorf("%s evidence %q lacks %q", tt.ip, r.Evidence, tt.evidence)
		}
	}
}

// TestReverseDNSPatterns checks a name of each documented mask against the
// class of its file.
func TestReverseDNSPatterns(t *testing.T) {
	want := map[string]string{
		"googlebot.json":                      "crawl-66-249-66-1.googlebot.com",
		"special-crawlers.json":               "rate-limited-proxy-66-249-90-77.google.com",
		"user-triggered-fetchers.json":        "203-0-113-9.gae.googleusercontent.com",
		"user-triggered-fetchers-google.json": "google-proxy-192-0-2-70.google.com",
	}
	for _, p := range PublishedFiles() {
		name, ok := want[p.Name]
		if !ok {
			continue
		}
		if c := checkName("", name); !c.accepted || c.class != p.Class || c.family != p.Family {
			t.Errorf("%s (mask %s): %s gives %+v, want class %s", p.Name, p.ReverseDNS, name, c, p.Class)
		}
	}
	if c := checkName("", "geo-crawl-35-247-243-240.geo.googlebot.com"); c.class != ClassCommon {
		t.Errorf("geo-crawl name gives class %q", c.class)
	}
	if c := checkName(FamilyBing, "msnbot-157-55-39-10.search.msn.com"); !c.accepted || c.family != FamilyBing {
		t.Errorf("Bing name gives %+v", c)
	}
}

func TestActionNeededNotice(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "ranges", "googlebot-action-needed.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = LoadRanges("googlebot.json", data)
	want := `googlebot.json is Google's "Action needed" notice, not a list of addresses: the file now lives at https://developers.google.com/static/crawling/ipranges/common-crawlers.json`
	if !errors.As(err, new(*MovedError)) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "creationTime") {
		t.Errorf("LoadRanges(notice) error = %v, want one sentence naming the new URL", err)
	}
	// An HTML notice at the old special-crawlers address names its own file.
	html := []byte("<html><body><h1>Action needed</h1><p>This list has moved.</p></body></html>")
	if _, err := LoadRanges("special-crawlers.json", html); err == nil ||
		!strings.Contains(err.Error(), "/static/crawling/ipranges/special-crawlers.json") {
		t.Errorf("HTML notice error = %v", err)
	}
}

func TestStatusAgesAndMissing(t *testing.T) {
	now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	r := bundled(t) // created 2026-08-21: old by December
	data, err := os.ReadFile(filepath.Join("testdata", "ranges", "user-triggered-agents.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Replace("user-triggered-agents.json", data); err != nil {
		t.Fatal(err)
	}
	got := map[string]FileStatus{}
	for _, st := range r.Status(now) {
		got[st.Name] = st
	}
	if len(got) != 9 {
		t.Fatalf("%d statuses, want the nine published files", len(got))
	}
	old := got["googlebot.json"]
	if !old.Loaded || !old.Bundled || !old.Stale || old.AgeDays != 102 || old.Created != "2026-08-21T14:45:42Z" ||
		!strings.Contains(old.Note, "created 2026-08-21, 102 days old. Warning: older than 30 days") ||
		!strings.Contains(old.Note, "common-crawlers.json") {
		t.Errorf("bundled googlebot.json status = %+v", old)
	}
	fresh := got["user-triggered-agents.json"]
	if !fresh.Loaded || fresh.Bundled || fresh.Stale || fresh.AgeDays != 1 || strings.Contains(fresh.Note, "Warning") {
		t.Errorf("fresh file status = %+v", fresh)
	}
	for _, name := range []string{"user-triggered-fetchers-google.json", "bingbot.json"} {
		if st := got[name]; st.Loaded || !strings.Contains(st.Note, "is not loaded") || !strings.Contains(st.Note, st.URL) {
			t.Errorf("%s status = %+v, want it said missing with its URL", name, st)
		}
	}
}

// TestDNSNotWorking runs with a resolver that says "no such name" to
// everything: no verdict may rest on a missing name.
func TestDNSNotWorking(t *testing.T) {
	v := &Verifier{Resolver: &fakeResolver{}, Ranges: bundled(t), Timeout: testTimeout}
	res := v.VerifyAll(context.Background(), []Claim{{"66.249.66.1", "googlebot"}, {"203.0.113.10", "googlebot"}}, nil)
	if res[0].Verdict != Verified || !strings.Contains(res[0].Evidence, "DNS is not working here") ||
		!strings.Contains(res[0].Evidence, "rests on the published range alone") {
		t.Errorf("in-range address: %s, %q", res[0].Verdict, res[0].Evidence)
	}
	if res[1].Verdict != Unknown || strings.Contains(res[1].Evidence, "has no reverse DNS name") ||
		!strings.Contains(res[1].Evidence, "rests on the published ranges alone") {
		t.Errorf("out-of-range address: %s, %q", res[1].Verdict, res[1].Evidence)
	}
	// With a working DNS the same empty answer is evidence.
	v.Resolver = testZone()
	if r := v.Verify(context.Background(), "203.0.113.10", "googlebot"); r.Verdict != Fake {
		t.Errorf("working DNS: %s, %q", r.Verdict, r.Evidence)
	}
}

func TestBingOutsideItsRanges(t *testing.T) {
	v := &Verifier{Resolver: testZone(), Ranges: withAllFiles(t), Timeout: testTimeout}
	r := v.Verify(context.Background(), "203.0.113.20", "bingbot")
	if r.Verdict != Unknown || !strings.Contains(r.Evidence, "outside Bing's published ranges") {
		t.Errorf("bingbot outside bingbot.json with DNS refused: %s, %q", r.Verdict, r.Evidence)
	}
}
