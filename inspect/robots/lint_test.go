package robots

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLint(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		code     string
		line     int
		severity string
	}{
		{"accepted typo", "User-agent: *\nDisalow: /private/", "typo", 2, SeverityWarning},
		{"user agent typo", "User agent: *\nDisallow: /private/", "typo", 1, SeverityWarning},
		{"key read by prefix", "User-agent: *\nDisallowed: /private/", "key-prefix", 2, SeverityInfo},
		{"missing colon", "User-agent *\nDisallow: /private/", "missing-colon", 1, SeverityInfo},
		{"rule before any user-agent", "Disallow: /private/\nUser-agent: *", "rule-before-user-agent", 1, SeverityWarning},
		{"unknown directive", "User-agent: *\nunicorns: /extinct", "unknown-directive", 2, SeverityInfo},
		{"content signal", "User-agent: *\nContent-Signal: search=yes,ai-train=no\nAllow: /", "content-signal", 2, SeverityInfo},
		{"content usage", "User-agent: *\nContent-Usage: train-ai=n\nAllow: /", "content-usage", 2, SeverityInfo},
		{"invalid line", "User-agent: *\nthis is not a rule", "invalid-line", 2, SeverityInfo},
		{"noindex", "User-agent: *\nNoindex: /old/", "noindex", 2, SeverityWarning},
		{"crawl-delay", "User-agent: *\nCrawl-delay: 10", "crawl-delay", 2, SeverityInfo},
		{"other unsupported", "Host: example.com", "unsupported-directive", 1, SeverityInfo},
		{"disallow all for star", "User-agent: *\nDisallow: /", "disallow-all", 2, SeverityCritical},
		{"disallow all for googlebot", "User-agent: Googlebot\nDisallow: /*", "disallow-all", 2, SeverityCritical},
		{"disallow all for googlebot-image", "User-agent: Googlebot-Image\nDisallow: *", "disallow-all", 2, SeverityCritical},
		{"blocks JavaScript", "User-agent: *\nDisallow: /*.js$", "blocks-resources", 2, SeverityWarning},
		{"blocks CSS", "User-agent: Googlebot\nDisallow: /*.css", "blocks-resources", 2, SeverityWarning},
		{"blocks assets folder", "User-agent: *\nDisallow: /assets/", "blocks-resources", 2, SeverityWarning},
		{"blocks wp-includes", "User-agent: *\nDisallow: /wp-includes/", "blocks-resources", 2, SeverityWarning},
		{"merged groups", "User-agent: Googlebot\nDisallow: /a/\n\nUser-agent: googlebot\nDisallow: /b/", "merged-groups", 4, SeverityInfo},
		{"merged star groups", "User-agent: *\nDisallow: /a/\nUser-agent: *\nDisallow: /b/", "merged-groups", 3, SeverityInfo},
		{"sitemap inside a group", "User-agent: *\nDisallow: /a/\nSitemap: https://e.com/s.xml\nDisallow: /b/", "sitemap-inside-group", 3, SeverityWarning},
		{"one-letter prefix", "User-agent: *\nDisallow: /c", "broad-prefix", 2, SeverityWarning},
		{"short prefix", "User-agent: *\nDisallow: /shop/en", "broad-prefix", 2, SeverityInfo},
		{"rule without slash", "User-agent: *\nDisallow: private", "rule-without-slash", 2, SeverityWarning},
		{"agent version", "User-agent: Googlebot/2.1\nDisallow: /a/", "agent-token-cut", 1, SeverityInfo},
		{"agent with two words", "User-agent: Googlebot Image\nDisallow: /a/", "agent-token-cut", 1, SeverityWarning},
		{"agent without token", "User-agent: 360Spider\nDisallow: /a/", "agent-no-token", 1, SeverityWarning},
		{"line too long", "User-agent: *\nDisallow: /" + strings.Repeat("a", MaxLineBytes), "line-too-long", 2, SeverityWarning},
		{"html", "<!DOCTYPE html>\n<html><body>Not found</body></html>", "html", 1, SeverityWarning},
		{"past the limit, rules lost", "User-agent: *\n" + strings.Repeat("#", MaxBytes) + "\nDisallow: /late/\n", "past-limit", 2, SeverityCritical},
		{"past the limit, comments lost", "User-agent: *\n" + strings.Repeat("#", MaxBytes+10), "past-limit", 2, SeverityWarning},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			issues := Parse([]byte(tt.body)).Lint()
			if !hasIssue(issues, tt.code, tt.line, tt.severity) {
				t.Errorf("no %s issue %q on line %d; got:\n%s", tt.severity, tt.code, tt.line, formatIssues(issues))
			}
		})
	}
}

func TestLintQuiet(t *testing.T) {
	tests := []struct {
		name string
		body string
		code string // a code that must not appear
	}{
		{"clean file", "User-agent: *\nDisallow: /private/\nAllow: /private/public/\n\nSitemap: https://e.com/s.xml\n", ""},
		{"folder with slash", "User-agent: *\nDisallow: /c/", "broad-prefix"},
		{"anchored page", "User-agent: *\nDisallow: /c$", "broad-prefix"},
		{"long prefix", "User-agent: *\nDisallow: /checkout", "broad-prefix"},
		{"whole site for another bot", "User-agent: GPTBot\nDisallow: /", "disallow-all"},
		{"allow wins the tie", "User-agent: *\nAllow: /\nDisallow: /", "disallow-all"},
		{"resources allowed back", "User-agent: *\nDisallow: /wp-includes/\nAllow: /wp-includes/*.js\nAllow: /wp-includes/*.css", "blocks-resources"},
		{"sitemap after the rules", "User-agent: *\nDisallow: /a/\nSitemap: https://e.com/s.xml\nUser-agent: b\nDisallow: /", "sitemap-inside-group"},
		{"robots.txt starting with a comment tag", "# <html> is not here\nUser-agent: *\nDisallow: /a/", "html"},
		{"star with comment", "User-agent: * # everyone\nDisallow: /a/", "agent-token-cut"},
		{"empty disallow", "User-agent: *\nDisallow:", "rule-without-slash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			issues := Parse([]byte(tt.body)).Lint()
			for _, is := range issues {
				if tt.code == "" || is.Code == tt.code {
					t.Errorf("unexpected issue:\n%s", formatIssues([]Issue{is}))
				}
			}
		})
	}
}

func TestLintCap(t *testing.T) {
	issues := Parse([]byte(strings.Repeat("not a rule here\n", 100))).Lint()
	n := 0
	for _, is := range issues {
		if is.Code == "invalid-line" {
			n++
		}
	}
	if got, want := n, maxPerCode+1; got != want {
		t.Errorf("invalid-line issues = %d, want %d (capped, plus one summary)", got, want)
	}
}

func hasIssue(issues []Issue, code string, line int, severity string) bool {
	for _, is := range issues {
		if is.Code == code && is.Line == line && is.Severity == severity && is.Message != "" {
			return true
		}
	}
	return false
}

func formatIssues(issues []Issue) string {
	var b strings.Builder
	for _, is := range issues {
		fmt.Fprintf(&b, "  %d %s %s: %s\n", is.Line, is.Severity, is.Code, is.Message)
	}
	return b.String()
}

// TestLintPreferenceLines checks what the Content-Signal and Content-Usage
// lines of Cloudflare's managed file say, and that they are not called
// unknown.
func TestLintPreferenceLines(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "ai", "cloudflare-managed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{
		16: "Line 16: Content-Signal (Cloudflare's content signals) declares search=yes (building a search index and providing search results), ai-train=no (training or fine-tuning AI models). It states a preference, not a rule: Google's parser ignores the line",
		47: "Line 47: Content-Usage (the IETF aipref draft's usage preferences) declares train-ai=n. It states a preference",
	}
	for _, is := range Parse(body).Lint() {
		if is.Code == "unknown-directive" {
			t.Errorf("line %d reported as unknown: %s", is.Line, is.Message)
		}
		if w, ok := want[is.Line]; ok && strings.HasPrefix(is.Message, w) {
			delete(want, is.Line)
		}
	}
	for line, w := range want {
		t.Errorf("no issue on line %d starting %q", line, w)
	}
	if got := usageDeclared("/news/ train-ai=n, search=y"); got != `train-ai=n, search=y for paths starting with "/news/"` {
		t.Errorf("usageDeclared with a path = %q", got)
	}
}
