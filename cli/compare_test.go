package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// botRuleServer answers 403 to Bingbot and the page to everyone else.
func botRuleServer(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.UserAgent(), "bingbot") {
			http.Error(w, "Forbidden", http.StatusForbidden)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><head><title>Home</title></head><body><h1>Home</h1></body></html>"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestCompareCommand(t *testing.T) {
	t.Parallel()
	base := botRuleServer(t)
	code, stdout, stderr := run(t, "compare", "--profile", "googlebot-smartphone", "--profile", "bingbot",
		"--user-agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/154.0.0.0 Safari/537.36", base+"/")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"Bingbot got HTTP 403 where Googlebot Smartphone got 200: a firewall or bot rule treats them differently.",
		"browser", "cannot prove what Google"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, _ = run(t, "compare", "--json", "--profile", "googlebot-smartphone", "--profile", "bingbot", base+"/")
	var got struct {
		URL         string
		Fetches     []struct{ Profile string }
		Differences []struct {
			Field  string
			Values map[string]int
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != exitOK {
		t.Fatalf("exit %d, %v:\n%s", code, err, stdout)
	}
	if got.URL != base+"/" || len(got.Fetches) != 2 || got.Differences[0].Field != "status" ||
		got.Differences[0].Values["bingbot"] != 403 || got.Differences[0].Values["googlebot-smartphone"] != 200 {
		t.Errorf("JSON = %+v", got)
	}
}

func TestCompareCommandErrors(t *testing.T) {
	t.Parallel()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"compare", "--profile", "bingbot", "http://x.example/"}, exitUsage, "at least two"},
		{[]string{"compare", "--profile", "bingbot", "--profile", "nosuchbot", "http://x.example/"}, exitUsage, "unknown profile"},
		{[]string{"compare", "--profile", "bingbot", "--profile", "gptbot"}, exitUsage, "one URL"},
		{[]string{"compare", "--profile", "bingbot", "--user-agent", " ", "http://x.example/"}, exitUsage, "empty"},
		{[]string{"compare", "--profile", "bingbot", "--profile", "gptbot", closed.URL + "/"}, exitFetch, "refused"},
	}
	for _, tt := range tests {
		code, _, stderr := run(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%q: exit %d, stderr %q; want %d and one line with %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
}
