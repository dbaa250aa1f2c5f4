package demosite

import (
	"testing"

	"github.com/temoto/robotstxt"

	"github.com/cutoffapp/cutoff/internal/golden"
)

func TestRobotsByHost(t *testing.T) {
	t.Parallel()
	_, main := get(t, shared, "127.0.0.1:8080", "/robots.txt")
	_, second := get(t, shared, "localhost:8080", "/robots.txt")
	golden.Check(t, "robots-127.0.0.1.golden", main)
	golden.Check(t, "robots-localhost.golden", second)
	if string(main) == string(second) {
		t.Error("127.0.0.1 and localhost answer the same robots.txt")
	}
}

// TestRobotsVerdicts reads both robots.txt files with temoto/robotstxt, a
// common Go parser, to check that they say what the demo relies on. Only
// cases where that parser and Google agree are listed.
func TestRobotsVerdicts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		host    string
		agent   string
		path    string
		allowed bool
	}{
		{"googlebot blocked from the tracker", "127.0.0.1:8080", "googlebot", "/private/tracker.js", false},
		{"googlebot may fetch the bundle", "127.0.0.1:8080", "googlebot", "/static/app.bundle.js", true},
		{"googlebot may fetch the clean page", "127.0.0.1:8080", "googlebot", "/clean", true},
		{"rule after the sitemap line still counts", "127.0.0.1:8080", "googlebot", "/drafts/x", false},
		{"googlebot-image has its own group", "127.0.0.1:8080", "googlebot-image", "/private/tracker.js", true},
		{"prefix trap blocks /clean", "127.0.0.1:8080", "googlebot-image", "/clean", false},
		{"adsbot-google has its own group", "127.0.0.1:8080", "adsbot-google", "/private/tracker.js", false},
		{"adsbot-google may fetch the PDF", "127.0.0.1:8080", "adsbot-google", "/report.pdf", true},
		{"other crawlers may not fetch PDFs", "127.0.0.1:8080", "bingbot", "/report.pdf", false},
		{"other crawlers may fetch /big", "127.0.0.1:8080", "bingbot", "/big", true},
		{"second host blocks its script for googlebot", "localhost:8080", "googlebot", "/cdn/lib.js", false},
		{"second host lets others fetch its script", "localhost:8080", "bingbot", "/cdn/lib.js", true},
		{"first host serves the script to googlebot", "127.0.0.1:8080", "googlebot", "/cdn/lib.js", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, body := get(t, shared, tt.host, "/robots.txt")
			robots, err := robotstxt.FromBytes(body)
			if err != nil {
				t.Fatalf("robots.txt of %s does not parse: %v", tt.host, err)
			}
			if got, want := robots.TestAgent(tt.path, tt.agent), tt.allowed; got != want {
				t.Errorf("%s on %s for %s: allowed %v, want %v", tt.path, tt.host, tt.agent, got, want)
			}
		})
	}
}

func TestRedirects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		start string
		want  []int  // statuses along the way, the last one not a redirect
		end   string // the path answered by the last status
	}{
		{"chain", "/redirect", []int{301, 302, 307, 200}, "/clean"},
		{"loop comes back", "/loop", []int{302, 302}, "/loop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := tt.start
			for i, want := range tt.want {
				resp, _ := get(t, shared, "", path)
				if got := resp.StatusCode; got != want {
					t.Fatalf("hop %d, GET %s: status %d, want %d", i+1, path, got, want)
				}
				if loc := resp.Header.Get("Location"); loc != "" {
					path = loc
				}
			}
			if path != tt.end {
				t.Errorf("ended on %s, want %s", path, tt.end)
			}
		})
	}
}
