package robots

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAIMatrixVerdicts evaluates every AI token against robots.txt files
// written the way big sites publish them, for one article URL.
func TestAIMatrixVerdicts(t *testing.T) {
	tests := []struct {
		file    string
		blocked []string // every other token is allowed
		starFor []string // tokens decided by the "*" group
	}{
		{"news-publisher.txt",
			[]string{"gptbot", "chatgpt-user", "ccbot", "anthropic-ai", "claude-web", "google-extended",
				"applebot-extended", "perplexitybot", "bytespider", "meta-externalagent"},
			// The old anthropic-ai group does not reach ClaudeBot.
			[]string{"claudebot", "claude-user", "claude-searchbot", "oai-searchbot", "amazonbot", "perplexity-user"}},
		{"cloudflare-managed.txt",
			[]string{"amazonbot", "applebot-extended", "bytespider", "ccbot", "claudebot", "google-extended",
				"gptbot", "meta-externalagent"},
			[]string{"oai-searchbot", "chatgpt-user", "perplexitybot", "anthropic-ai"}},
		{"shared-group.txt",
			[]string{"gptbot", "claudebot"},
			[]string{"ccbot", "google-extended", "bytespider"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join("testdata", "ai", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			r := ReportFile(tt.file, body, AISpecs(), []string{"/2026/12/story.html"})
			if len(r.Results) != 16 {
				t.Fatalf("%d results, want one per AI token (16)", len(r.Results))
			}
			for _, res := range r.Results {
				wantBlocked := slices.Contains(tt.blocked, res.Agent)
				if res.Allowed == wantBlocked {
					t.Errorf("%s: allowed = %v, want %v (%s)", res.Agent, res.Allowed, !wantBlocked, res.Reason)
				}
				if wantBlocked && (res.Line == 0 || res.Rule != "Disallow: /") {
					t.Errorf("%s: blocked by line %d %q, want a Disallow: / line", res.Agent, res.Line, res.Rule)
				}
				if slices.Contains(tt.starFor, res.Agent) && res.Group != "*" {
					t.Errorf("%s: decided by group %q, want *", res.Agent, res.Group)
				}
			}
		})
	}
}

// TestSharedGroupBlocksGooglebot shows the accident the matrix exists for:
// the AI group also names Googlebot.
func TestSharedGroupBlocksGooglebot(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "ai", "shared-group.txt"))
	if err != nil {
		t.Fatal(err)
	}
	v := Parse(body).CheckChain([]string{"googlebot"}, false, "/2026/12/story.html")
	if v.Allowed || v.Line != 6 {
		t.Errorf("googlebot: allowed=%v line=%d, want blocked by line 6", v.Allowed, v.Line)
	}
}

func TestAISpecsNotes(t *testing.T) {
	notes := map[string]string{}
	for _, s := range AISpecs() {
		notes[s.Label] = s.Note
	}
	if notes["gptbot"] != "" {
		t.Errorf("gptbot is a crawler, got note %q", notes["gptbot"])
	}
	for _, token := range []string{"google-extended", "applebot-extended"} {
		if !strings.Contains(notes[token], "fetches nothing") {
			t.Errorf("%s note = %q, want a control-token note", token, notes[token])
		}
	}
	if !strings.Contains(notes["claude-web"], "retired") {
		t.Errorf("claude-web note = %q, want retired", notes["claude-web"])
	}
}

func TestOutcomeSitemaps(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "ai", "news-publisher.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got := FromFile("robots.txt", body).Sitemaps()
	want := []string{"https://news.example/sitemaps/news.xml", "https://news.example/sitemaps/sections.xml"}
	if !slices.Equal(got, want) {
		t.Errorf("Sitemaps() = %q, want %q", got, want)
	}
	if s := AllowAll("https://x.example/robots.txt", "404").Sitemaps(); s != nil {
		t.Errorf("an unparsed outcome lists sitemaps %q", s)
	}
}
