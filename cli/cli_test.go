package cli

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
)

// run runs the command line in-process and returns its exit code and output.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errw bytes.Buffer
	if !IsCommand(args) {
		t.Fatalf("IsCommand(%q) = false, want a subcommand", args)
	}
	code = Run(args, &out, &errw)
	return code, out.String(), errw.String()
}

// demo starts the embedded demo site for one test.
func demo(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(demosite.Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestUsageErrorsExit2(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string // part of the one sentence on stderr
	}{
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"unknown flag", []string{"inspect", "--frob", "http://x.example/"}, "unknown flag"},
		{"no URL", []string{"inspect"}, "one URL or file"},
		{"unknown profile", []string{"inspect", "--profile", "nosuchbot", "http://x.example/"}, "unknown profile"},
		{"unsupported scheme", []string{"inspect", "ftp://example.com/"}, "ftp"},
		{"invalid URL", []string{"inspect", "http://[::1"}, "URL"},
		{"missing file", []string{"inspect", "no-such-dir/page.html"}, ""},
		{"bad fail-on", []string{"inspect", "--fail-on", "sometimes", "http://x.example/"}, "--fail-on"},
		{"bad format", []string{"inspect", "--out", "r.pdf", "http://x.example/"}, "--format"},
		{"format without out", []string{"inspect", "--format", "json", "http://x.example/"}, "--format needs --out"},
		{"site format without out", []string{"site", "--format", "csv", "--crawl", "http://x.example/"}, "--format needs --out"},
		{"robots path without file", []string{"robots", "/a"}, "path"},
		{"robots invalid URL", []string{"robots", "http://[::1"}, "no robots.txt"},
		{"robots unsupported scheme", []string{"robots", "ftp://example.com/a"}, "no robots.txt"},
		{"robots missing file", []string{"robots", "--file", "no-such-robots.txt", "/a"}, "robots.txt file"},
		{"verify nothing", []string{"verify"}, "--log"},
		{"verify log is a folder", []string{"verify", "--log", "."}, "folder"},
		{"cap over MaxCap", []string{"inspect", "--cap", "99999999999999", "http://x.example/"}, "at most"},
		{"limit over MaxCap", []string{"inspect", "--limit", "99999999999999", "http://x.example/"}, "at most"},
		{"profiles argument", []string{"profiles", "extra"}, "no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, exitUsage, stderr)
			}
			if !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("stderr = %q, want one line containing %q", stderr, tt.want)
			}
		})
	}
}

func TestFetchFailuresExit3(t *testing.T) {
	t.Parallel()
	loop := demo(t) + "/loop"
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	for _, target := range []string{loop, closed.URL + "/", "http://no-such-host.invalid/"} {
		code, _, stderr := run(t, "inspect", "--timeout", "5s", target)
		if code != exitFetch {
			t.Errorf("inspect %s: exit code = %d, want %d (stderr %q)", target, code, exitFetch, stderr)
		}
		if strings.Count(strings.TrimSpace(stderr), "\n") != 0 || stderr == "" {
			t.Errorf("inspect %s: stderr = %q, want one sentence", target, stderr)
		}
	}
}

// TestInspectJSONContract checks the field names CLI.md fixes on the demo's
// truncated page.
func TestInspectJSONContract(t *testing.T) {
	t.Parallel()
	base := demo(t)
	code, stdout, stderr := run(t, "inspect", "--json", base+"/big")
	if code != exitOK {
		t.Fatalf("exit code = %d, stderr %q", code, stderr)
	}
	var got struct {
		URL      string `json:"url"`
		FinalURL string `json:"final_url"`
		Profile  struct {
			ID            string   `json:"id"`
			UserAgent     string   `json:"user_agent"`
			RobotsTokens  []string `json:"robots_tokens"`
			LimitBytes    int64    `json:"limit_bytes"`
			CountsHeaders bool     `json:"counts_headers"`
		} `json:"profile"`
		Fetch struct {
			Status        int    `json:"status"`
			HeaderBytes   int64  `json:"header_bytes"`
			WireBodyBytes int64  `json:"wire_body_bytes"`
			BodyBytes     int64  `json:"body_bytes"`
			LimitBytes    int64  `json:"limit_bytes"`
			Truncated     bool   `json:"truncated"`
			CutoffOffset  *int64 `json:"cutoff_offset"`
			ReadComplete  bool   `json:"read_complete"`
		} `json:"fetch"`
		Critical []struct {
			Kind         string `json:"kind"`
			Offset, End  int64
			BeyondCutoff bool `json:"beyond_cutoff"`
		} `json:"critical"`
		Composition map[string]int64 `json:"composition"`
		Resources   []struct {
			URL  string `json:"url"`
			Kind string `json:"kind"`
		} `json:"resources"`
		Robots *struct {
			Allowed bool `json:"allowed"`
		} `json:"robots"`
		Findings []struct{ Severity, Code, Message string } `json:"findings"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("stdout is not JSON: %v", err)
	}
	f := got.Fetch
	if got.Profile.ID != "googlebot-smartphone" || got.Profile.LimitBytes != 2_000_000 || !got.Profile.CountsHeaders {
		t.Errorf("profile = %+v, want googlebot-smartphone, 2,000,000, headers counted", got.Profile)
	}
	if !f.Truncated || f.CutoffOffset == nil || *f.CutoffOffset != 2_000_000-f.HeaderBytes {
		t.Errorf("fetch = %+v, want truncated with cutoff_offset = 2,000,000 - header_bytes", f)
	}
	var sum int64
	for _, n := range got.Composition {
		sum += n
	}
	if sum != f.BodyBytes {
		t.Errorf("composition sums to %d, want body_bytes %d", sum, f.BodyBytes)
	}
	if !hasCode(got.Findings, "canonical-beyond-cutoff") || got.Robots == nil || len(got.Resources) == 0 {
		t.Errorf("want a canonical-beyond-cutoff finding, a robots verdict and resources; got %d findings, robots %v, %d resources",
			len(got.Findings), got.Robots, len(got.Resources))
	}
}

func hasCode(findings []struct{ Severity, Code, Message string }, code string) bool {
	for _, f := range findings {
		if f.Code == code {
			return true
		}
	}
	return false
}

func TestInspectFailOn(t *testing.T) {
	t.Parallel()
	base := demo(t)
	tests := []struct {
		name string
		path string
		want int
	}{
		{"critical findings", "/big", exitFindings},
		{"clean page", "/clean", exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, "inspect", "--no-resources", "--fail-on", "critical", base+tt.path)
			if code != tt.want {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tt.want, stderr)
			}
		})
	}
}

func TestInspectWritesReportFiles(t *testing.T) {
	t.Parallel()
	base := demo(t)
	dir := t.TempDir()
	for _, format := range []string{"json", "csv", "html"} {
		path := filepath.Join(dir, "report."+format)
		code, stdout, stderr := run(t, "inspect", "--no-resources", "--out", path, base+"/big")
		if code != exitOK || !strings.Contains(stdout, "Findings") {
			t.Fatalf("--out %s: exit %d, stderr %q", path, code, stderr)
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(data, []byte("canonical")) {
			t.Errorf("%s: %d bytes, err %v, want a report naming the canonical", path, len(data), err)
		}
	}
}

func TestInspectLocalFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "page.html")
	page := "<!doctype html><title>Local</title><link rel=canonical href=/x>" + strings.Repeat("x", 300)
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "inspect", "--json", "--limit", "100", "--header-bytes", "40", path)
	if code != exitOK {
		t.Fatalf("exit code = %d, stderr %q", code, stderr)
	}
	var got struct {
		Fetch struct {
			HeaderBytes  int64  `json:"header_bytes"`
			CutoffOffset *int64 `json:"cutoff_offset"`
		} `json:"fetch"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Fetch.HeaderBytes != 40 || got.Fetch.CutoffOffset == nil || *got.Fetch.CutoffOffset != 60 {
		t.Errorf("fetch = header %d, cutoff %v; want 40 and 60", got.Fetch.HeaderBytes, got.Fetch.CutoffOffset)
	}
}

func TestRobotsFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte("User-agent: googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "robots", "--json", "--file", path, "--agent", "googlebot", "--agent", "bingbot", "--", "/private/x", "/public")
	if code != exitOK {
		t.Fatalf("exit code = %d, stderr %q", code, stderr)
	}
	var got struct {
		Results []struct {
			URL, Agent string
			Allowed    bool
			Line       int
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"/private/x googlebot": false, "/private/x bingbot": false, "/public googlebot": true, "/public bingbot": false}
	if len(got.Results) != len(want) {
		t.Fatalf("got %d results, want %d", len(got.Results), len(want))
	}
	for _, r := range got.Results {
		if w, ok := want[r.URL+" "+r.Agent]; !ok || w != r.Allowed {
			t.Errorf("%s for %s: allowed = %v, want %v", r.URL, r.Agent, r.Allowed, w)
		}
	}
}

// TestRobotsEndlessFile reads a robots.txt that never ends only up to the
// limit.
func TestRobotsEndlessFile(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	code, stdout, stderr := run(t, "robots", "--json", "--file", "/dev/zero", "/a")
	if code != exitOK || !strings.Contains(stdout, `"truncated_at": 512000`) {
		t.Errorf("exit %d, stderr %q, want a report truncated at 512000", code, stderr)
	}
}

func TestRobotsFetched(t *testing.T) {
	t.Parallel()
	base := demo(t)
	code, stdout, stderr := run(t, "robots", base+"/private/tracker.js", base+"/clean")
	if code != exitOK || !strings.Contains(stdout, "Disallow") {
		t.Errorf("exit %d, stderr %q, stdout %q: want the deciding Disallow line", code, stderr, stdout)
	}
}

func TestVerifyRangeMatch(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := run(t, "verify", "--json", "--timeout", "1s", "66.249.66.1")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got struct {
		Results []struct {
			IP      string `json:"ip"`
			Verdict string `json:"verdict"`
			Ranges  struct {
				Matched bool `json:"matched"`
			} `json:"ranges"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Results) != 1 || !got.Results[0].Ranges.Matched || got.Results[0].Verdict != "verified" {
		t.Errorf("results = %+v, want 66.249.66.1 verified by range", got.Results)
	}
}

func TestProfiles(t *testing.T) {
	t.Parallel()
	code, stdout, _ := run(t, "profiles")
	if code != exitOK || !strings.Contains(stdout, "googlebot-smartphone") || !strings.Contains(stdout, "2,000,000") {
		t.Errorf("profiles: exit %d, output lacks the default profile and its limit:\n%s", code, stdout)
	}
	code, stdout, _ = run(t, "profiles", "--json")
	var got struct {
		Profiles []struct {
			ID      string `json:"id"`
			Sources []struct{ Field, Note, Date string }
		} `json:"profiles"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil || len(got.Profiles) < 20 {
		t.Fatalf("profiles --json: exit %d, err %v, %d profiles", code, err, len(got.Profiles))
	}
	for _, p := range got.Profiles {
		if len(p.Sources) == 0 {
			t.Errorf("profile %s has no sources", p.ID)
		}
	}
}

func TestWindowFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--demo"}, {"page.html"}, {"https://example.com/"}, {"./saved/page"}} {
		if IsCommand(args) {
			t.Errorf("%q was taken for a subcommand, want the window", args)
		}
	}
	opts, _, ok := ParseWindow([]string{"--demo", "--smoke", "30s"}, &bytes.Buffer{})
	if !ok || !opts.Demo || opts.Smoke.Seconds() != 30 {
		t.Errorf("ParseWindow = %+v, %v", opts, ok)
	}
	var stderr bytes.Buffer
	if _, code, ok := ParseWindow([]string{"--nope"}, &stderr); ok || code != exitUsage {
		t.Errorf("--nope: ok %v, code %d, want a usage error", ok, code)
	}
}

// TestSavedProfile uses a profile saved by the window from the command line.
func TestSavedProfile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	store, err := fetch.DefaultSavedProfiles()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := fetch.Lookup("custom")
	p.ID, p.Name, p.UserAgentTemplate = "tiny-bot", "Tiny bot", "TinyBot/1.0"
	p.Limits = map[fetch.Kind]fetch.Limit{fetch.KindHTML: {Bytes: 1000, Published: true}}
	if err := store.Put(p); err != nil {
		t.Fatal(err)
	}
	if code, stdout, _ := run(t, "profiles"); code != exitOK || !strings.Contains(stdout, "tiny-bot") {
		t.Errorf("profiles does not list the saved profile:\n%s", stdout)
	}
	var gotUA atomic.Value // the page's; robots.txt is fetched at the same time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			gotUA.Store(r.UserAgent())
		}
		w.Write([]byte(strings.Repeat("<p>x</p>", 500)))
	}))
	defer srv.Close()
	code, stdout, stderr := run(t, "inspect", "--no-resources", "--profile", "tiny-bot", srv.URL+"/")
	if ua, _ := gotUA.Load().(string); code != exitOK || ua != "TinyBot/1.0" || !strings.Contains(stdout, "1,000") {
		t.Errorf("inspect --profile tiny-bot: exit %d, UA %q, stderr %q\n%s", code, ua, stderr, stdout)
	}
}
