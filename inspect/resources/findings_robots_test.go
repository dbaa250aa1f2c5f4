package resources

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// closedHost returns the URL of a port that refuses connections: a test
// server started and closed at once.
func closedHost(t *testing.T) string {
	s := httptest.NewServer(http.NotFoundHandler())
	u := s.URL
	s.Close()
	return u
}

// uncheckedFindings fetches a page's scripts from the given hosts, each
// with its own robots.txt behaviour, and returns the findings.
func uncheckedRun(t *testing.T, hosts []string) []finding.Finding {
	var html strings.Builder
	for i, h := range hosts {
		fmt.Fprintf(&html, `<script src="%s/s%d.js"></script>`, h, i)
	}
	p := testProfile(t)
	opt := testOptions()
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, p, hosts[0]+"/", []byte(html.String()), nil, opt)
	return Findings(rs, p, nil)
}

func TestResourceRobotsUnreachableIsNotABlock(t *testing.T) {
	t.Parallel()
	down := closedHost(t)
	fs := uncheckedRun(t, []string{down})
	if len(fs) != 1 {
		t.Fatalf("%d findings %+v, want 1", len(fs), fs)
	}
	f := fs[0]
	if f.Code != CodeRobotsUnchecked || f.Severity != finding.Warning {
		t.Errorf("finding %s %s, want warning %s", f.Severity, f.Code, CodeRobotsUnchecked)
	}
	want := down + "/robots.txt could not be checked (it got no answer): Google treats an unreachable robots.txt " +
		"(no answer, 429 or 5xx) as disallow-all, so Googlebot Smartphone would not fetch the script " + down + "/s0.js."
	if f.Message != want {
		t.Errorf("message\n%s\nwant\n%s", f.Message, want)
	}
	if strings.Contains(f.Message, "blocks") {
		t.Errorf("an unreachable robots.txt blocks nothing: %q", f.Message)
	}
}

func TestResourceRobotsServerError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, "x()")
	}))
	t.Cleanup(srv.Close)
	fs := uncheckedRun(t, []string{srv.URL})
	if len(fs) != 1 || fs[0].Code != CodeRobotsUnchecked || fs[0].Severity != finding.Critical {
		t.Fatalf("findings %+v, want one critical %s", fs, CodeRobotsUnchecked)
	}
	if want := "could not be checked (it answered 503 Service Unavailable)"; !strings.Contains(fs[0].Message, want) {
		t.Errorf("message %q, want it to contain %q", fs[0].Message, want)
	}
}

func TestResourceRobotsManyUnreachableIsOneSentence(t *testing.T) {
	t.Parallel()
	var hosts []string
	for range 12 {
		hosts = append(hosts, closedHost(t))
	}
	fs := uncheckedRun(t, hosts)
	if len(fs) != 1 {
		t.Fatalf("%d findings, want one summary: %+v", len(fs), fs)
	}
	if want := "12 hosts could not be reached: are you offline?"; !strings.HasPrefix(fs[0].Message, want) {
		t.Errorf("message %q, want it to start with %q", fs[0].Message, want)
	}
	if !strings.Contains(fs[0].Message, "without their 12 resources") || fs[0].Severity != finding.Warning {
		t.Errorf("summary %s %q, want a warning naming 12 resources", fs[0].Severity, fs[0].Message)
	}
}

// unreachableScripts are scripts whose robots.txt got no answer, one per
// robots.txt URL given.
func unreachableScripts(robotsURLs ...string) []Resource {
	var rs []Resource
	for i, u := range robotsURLs {
		r := Resource{URL: fmt.Sprintf("%s/s%d.js", strings.TrimSuffix(u, "/robots.txt"), i), Kind: Script,
			Robots: &Robots{URL: u, Policy: "disallow-all", Unreachable: true}}
		r.BlockedByRobots = true
		rs = append(rs, r)
	}
	return rs
}

// uncheckedOnly keeps the findings about robots.txt files not checked.
func uncheckedOnly(fs []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if f.Code == CodeRobotsUnchecked {
			out = append(out, f)
		}
	}
	return out
}

// TestUnreachableHostsCountedOnce gives a host's http and https origins,
// each with its robots.txt, and two other hosts: three hosts, each named
// once.
func TestUnreachableHostsCountedOnce(t *testing.T) {
	rs := unreachableScripts("http://cdn.example/robots.txt", "https://cdn.example/robots.txt",
		"https://a.example/robots.txt", "https://b.example/robots.txt")
	fs := uncheckedOnly(Findings(rs, testProfile(t), nil))
	if len(fs) != 1 {
		t.Fatalf("%d findings %+v, want one summary", len(fs), fs)
	}
	msg := fs[0].Message
	if !strings.HasPrefix(msg, "3 hosts could not be reached") || strings.Count(msg, "cdn.example") != 1 ||
		!strings.HasSuffix(msg, "4 resources: cdn.example, a.example, b.example.") {
		t.Errorf("summary %q, want 3 hosts, cdn.example once, 4 resources", msg)
	}
}

// TestUnreachableRuleForBing checks that a robots.txt Bingbot could not
// check is not said to follow a rule Bing publishes: Google documents it.
func TestUnreachableRuleForBing(t *testing.T) {
	bing, ok := fetch.Lookup("bingbot")
	if !ok {
		t.Fatal("no bingbot profile")
	}
	for _, rs := range [][]Resource{
		unreachableScripts("https://down.example/robots.txt"),
		unreachableScripts("https://a.example/robots.txt", "https://b.example/robots.txt", "https://c.example/robots.txt"),
	} {
		fs := uncheckedOnly(Findings(rs, bing, nil))
		if len(fs) == 0 {
			t.Fatalf("no %s finding for %d hosts", CodeRobotsUnchecked, len(rs))
		}
		for _, f := range fs {
			if !strings.Contains(f.Message, "Google and the robots.txt standard (RFC 9309) treat") ||
				!strings.Contains(f.Message, "Bing publishes no rule of its own") || !strings.Contains(f.Message, "Bingbot") {
				t.Errorf("%s: %s", f.Code, f.Message)
			}
		}
	}
}
