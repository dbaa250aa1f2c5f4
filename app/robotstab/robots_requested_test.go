package robotstab

import (
	"testing"

	"github.com/cutoffapp/cutoff/inspect/robots"
)

// TestRobotsGridMatchesTheRequest: the Robots tab's grid gives a URL typed
// with raw characters the verdict and line of the encoded URL the crawler
// requests, for a single token and for a chain.
func TestRobotsGridMatchesTheRequest(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nAllow: /\nDisallow: /a/%C3%B6/\nDisallow: /b%20c\n"))
	for _, a := range []robotsAgent{
		{label: "googlebot", tokens: []string{"googlebot"}},
		{label: "Googlebot Smartphone", tokens: []string{"googlebot"}, chain: true},
	} {
		for _, typed := range []string{"https://host/a/ö/b", "https://host/b c"} {
			raw := checkAgent(f, a, typed)
			enc := checkAgent(f, a, robots.Requested(typed))
			if raw.Allowed || raw.Line == 0 || raw.Line != enc.Line || raw.Requested == "" {
				t.Errorf("%s, %q: allowed=%v line %d requested %q; encoded line %d", a.label, typed, raw.Allowed, raw.Line, raw.Requested, enc.Line)
			}
		}
	}
}
