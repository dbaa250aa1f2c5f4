package verify

import (
	"errors"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"
)

// edgeFile has prefixes whose edges the match tests probe, including a
// prefix nested inside another.
const edgeFile = `{
  "creationTime": "2026-01-02T03:04:05.000000",
  "prefixes": [
    {"ipv6Prefix": "2001:4860:4801:10::/64"},
    {"ipv6Prefix": "2001:db8:ff00::/40"},
    {"ipv4Prefix": "66.249.64.0/27"},
    {"ipv4Prefix": "192.0.2.0/24"},
    {"ipv4Prefix": "192.0.2.128/28"},
    {"ipv4Prefix": "198.51.100.7/32"}
  ]
}`

const specialFile = `{"creationTime": "2026-01-01T00:00:00.000000",
  "prefixes": [{"ipv4Prefix": "192.0.2.128/28"}, {"ipv4Prefix": "66.249.90.64/27"}]}`

func mustLoad(t testing.TB, name, data string) *RangeFile {
	t.Helper()
	f, err := LoadRanges(name, []byte(data))
	if err != nil {
		t.Fatalf("LoadRanges(%q) error: %v", name, err)
	}
	return f
}

func TestRangesMatchEdges(t *testing.T) {
	r := NewRanges(mustLoad(t, "googlebot.json", edgeFile), mustLoad(t, "special-crawlers.json", specialFile))
	tests := []struct {
		name   string
		ip     string
		prefix string // "" when no prefix may match
		class  string
	}{
		{"v4 first address", "66.249.64.0", "66.249.64.0/27", ClassCommon},
		{"v4 last address", "66.249.64.31", "66.249.64.0/27", ClassCommon},
		{"v4 one past the end", "66.249.64.32", "", ""},
		{"v4 one before the start", "66.249.63.255", "", ""},
		{"v4 single address prefix", "198.51.100.7", "198.51.100.7/32", ClassCommon},
		{"v4 next to single address", "198.51.100.8", "", ""},
		{"v4 nested prefix wins", "192.0.2.130", "192.0.2.128/28", ClassCommon},
		{"v4 outer prefix around nested", "192.0.2.200", "192.0.2.0/24", ClassCommon},
		{"v4 second file", "66.249.90.95", "66.249.90.64/27", ClassSpecial},
		{"v4-mapped v6 looks up v4", "::ffff:66.249.64.5", "66.249.64.0/27", ClassCommon},
		{"v6 first address", "2001:4860:4801:10::", "2001:4860:4801:10::/64", ClassCommon},
		{"v6 last address", "2001:4860:4801:10:ffff:ffff:ffff:ffff", "2001:4860:4801:10::/64", ClassCommon},
		{"v6 one past the end", "2001:4860:4801:11::", "", ""},
		{"v6 one before the start", "2001:4860:4801:f:ffff:ffff:ffff:ffff", "", ""},
		{"v6 /40 last address", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "2001:db8:ff00::/40", ClassCommon},
		{"v6 /40 one before", "2001:db8:feff:ffff:ffff:ffff:ffff:ffff", "", ""},
		{"v6 with zone", "2001:4860:4801:10::1%eth0", "2001:4860:4801:10::/64", ClassCommon},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := r.Match(netip.MustParseAddr(tt.ip))
			if got, want := ok, tt.prefix != ""; got != want {
				t.Fatalf("Match(%s) ok = %v, want %v (got %+v)", tt.ip, got, want, m)
			}
			if got, want := m.Prefix, tt.prefix; got != want {
				t.Errorf("Match(%s).Prefix = %q, want %q", tt.ip, got, want)
			}
			if got, want := m.Class, tt.class; got != want {
				t.Errorf("Match(%s).Class = %q, want %q", tt.ip, got, want)
			}
			if m.Matched != ok {
				t.Errorf("Match(%s).Matched = %v, want %v", tt.ip, m.Matched, ok)
			}
		})
	}
}

func TestLoadRanges(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		data     string
		class    string // expected class when err is ""
		prefixes int
		err      string // substring of the error, "" for success
	}{
		{"common by old name", "googlebot.json", edgeFile, ClassCommon, 6, ""},
		{"common by new name", "common-crawlers.json", edgeFile, ClassCommon, 6, ""},
		{"downloaded copy", "/home/me/Downloads/special-crawlers (1).json", specialFile, ClassSpecial, 2, ""},
		{"google-controlled fetchers", "user-triggered-fetchers-google.json", specialFile, ClassUserTriggered, 2, ""},
		{"agents", "user-triggered-agents.json", specialFile, ClassUserTriggered, 2, ""},
		{"RFC 3339 time", "googlebot.json", `{"creationTime":"2026-01-02T03:04:05Z","prefixes":[{"ipv4Prefix":"10.0.0.0/8"}]}`, ClassCommon, 1, ""},
		{"unmasked prefix is masked", "googlebot.json", `{"creationTime":"2026-01-02T03:04:05.000000","prefixes":[{"ipv4Prefix":"10.1.2.3/8"}]}`, ClassCommon, 1, ""},
		{"unknown name", "ranges.json", edgeFile, "", 0, "unknown range file name"},
		{"not JSON", "googlebot.json", "<html>", "", 0, "invalid JSON"},
		{"truncated JSON", "googlebot.json", edgeFile[:40], "", 0, "invalid JSON"},
		{"missing creationTime", "googlebot.json", `{"prefixes":[{"ipv4Prefix":"10.0.0.0/8"}]}`, "", 0, "creationTime field is missing"},
		{"bad creationTime", "googlebot.json", `{"creationTime":"yesterday","prefixes":[{"ipv4Prefix":"10.0.0.0/8"}]}`, "", 0, "not a timestamp"},
		{"no prefixes", "googlebot.json", `{"creationTime":"2026-01-02T03:04:05.000000","prefixes":[]}`, "", 0, "no prefixes"},
		{"bad prefix", "googlebot.json", `{"creationTime":"2026-01-02T03:04:05.000000","prefixes":[{"ipv4Prefix":"10.0.0.0/33"}]}`, "", 0, "prefix 1"},
		{"wrong family", "googlebot.json", `{"creationTime":"2026-01-02T03:04:05.000000","prefixes":[{"ipv4Prefix":"2001:db8::/32"}]}`, "", 0, "wrong address family"},
		{"both keys", "googlebot.json", `{"creationTime":"2026-01-02T03:04:05.000000","prefixes":[{"ipv4Prefix":"10.0.0.0/8","ipv6Prefix":"2001:db8::/32"}]}`, "", 0, "exactly one"},
		{"empty prefix object", "googlebot.json", `{"creationTime":"2026-01-02T03:04:05.000000","prefixes":[{}]}`, "", 0, "exactly one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := LoadRanges(tt.file, []byte(tt.data))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("LoadRanges(%q) error = %v, want one containing %q", tt.file, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("LoadRanges(%q) error: %v", tt.file, err)
			}
			if got, want := f.Class, tt.class; got != want {
				t.Errorf("LoadRanges(%q).Class = %q, want %q", tt.file, got, want)
			}
			if got, want := len(f.Prefixes), tt.prefixes; got != want {
				t.Errorf("LoadRanges(%q) has %d prefixes, want %d", tt.file, got, want)
			}
		})
	}
}

func TestLoadRangesTooBig(t *testing.T) {
	_, err := LoadRanges("googlebot.json", make([]byte, MaxRangeFileBytes+1))
	if !errors.Is(err, errRangeTooBig) {
		t.Errorf("LoadRanges(oversized) error = %v, want errRangeTooBig", err)
	}
}

func TestBundled(t *testing.T) {
	r := bundled(t)
	files := r.Files()
	if got, want := len(files), 3; got != want {
		t.Fatalf("Bundled() has %d files, want %d", got, want)
	}
	for _, f := range files {
		if !f.Bundled || f.Prefixes == 0 || f.Created.IsZero() {
			t.Errorf("bundled file %+v: want Bundled, prefixes and a creation time", f)
		}
	}
	for ip, want := range map[string]string{
		"66.249.66.1":          "googlebot.json",
		"66.249.90.77":         "special-crawlers.json",
		"107.178.192.1":        "user-triggered-fetchers.json",
		"2001:4860:4801:10::1": "googlebot.json",
	} {
		m, _ := r.Match(netip.MustParseAddr(ip))
		if m.File != want {
			t.Errorf("bundled Match(%s).File = %q, want %q", ip, m.File, want)
		}
	}
	created, ok := r.CreationTime("common-crawlers.json")
	if !ok || created.Year() < 2025 {
		t.Errorf("CreationTime(common-crawlers.json) = %v, %v; want the bundled googlebot.json date", created, ok)
	}
}

func TestReplace(t *testing.T) {
	r := NewRanges(mustLoad(t, "googlebot.json", edgeFile))
	newer := `{"creationTime":"2026-02-01T00:00:00.000000","prefixes":[{"ipv4Prefix":"203.0.113.0/24"}]}`
	older := `{"creationTime":"2025-12-01T00:00:00.000000","prefixes":[{"ipv4Prefix":"198.18.0.0/15"}]}`

	if err := r.Replace("common-crawlers.json", []byte(newer)); err != nil {
		t.Fatalf("Replace(newer) error: %v", err)
	}
	if _, ok := r.Match(netip.MustParseAddr("66.249.64.1")); ok {
		t.Error("after Replace, an address only in the old file still matches")
	}
	if m, ok := r.Match(netip.MustParseAddr("203.0.113.9")); !ok || m.File != "googlebot.json" {
		t.Errorf("after Replace, Match(203.0.113.9) = %+v, %v; want googlebot.json", m, ok)
	}
	if got, _ := r.CreationTime("googlebot.json"); !got.Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("CreationTime after Replace = %v, want 2026-02-01", got)
	}
	if err := r.Replace("googlebot.json", []byte(older)); err == nil || !strings.Contains(err.Error(), "before the one in use") {
		t.Errorf("Replace(older) error = %v, want a refusal", err)
	}
	if err := r.Replace("special-crawlers.json", []byte(specialFile)); err != nil {
		t.Fatalf("Replace(new slot) error: %v", err)
	}
	if got, want := len(r.Files()), 2; got != want {
		t.Errorf("after adding a slot, %d files, want %d", got, want)
	}
	if err := r.Replace("ranges.json", []byte(newer)); !errors.Is(err, errRangeName) {
		t.Errorf("Replace(unknown name) error = %v, want errRangeName", err)
	}
}

// TestReplaceWhileMatching runs lookups beside replacements (for -race).
func TestReplaceWhileMatching(t *testing.T) {
	r := bundled(t)
	ip := netip.MustParseAddr("66.249.66.1")
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 1000 {
			if _, ok := r.Match(ip); !ok {
				t.Error("Match lost the address while files were replaced")
				return
			}
		}
	})
	for i := range 20 {
		data := `{"creationTime":"2027-01-01T00:00:` + string(rune('0'+i/10)) + string(rune('0'+i%10)) +
			`.000000","prefixes":[{"ipv4Prefix":"66.249.66.0/24"}]}`
		if err := r.Replace("googlebot.json", []byte(data)); err != nil {
			t.Fatalf("Replace error: %v", err)
		}
	}
	wg.Wait()
}

func BenchmarkRangesMatch(b *testing.B) {
	r := bundled(b)
	ips := []netip.Addr{
		netip.MustParseAddr("66.249.66.1"),
		netip.MustParseAddr("203.0.113.7"),
		netip.MustParseAddr("2001:4860:4801:10::1"),
		netip.MustParseAddr("2001:db8::1"),
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r.Match(ips[i%len(ips)])
		i++
	}
}

func FuzzLoadRanges(f *testing.F) {
	f.Add([]byte(edgeFile))
	f.Add([]byte(specialFile))
	f.Add([]byte(`{"creationTime":"x","prefixes":[{"ipv4Prefix":"1.2.3.4/40"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rf, err := LoadRanges("googlebot.json", data)
		if err != nil {
			return
		}
		r := NewRanges(rf)
		for _, p := range rf.Prefixes {
			if m, ok := r.Match(p.Addr()); !ok || !m.Matched {
				t.Fatalf("the first address of %s does not match its own file", p)
			}
		}
	})
}
