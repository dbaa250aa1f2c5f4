package render

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// closedPort is a loopback port nothing listens on: a connection to it is
// refused at once, as to a host this machine cannot reach.
func closedPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return port
}

// TestUnreachableScriptHosts renders a local file whose scripts are on
// hosts that cannot be reached from here: their robots.txt got no answer,
// which is this machine's failure, so the scripts are "not checked", never
// blocked by Google, and three or more hosts make one offline summary.
func TestUnreachableScriptHosts(t *testing.T) {
	needBrowser(t)
	port := closedPort(t)
	tests := []struct {
		name    string
		hosts   []string
		summary bool
	}{
		{"one host", []string{"127.0.0.1"}, false},
		{"three hosts", []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tags strings.Builder
			for _, h := range tt.hosts {
				fmt.Fprintf(&tags, `<script src="http://%s:%d/app.js"></script>`, h, port)
			}
			r, rep := renderLocal(t, `<!doctype html><html><head><title>t</title>`+tags.String()+`</head><body>text</body></html>`)
			for _, s := range r.Scripts {
				if s.Ran || !s.RobotsUnchecked || !strings.Contains(s.Reason, "could not be reached from this machine") {
					t.Errorf("script %s: ran %v unchecked %v reason %q", s.URL, s.Ran, s.RobotsUnchecked, s.Reason)
				}
			}
			for _, q := range r.Requests {
				if q.Kind == "script" && (q.BlockedByRobots || !q.RobotsUnchecked) {
					t.Errorf("request %s: blocked %v unchecked %v, want not checked", q.URL, q.BlockedByRobots, q.RobotsUnchecked)
				}
			}
			checkUncheckedFindings(t, rep.Findings, len(tt.hosts), tt.summary)
		})
	}
}

// renderLocal inspects page as a local file and renders it, its findings
// joined to the report's as the window and the command line do.
func renderLocal(t *testing.T, page string) (*inspect.Rendered, *inspect.Report) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	p, _ := fetch.Lookup("googlebot-smartphone")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := inspect.Page(ctx, &fetch.Fetcher{}, file, p, inspect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The hosts are loopback ones; here they stand for public hosts that
	// cannot be reached.
	r := Run(ctx, &fetch.Fetcher{}, rep, p, Options{NoScreenshots: true,
		Public: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	if r.Error != "" || len(r.Scripts) == 0 {
		t.Fatalf("render: %q, %d scripts", r.Error, len(r.Scripts))
	}
	rep.AddRendered(r)
	return r, rep
}

// checkUncheckedFindings wants one "could not be checked from here"
// finding per script, or one offline summary, and no finding that says
// Google blocks the scripts or treats the failure as its own.
func checkUncheckedFindings(t *testing.T, fs []finding.Finding, scripts int, summary bool) {
	t.Helper()
	n := 0
	for _, f := range fs {
		if strings.Contains(f.Message, "server error") || strings.Contains(f.Message, "did not run in Googlebot Smartphone's render") {
			t.Errorf("finding %s: %q", f.Code, f.Message)
		}
		if f.Code == inspect.CodeRenderScriptUnchecked {
			n++
			if want := "could not be checked from here"; !strings.Contains(f.Message, want) {
				t.Errorf("finding %q, want %q", f.Message, want)
			}
			if summary && !strings.Contains(f.Message, "are you offline?") {
				t.Errorf("finding %q, want the offline summary", f.Message)
			}
		}
	}
	if want := map[bool]int{false: scripts, true: 1}[summary]; n != want {
		t.Errorf("%d %s findings, want %d", n, inspect.CodeRenderScriptUnchecked, want)
	}
}
