package fetch

import (
	"strings"
	"testing"
)

func TestAITokensSourcedAndConsistent(t *testing.T) {
	want := []string{"GPTBot", "OAI-SearchBot", "ChatGPT-User", "ClaudeBot", "Claude-User",
		"Claude-SearchBot", "PerplexityBot", "Perplexity-User", "Google-Extended", "Applebot-Extended",
		"CCBot", "Meta-ExternalAgent", "Bytespider", "Amazonbot", "anthropic-ai", "claude-web"}
	got := AITokens()
	if len(got) != len(want) {
		t.Fatalf("AITokens has %d tokens, want %d", len(got), len(want))
	}
	for i, tok := range got {
		if tok.Token != want[i] {
			t.Errorf("token %d = %q, want %q", i, tok.Token, want[i])
		}
		if tok.Source.Note == "" || tok.Source.Date == "" || tok.Vendor == "" || tok.Purpose == "" {
			t.Errorf("%s lacks a vendor, purpose or dated source: %+v", tok.Token, tok)
		}
		if tok.ProfileID != "" {
			p, ok := Lookup(tok.ProfileID)
			if !ok {
				t.Errorf("%s names profile %q, which is not built in", tok.Token, tok.ProfileID)
			} else if !strings.EqualFold(p.RobotsTokens[0], tok.Token) {
				t.Errorf("%s: profile %s obeys %q first", tok.Token, p.ID, p.RobotsTokens[0])
			}
		}
	}
}
