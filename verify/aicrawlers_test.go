package verify

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// aiLog is an access log of AI crawlers and one Googlebot, with an address
// field that is not an address.
func aiLog() string {
	lines := []struct{ ip, ua string }{
		{"192.0.2.10", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot"},
		{"192.0.2.10", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot"},
		{"203.0.113.50", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot"},
		{"203.0.113.51", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot"},
		{"198.51.100.200", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)"},
		{"203.0.113.60", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"},
		{"203.0.113.60", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"},
		{"203.0.113.61", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"},
		{"203.0.113.70", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
		{"not-an-ip", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
	}
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%s - - [12/Oct/2026:06:25:24 +0000] \"GET / HTTP/1.1\" 200 512 \"-\" \"%s\"\n", l.ip, l.ua)
	}
	return b.String()
}

func loadTestFile(t *testing.T, name string) *RangeFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "ranges", name))
	if err != nil {
		t.Fatal(err)
	}
	return mustLoad(t, name, string(data))
}

// TestScanLogAICrawlers: GPTBot and PerplexityBot are verified by their
// operators' range files, ClaudeBot is counted as unverifiable (Anthropic
// publishes nothing), a crawler whose file is not loaded is unknown for that
// reason, and the summary says that DNS is not working and how old the
// range files are.
func TestScanLogAICrawlers(t *testing.T) {
	gb, err := os.ReadFile(filepath.Join("testdata", "googlebot.json"))
	if err != nil {
		t.Fatal(err)
	}
	ranges := NewRanges(mustLoad(t, "googlebot.json", string(gb)), loadTestFile(t, "gptbot.json"), loadTestFile(t, "perplexitybot.json"))
	v := &Verifier{Resolver: &fakeResolver{}, Ranges: ranges, Timeout: testTimeout}
	sum, err := ScanLog(context.Background(), strings.NewReader(aiLog()), v, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum.RangeFiles = ranges.Status(time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC))
	verdicts := map[string]Verdict{}
	for _, r := range sum.Results {
		verdicts[r.Claimed+" "+r.IP] = r.Verdict
	}
	want := map[string]Verdict{
		"gptbot 192.0.2.10":            Verified,
		"gptbot 203.0.113.50":          Fake,
		"oai-searchbot 203.0.113.51":   Unknown,
		"perplexitybot 198.51.100.200": Verified,
		"claudebot 203.0.113.60":       Unverifiable,
		"claudebot 203.0.113.61":       Unverifiable,
		"googlebot 203.0.113.70":       Unknown,
	}
	for k, w := range want {
		if verdicts[k] != w {
			t.Errorf("%s: verdict %q, want %q", k, verdicts[k], w)
		}
	}
	if len(verdicts) != len(want) || sum.JunkLines != 1 {
		t.Errorf("%d results (%v), %d junk lines; want %d results and the not-an-ip line as junk", len(verdicts), verdicts, sum.JunkLines, len(want))
	}
	if !sum.DNSBroken {
		t.Error("DNSBroken = false with every answer NXDOMAIN")
	}
	var text bytes.Buffer
	if err := sum.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"DNS is not working here",
		"1 address outside every loaded range is unknown",
		"1 address is unknown because the range file that would decide is not loaded",
		"The verdicts rest on range files up to 321 days old (googlebot.json, created 2026-01-15)",
		"claudebot: 3 requests from 2 addresses cannot be verified: Anthropic publishes nothing",
		"UNVERIFIABLE",
	} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("summary lacks %q:\n%s", s, text.String())
		}
	}
}

// TestVerifyNotAnAddress: what is not an IP is said so, not counted unknown.
func TestVerifyNotAnAddress(t *testing.T) {
	v := &Verifier{Resolver: &fakeResolver{}, Timeout: testTimeout}
	if r := v.Verify(context.Background(), "not-an-ip", "googlebot"); r.Verdict != NotAnAddress {
		t.Errorf("verdict %q, want %q", r.Verdict, NotAnAddress)
	}
}
