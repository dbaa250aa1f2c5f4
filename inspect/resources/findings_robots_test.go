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
