package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestRobotsAIMatrix runs `cutoff robots --ai` on a publisher's robots.txt:
// one column per AI token, control tokens said to fetch nothing.
func TestRobotsAIMatrix(t *testing.T) {
	t.Parallel()
	file := filepath.Join("..", "inspect", "robots", "testdata", "ai", "news-publisher.txt")
	code, stdout, stderr := run(t, "robots", "--ai", "--file", file, "/2026/12/story.html")
	if code != exitOK {
		t.Fatalf("exit code = %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"gptbot", "claudebot", "google-extended", "Google-Extended: control token (fetches nothing)",
		"claude-web: retired", "Sitemaps (2):", "https://news.example/sitemaps/news.xml"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text report lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, _ = run(t, "robots", "--ai", "--json", "--agent", "googlebot", "--file", file, "/2026/12/story.html")
	var got struct {
		Results []struct {
			Agent   string
			Allowed bool
			Note    string
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != exitOK {
		t.Fatalf("exit %d, JSON %v", code, err)
	}
	if len(got.Results) != 17 || got.Results[0].Agent != "googlebot" || !got.Results[0].Allowed {
		t.Fatalf("want googlebot (allowed) then 16 AI columns, got %+v", got.Results)
	}
}
