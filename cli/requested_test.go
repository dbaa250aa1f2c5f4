package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestRobotsRawAndEncodedAgree: a URL typed with raw characters gets the
// verdict and line of the percent-encoded URL the crawler requests, and the
// text names that form.
func TestRobotsRawAndEncodedAgree(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "robots.txt")
	rules := "User-agent: *\nDisallow: /wiki/Wikipedia:L%C3%B6schkandidaten/\nDisallow: /a/%C3%B6/\nDisallow: /b%20c/\nDisallow: /q?s=%E6%97%A5%E6%9C%AC\n"
	if err := os.WriteFile(path, []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ raw, encoded string }{
		{"https://host/wiki/Wikipedia:Löschkandidaten/2024", "https://host/wiki/Wikipedia:L%C3%B6schkandidaten/2024"},
		{"https://host/a/ö/b", "https://host/a/%C3%B6/b"},
		{"https://host/b c/d", "https://host/b%20c/d"},
		{"https://host/q?s=日本", "https://host/q?s=%E6%97%A5%E6%9C%AC"},
	}
	for _, tt := range tests {
		code, stdout, stderr := run(t, "robots", "--json", "--file", path, "--agent", "googlebot", "--", tt.raw, tt.encoded)
		if code != 0 && code != 1 {
			t.Fatalf("robots %q: exit %d: %s", tt.raw, code, stderr)
		}
		var rep struct {
			Results []struct {
				URL, Requested string
				Allowed        bool
				Line           int
			}
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Results) != 2 {
			t.Fatalf("robots %q: %v\n%s", tt.raw, err, stdout)
		}
		raw, enc := rep.Results[0], rep.Results[1]
		if raw.Allowed || enc.Allowed || raw.Line == 0 || raw.Line != enc.Line {
			t.Errorf("%q: raw allowed=%v line %d, encoded allowed=%v line %d; want both blocked by one line",
				tt.raw, raw.Allowed, raw.Line, enc.Allowed, enc.Line)
		}
		if raw.Requested != tt.encoded || enc.Requested != "" {
			t.Errorf("%q: requested %q and %q, want %q and none", tt.raw, raw.Requested, enc.Requested, tt.encoded)
		}
	}
	_, stdout, _ := run(t, "robots", "--file", path, "--agent", "googlebot", tests[0].raw)
	if !strings.Contains(stdout, "requested as "+tests[0].encoded) || !strings.Contains(stdout, "BLOCKED line 2") {
		t.Errorf("text report does not show the requested form and its verdict:\n%s", stdout)
	}
}

// TestInspectVerdictIsOnTheRequest: inspect of a raw URL requests it
// percent-encoded, and the robots verdict is made on that same request.
func TestInspectVerdictIsOnTheRequest(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var requested []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requested = append(requested, r.RequestURI)
		mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow: /wiki/Wikipedia:L%C3%B6schkandidaten/\n"))
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>L</title><h1>L</h1>"))
	}))
	defer srv.Close()
	code, stdout, stderr := run(t, "inspect", "--json", "--no-resources", srv.URL+"/wiki/Wikipedia:Löschkandidaten/2024")
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Robots struct {
			Allowed   bool
			Line      int
			Requested string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	want := srv.URL + "/wiki/Wikipedia:L%C3%B6schkandidaten/2024"
	if rep.Robots.Allowed || rep.Robots.Line != 2 || rep.Robots.Requested != want {
		t.Errorf("robots verdict %+v, want disallowed by line 2 on %q", rep.Robots, want)
	}
	mu.Lock()
	defer mu.Unlock()
	found := false
	for _, r := range requested {
		found = found || srv.URL+r == want
	}
	if !found {
		t.Errorf("the server received %q, not the request the verdict names", requested)
	}
}

// TestInspectHostPortWithoutScheme: "127.0.0.1:PORT/page" is read as an http
// URL and the report says so, instead of "uses the 127.0.0.1: scheme".
func TestInspectHostPortWithoutScheme(t *testing.T) {
	t.Parallel()
	base := demo(t)
	typed := strings.TrimPrefix(base, "http://") + "/big"
	code, stdout, stderr := run(t, "inspect", "--json", "--no-resources", typed)
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		URL      string
		Findings []struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	said := false
	for _, f := range rep.Findings {
		said = said || (f.Code == "scheme-assumed" && strings.Contains(f.Message, "read as "+base+"/big"))
	}
	if rep.URL != base+"/big" || !said {
		t.Errorf("url %q, findings %+v; want %s/big and a scheme-assumed note", rep.URL, rep.Findings, base)
	}
}
