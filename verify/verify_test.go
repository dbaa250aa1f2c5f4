package verify

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

func bundled(t testing.TB) *Ranges {
	t.Helper()
	r, err := Bundled()
	if err != nil {
		t.Fatalf("Bundled() error: %v", err)
	}
	return r
}

// testTimeout keeps the lookups that never answer short.
const testTimeout = 100 * time.Millisecond

func TestVerify(t *testing.T) {
	ranges := bundled(t)
	tests := []struct {
		name     string
		ip       string
		claimed  string
		noRanges bool // verify without any range file
		verdict  Verdict
		forward  bool
		rangeIn  string // expected matching file, "" for none
		family   string
		evidence string // substring of Evidence
		err      string // substring of Error, "" for none
	}{
		{"genuine googlebot in range and DNS", "66.249.66.1", "googlebot", false,
			Verified, true, "googlebot.json", FamilyGoogle, "Reverse DNS agrees", ""},
		{"genuine googlebot by DNS only", "66.249.66.1", "googlebot", true,
			Verified, true, "", FamilyGoogle, "the name of a Google common crawler", ""},
		{"googlebot confirmed outside the bundled ranges", "203.0.113.1", "googlebot", false,
			Verified, true, "", FamilyGoogle, "a newer file may list it", ""},
		{"geo crawl name, IPv4-mapped forward answer", "203.0.113.15", "googlebot", false,
			Verified, true, "", FamilyGoogle, "geo-crawl-203-0-113-15.geo.googlebot.com", ""},
		{"spoofed PTR not forward-confirmed", "203.0.113.5", "googlebot", false,
			Fake, false, "", "", "resolves to 66.249.66.1, not to 203.0.113.5", ""},
		{"spoofed PTR without A record", "203.0.113.6", "googlebot", false,
			Fake, false, "", "", "does not exist in forward DNS", ""},
		{"PTR outside the domains", "203.0.113.7", "googlebot", false,
			Fake, false, "", "", "evil.example.net, which is not in googlebot.com", ""},
		{"cloud customer under googleusercontent.com", "203.0.113.8", "googlebot", false,
			Fake, false, "", "", "Google Cloud customers", ""},
		{"user-triggered fetcher on gae", "203.0.113.9", "google-site-verification", false,
			Verified, true, "", FamilyGoogle, "user-triggered fetcher", ""},
		{"NXDOMAIN outside the ranges", "203.0.113.10", "googlebot", false,
			Fake, false, "", "", "has no reverse DNS name", ""},
		{"reverse timeout outside the ranges", "203.0.113.21", "googlebot", false,
			Unknown, false, "", "", "outside every published Google range", "timed out"},
		{"reverse timeout without ranges", "203.0.113.21", "googlebot", true,
			Unknown, false, "", "", "no Google range file is loaded", "timed out"},
		{"reverse timeout inside a range", "66.249.66.2", "googlebot", false,
			Verified, false, "googlebot.json", FamilyGoogle, "the published range decides", "timed out"},
		{"DNS refused", "203.0.113.20", "googlebot", false,
			Unknown, false, "", "", "DNS could not be reached", "connection refused"},
		{"forward lookup timeout", "203.0.113.11", "googlebot", false,
			Unknown, false, "", "", "forward lookup that would confirm it failed", "forward DNS lookup"},
		{"special-case crawler claiming googlebot", "66.249.90.77", "googlebot", false,
			Verified, true, "special-crawlers.json", FamilyGoogle, "Note: that places it among Google's special-case crawlers", ""},
		{"adsbot in its own class", "66.249.90.77", "adsbot-google", false,
			Verified, true, "special-crawlers.json", FamilyGoogle, "Reverse DNS agrees", ""},
		{"bing genuine", "203.0.113.12", "bingbot", false,
			Verified, true, "", FamilyBing, "in search.msn.com", ""},
		{"bing claim from a Google range", "66.249.66.1", "bingbot", false,
			Fake, false, "googlebot.json", FamilyGoogle, "so it is not bingbot", ""},
		{"bing claim with a Google name", "203.0.113.1", "bingbot", false,
			Fake, false, "", "", "a Google name, not in search.msn.com", ""},
		{"bing NXDOMAIN", "203.0.113.10", "bingbot", false,
			Fake, false, "", "", "every genuine bingbot address has one in search.msn.com", ""},
		{"bing DNS refused", "203.0.113.20", "bingbot", false,
			Unknown, false, "", "", "bingbot.json, Bing's range file, is not loaded", "connection refused"},
		{"applebot genuine", "203.0.113.13", "applebot", false,
			Verified, true, "", FamilyApple, "applebot.apple.com", ""},
		{"yandex genuine", "203.0.113.14", "yandexbot", false,
			Verified, true, "", FamilyYandex, "yandex.ru, yandex.net or yandex.com", ""},
		{"no claim, Bing name", "203.0.113.12", "", false,
			Verified, true, "", FamilyBing, "search.msn.com", ""},
		{"no claim, PTR outside every domain", "203.0.113.7", "", false,
			Fake, false, "", "", "not in googlebot.com", ""},
		{"claim given as a user agent", "66.249.66.1",
			"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", false,
			Verified, true, "googlebot.json", FamilyGoogle, "googlebot.json", ""},
		{"unknown claim", "203.0.113.12", "duckduckbot", false,
			Verified, true, "", FamilyBing, `"duckduckbot" is not a crawler Cutoff can verify`, ""},
		{"IPv6 in range", "2001:4860:4801:10::1", "googlebot", false,
			Verified, false, "googlebot.json", FamilyGoogle, "2001:4860:4801:10::/64", ""},
		{"IPv6 by DNS", "2001:db8::1", "googlebot", false,
			Verified, true, "", FamilyGoogle, "resolves back to 2001:db8::1", ""},
		{"IPv4-mapped IPv6 input", "::ffff:66.249.66.1", "googlebot", false,
			Verified, true, "googlebot.json", FamilyGoogle, "66.249.66.1 is inside 66.249.66.0/27", ""},
		{"bracketed IPv6 input", "[2001:db8::1]", "googlebot", false,
			Verified, true, "", FamilyGoogle, "crawl-2001-db8--1.googlebot.com", ""},
		{"not an address", "66.249.66", "googlebot", false,
			NotAnAddress, false, "", "", "is not an IP address", "not an IP address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := &Verifier{Resolver: testZone(), Ranges: ranges, Timeout: testTimeout}
			if tt.noRanges {
				v.Ranges = nil
			}
			got := v.Verify(context.Background(), tt.ip, tt.claimed)
			if got.Verdict != tt.verdict {
				t.Errorf("Verify(%q, %q).Verdict = %q, want %q (evidence: %s)", tt.ip, tt.claimed, got.Verdict, tt.verdict, got.Evidence)
			}
			if got.ForwardConfirmed != tt.forward {
				t.Errorf("Verify(%q, %q).ForwardConfirmed = %v, want %v", tt.ip, tt.claimed, got.ForwardConfirmed, tt.forward)
			}
			if got, want := got.Ranges.File, tt.rangeIn; got != want {
				t.Errorf("Verify(%q, %q).Ranges.File = %q, want %q", tt.ip, tt.claimed, got, want)
			}
			if got.Family != tt.family {
				t.Errorf("Verify(%q, %q).Family = %q, want %q", tt.ip, tt.claimed, got.Family, tt.family)
			}
			if !strings.Contains(got.Evidence, tt.evidence) {
				t.Errorf("Verify(%q, %q).Evidence = %q, want it to contain %q", tt.ip, tt.claimed, got.Evidence, tt.evidence)
			}
			if (tt.err == "") != (got.Error == "") || !strings.Contains(got.Error, tt.err) {
				t.Errorf("Verify(%q, %q).Error = %q, want %q", tt.ip, tt.claimed, got.Error, tt.err)
			}
		})
	}
}

func TestVerifyClaimedIsNormalised(t *testing.T) {
	v := &Verifier{Resolver: testZone(), Ranges: bundled(t)}
	got := v.Verify(context.Background(), "66.249.66.1", "Googlebot-Image/1.0")
	if got, want := got.Claimed, "googlebot-image"; got != want {
		t.Errorf("Claimed = %q, want %q", got, want)
	}
	if got.ReverseDNS == nil {
		t.Error("ReverseDNS is nil, want an empty or filled list for JSON")
	}
}

func TestVerifyAllOrderAndCache(t *testing.T) {
	zone := testZone()
	v := &Verifier{Resolver: zone, Ranges: bundled(t), Timeout: testTimeout}
	var claims []Claim
	for range 50 {
		claims = append(claims, Claim{"66.249.66.1", "googlebot"}, Claim{"203.0.113.7", "googlebot"})
	}
	var calls int
	var last int64
	got := v.VerifyAll(context.Background(), claims, func(done, total int64) {
		calls++
		last = done
		if total != int64(len(claims)) {
			t.Errorf("progress total = %d, want %d", total, len(claims))
		}
	})
	for i, r := range got {
		want := Verified
		if i%2 == 1 {
			want = Fake
		}
		if r.Verdict != want || r.IP != claims[i].IP {
			t.Fatalf("result %d = %s %s, want %s %s", i, r.IP, r.Verdict, claims[i].IP, want)
		}
	}
	// Two addresses: one reverse lookup each, one forward lookup for the
	// accepted name; the outside name is never looked up.
	if got, want := zone.calls.Load(), int64(3); got != want {
		t.Errorf("resolver calls = %d, want %d (cache per run)", got, want)
	}
	if calls == 0 || last != int64(len(claims)) {
		t.Errorf("progress called %d times, last done = %d, want ≥1 and %d", calls, last, len(claims))
	}
}

// TestVerifyAllNoNetwork runs many addresses against a DNS that never
// answers: the breaker must stop the run after about one timeout.
func TestVerifyAllNoNetwork(t *testing.T) {
	tests := []struct {
		name string
		zone *fakeResolver
	}{
		{"resolver honours its context", &fakeResolver{blockAll: true}},
		{"resolver ignores its context", &fakeResolver{hang: make(chan struct{})}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.zone.hang != nil {
				defer close(tt.zone.hang)
			}
			v := &Verifier{Resolver: tt.zone, Ranges: bundled(t), Timeout: testTimeout, Concurrency: 4}
			claims := make([]Claim, 2000)
			for i := range claims {
				claims[i] = Claim{IP: "203.0." + strconv.Itoa(i/250) + "." + strconv.Itoa(i%250), Claimed: "googlebot"}
			}
			claims[0] = Claim{"66.249.66.1", "googlebot"}
			start := time.Now()
			got := v.VerifyAll(context.Background(), claims, nil)
			if elapsed := time.Since(start); elapsed > 20*testTimeout {
				t.Errorf("VerifyAll took %v with DNS down, want about %v", elapsed, 2*testTimeout)
			}
			if got[0].Verdict != Verified {
				t.Errorf("in-range address verdict = %s, want verified by range", got[0].Verdict)
			}
			for _, r := range got[1:] {
				if r.Verdict != Unknown || r.Error == "" {
					t.Fatalf("%s: verdict %s error %q, want unknown with an error", r.IP, r.Verdict, r.Error)
				}
			}
			if n := tt.zone.calls.Load(); n > 3*breakerThreshold {
				t.Errorf("resolver asked %d times, want the breaker to stop it near %d", n, breakerThreshold)
			}
		})
	}
}

func TestVerifyAllCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v := &Verifier{Resolver: testZone(), Ranges: bundled(t)}
	got := v.VerifyAll(ctx, []Claim{{"203.0.113.7", "googlebot"}, {"66.249.66.1", "googlebot"}}, nil)
	if got[0].Verdict != Unknown || got[0].Error != "cancelled" {
		t.Errorf("cancelled outside range: %s %q, want unknown \"cancelled\"", got[0].Verdict, got[0].Error)
	}
	if got[1].Verdict != Verified || !got[1].Ranges.Matched {
		t.Errorf("cancelled, inside a range: %s %+v, want verified by the range", got[1].Verdict, got[1].Ranges)
	}
}

func TestVerifyTrustRanges(t *testing.T) {
	zone := testZone()
	v := &Verifier{Resolver: zone, Ranges: bundled(t), TrustRanges: true}
	got := v.Verify(context.Background(), "66.249.66.1", "googlebot")
	if got.Verdict != Verified || len(got.ReverseDNS) != 0 || !strings.Contains(got.Evidence, "DNS was not asked") {
		t.Errorf("in range with TrustRanges: %s, reverse %v, evidence %q; want verified without DNS", got.Verdict, got.ReverseDNS, got.Evidence)
	}
	if n := zone.calls.Load(); n != 0 {
		t.Errorf("resolver asked %d times for an address inside a range, want 0", n)
	}
	if got := v.Verify(context.Background(), "203.0.113.7", "googlebot"); got.Verdict != Fake || zone.calls.Load() == 0 {
		t.Errorf("outside the ranges with TrustRanges: %s after %d lookups, want fake by DNS", got.Verdict, zone.calls.Load())
	}
}

// TestVerifyAllBrokenZonesKeepDNS checks that a run of addresses whose
// reverse zones time out does not stop a working resolver from being asked.
func TestVerifyAllBrokenZonesKeepDNS(t *testing.T) {
	zone := testZone()
	var claims []Claim
	claims = append(claims, Claim{"203.0.113.7", "googlebot"}) // DNS answers first
	for i := range 2 * breakerThreshold {
		ip := "198.51.100." + strconv.Itoa(i)
		zone.block[ip] = true
		claims = append(claims, Claim{ip, "googlebot"})
	}
	claims = append(claims, Claim{"203.0.113.5", "googlebot"})
	v := &Verifier{Resolver: zone, Ranges: bundled(t), Timeout: testTimeout, Concurrency: 1}
	got := v.VerifyAll(context.Background(), claims, nil)
	if last := got[len(got)-1]; last.Verdict != Fake {
		t.Errorf("after %d broken zones, %s = %s (%s), want fake: DNS still works", 2*breakerThreshold, last.IP, last.Verdict, last.Error)
	}
}
