package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/render"
)

func needBrowser(t *testing.T) {
	t.Helper()
	if _, err := render.FindBrowser(""); err != nil {
		t.Skip("no browser binary found (chromium-headless-shell or chromium on PATH): the render tests need the Debian package chromium-headless-shell")
	}
}

func TestRenderNoBrowserExit2(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, args := range [][]string{{"render", "http://x.example/"}, {"inspect", "--render", "http://x.example/"}} {
		code, _, stderr := run(t, args...)
		if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") != 0 ||
			!strings.Contains(stderr, "install the Debian package chromium-headless-shell") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
}

func TestRenderUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"inspect", "--screenshot", "x", "http://x.example/"}, "--screenshot needs --render"},
		{[]string{"render", "--render-timeout", "-1s", "http://x.example/"}, "--render-timeout"},
		{[]string{"render"}, "one URL or file"},
	} {
		code, _, stderr := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q", tc.args, code, stderr)
		}
	}
}

func TestRenderDemoJSON(t *testing.T) {
	needBrowser(t)
	base := demo(t)
	prefix := filepath.Join(t.TempDir(), "shot")
	code, stdout, stderr := run(t, "render", "--json", "--screenshot", prefix, base+"/rendered")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Render struct {
			Browser string `json:"browser"`
			Google  struct {
				Canonical  string `json:"canonical"`
				Links      int    `json:"links"`
				Screenshot string `json:"screenshot"`
			} `json:"google"`
			Full struct {
				Canonical string `json:"canonical"`
				Links     int    `json:"links"`
			} `json:"full"`
			Lost []struct {
				Kind   string `json:"kind"`
				Value  string `json:"value"`
				Offset *int64 `json:"offset"`
			} `json:"lost"`
			Scripts []struct {
				URL    string `json:"url"`
				Ran    bool   `json:"ran"`
				Reason string `json:"reason"`
			} `json:"scripts"`
			Requests []struct {
				URL             string `json:"url"`
				BlockedByRobots bool   `json:"blocked_by_robots"`
			} `json:"requests"`
		} `json:"render"`
		Findings []struct{ Code string } `json:"findings"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	r := out.Render
	if r.Browser == "" || r.Google.Links >= r.Full.Links || r.Google.Canonical != "" || r.Full.Canonical == "" {
		t.Errorf("render: %+v", r)
	}
	if _, err := os.Stat(prefix + "-full.png"); err != nil || r.Google.Screenshot != prefix+"-google.png" {
		t.Errorf("screenshots: %v, %q", err, r.Google.Screenshot)
	}
	codes := map[string]bool{}
	for _, f := range out.Findings {
		codes[f.Code] = true
	}
	for _, c := range []string{"render-link-lost", "render-script-cut", "render-script-blocked", "render-jsonld-lost", "render-canonical-lost"} {
		if !codes[c] {
			t.Errorf("finding %s missing: %v", c, codes)
		}
	}
}

func TestInspectRenderHTML(t *testing.T) {
	needBrowser(t)
	base := demo(t)
	out := filepath.Join(t.TempDir(), "report.html")
	code, stdout, stderr := run(t, "inspect", "--render", "--no-resources", "--out", out, base+"/rendered")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "Rendered (") || !strings.Contains(stdout, "Cut before </script>") {
		t.Errorf("text report lacks the rendered section:\n%s", stdout[max(0, len(stdout)-2000):])
	}
	html, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `src="data:image/png;base64,`); n != 2 {
		t.Errorf("the evidence pack has %d screenshots, want 2", n)
	}
	if !strings.Contains(string(html), "Lost in Googlebot Smartphone's render") || !strings.Contains(string(html), "/rendered/tent-1") {
		t.Error("the evidence pack lacks the comparison")
	}
}
