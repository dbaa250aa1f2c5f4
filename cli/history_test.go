package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// changingPage serves at / a product page whose inline script, before the
// canonical link, is as long as the test sets; /robots.txt allows all.
func changingPage(t *testing.T, script int64) (url string, set func(int64)) {
	t.Helper()
	var size atomic.Int64
	size.Store(script)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>Kettle</title><script>var x="%s";</script>`+
			`<link rel="canonical" href="https://shop.example/kettle">`+
			`<script type="application/ld+json">{"@type":"Product","name":"Kettle"}</script></head>`+
			`<body><h1>Kettle</h1><p>%s</p></body></html>`,
			strings.Repeat("a", int(size.Load())), strings.Repeat("Boils water. ", 100))
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/", size.Store
}

// TestHistoryDoneWhen is issue 25's test: with CUTOFF_HISTORY=F, two
// inspections of a page that changed leave F a SQLite file, history --json
// lists both, and history --diff names the canonical link that fell behind
// the cutoff.
func TestHistoryDoneWhen(t *testing.T) {
	file := filepath.Join(t.TempDir(), "h.sqlite")
	t.Setenv(history.EnvFile, file)
	url, set := changingPage(t, 1000)
	for _, script := range []int64{1000, 20_000} {
		set(script)
		if code, _, stderr := run(t, "inspect", "--limit", "10000", "--no-resources", url); code != exitOK || stderr != "" {
			t.Fatalf("inspect: exit %d, stderr %q", code, stderr)
		}
	}
	head, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(head, []byte("SQLite format 3\x00")) {
		t.Fatalf("%s is not a SQLite file: %v", file, err)
	}

	code, stdout, stderr := run(t, "history", "--json", url)
	if code != exitOK {
		t.Fatalf("history --json: exit %d, %s", code, stderr)
	}
	var listed struct {
		File        string
		Inspections []struct {
			ID           int64  `json:"id"`
			URL          string `json:"url"`
			FinalURL     string `json:"final_url"`
			Profile      string `json:"profile"`
			Time         string `json:"time"`
			BodyBytes    int64  `json:"body_bytes"`
			CutoffOffset *int64 `json:"cutoff_offset"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &listed); err != nil {
		t.Fatalf("history --json: %v\n%s", err, stdout)
	}
	ins := listed.Inspections
	if listed.File != file || len(ins) != 2 || ins[0].ID <= ins[1].ID || ins[0].URL != url ||
		ins[0].Profile != "googlebot-smartphone" || ins[0].CutoffOffset == nil || ins[1].CutoffOffset != nil ||
		ins[0].BodyBytes-ins[1].BodyBytes != 19_000 || ins[0].Time == "" || ins[0].FinalURL != url {
		t.Errorf("history --json lists %+v, want the two inspections newest first", listed)
	}

	code, stdout, stderr = run(t, "history", "--diff", url)
	if code != exitOK {
		t.Fatalf("history --diff: exit %d, %s", code, stderr)
	}
	for _, want := range []string{"the page grew by 19,000 bytes (inline scripts +19,000)",
		"the cutoff now falls at body byte", "and the canonical link (byte 20,", "the Product JSON-LD block"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("history --diff lacks %q:\n%s", want, stdout)
		}
	}
	ids := fmt.Sprint(ins[1].ID, " ", ins[0].ID)
	if _, byID, _ := run(t, append([]string{"history", "--diff"}, strings.Fields(ids)...)...); byID != stdout {
		t.Errorf("--diff %s differs from --diff URL:\n%s", ids, byID)
	}
}

// TestHistoryDamagedFile: a history file of garbage is one sentence on
// stderr; the inspection is printed and exits 0.
func TestHistoryDamagedFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "h.sqlite")
	if err := os.WriteFile(file, bytes.Repeat([]byte("garbage bytes "), 500), 0o644); err != nil {
		t.Fatal(err)
	}
	url, _ := changingPage(t, 1000)
	code, stdout, stderr := run(t, "inspect", "--history", file, "--no-resources", url)
	if code != exitOK || !strings.Contains(stdout, "Kettle") {
		t.Fatalf("inspect with a damaged history: exit %d, stdout %q", code, stdout)
	}
	want := "cutoff: the history file " + file + " is damaged or is not a SQLite database; this inspection was not saved in it.\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if code, _, stderr := run(t, "history", "--history", file); code != exitUsage || strings.Count(stderr, "\n") != 1 {
		t.Errorf("history on a damaged file: exit %d, stderr %q", code, stderr)
	}
}

// TestNoHistory: --no-history saves nothing.
func TestNoHistory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "h.sqlite")
	url, _ := changingPage(t, 1000)
	if code, _, _ := run(t, "inspect", "--history", file, "--no-history", "--no-resources", url); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("--no-history created %s: %v", file, err)
	}
}

// TestWatchOnce: a watched page grows past the cutoff between two --once
// runs; the second exits 1 and names the canonical link.
func TestWatchOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "h.sqlite")
	url, set := changingPage(t, 1000)
	watch := func(args ...string) (int, string, string) {
		return run(t, append([]string{"watch", "--history", file}, args...)...)
	}
	if code, out, _ := watch("--add", url); code != exitOK || !strings.Contains(out, "Watching") {
		t.Fatalf("--add: exit %d, %q", code, out)
	}
	if code, out, _ := watch("--list"); code != exitOK || !strings.Contains(out, url) {
		t.Fatalf("--list: exit %d, %q", code, out)
	}
	if code, out, stderr := watch("--once", "--limit", "10000"); code != exitOK || !strings.Contains(out, "First inspection") {
		t.Fatalf("first --once: exit %d, %q %q", code, out, stderr)
	}
	if code, out, _ := watch("--once", "--limit", "10000"); code != exitOK || strings.Contains(out, "[changed]") {
		t.Fatalf("unchanged --once: exit %d, %q", code, out)
	}
	set(20_000)
	code, out, _ := watch("--once", "--limit", "10000", "--json")
	var got struct {
		Checks []watchCheck
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitFindings || len(got.Checks) != 1 ||
		!got.Checks[0].VerdictChanged || !strings.Contains(got.Checks[0].Sentences[0], "the canonical link") {
		t.Fatalf("changed --once: exit %d, %s (%v)", code, out, err)
	}
	if code, _, _ := watch("--remove", url); code != exitOK {
		t.Errorf("--remove: exit %d", code)
	}
	if code, _, stderr := watch("--once"); code != exitUsage || !strings.Contains(stderr, "empty") {
		t.Errorf("--once on an empty list: exit %d, %q", code, stderr)
	}
}

// TestSiteRunHistory: the second run of one URL list says which page is
// newly over its limit.
func TestSiteRunHistory(t *testing.T) {
	defer i18n.Use(i18n.Current())
	dir := t.TempDir()
	file, list := filepath.Join(dir, "h.sqlite"), filepath.Join(dir, "urls.txt")
	url, set := changingPage(t, 1000)
	if err := os.WriteFile(list, []byte(url+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"site", "--history", file, "--urls", list, "--limit", "10000"}
	if code, out, _ := run(t, args...); code != exitOK || strings.Contains(out, "Since the run") {
		t.Fatalf("first run: exit %d\n%s", code, out)
	}
	set(20_000)
	code, out, _ := run(t, args...)
	if code != exitOK || !strings.Contains(out, "1 page is newly over its limit") || !strings.Contains(out, "Newly over the limit: "+url) {
		t.Errorf("second run: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, "history", "--history", file, "--runs"); code != exitOK || strings.Count(out, "list ") != 2 {
		t.Errorf("history --runs: exit %d\n%s", code, out)
	}
	// The kind of input is a word of the language; JSON keeps its code.
	if code, out, _ := run(t, "history", "--history", file, "--runs", "--lang", "ja"); code != exitOK || strings.Count(out, "リスト ") != 2 {
		t.Errorf("history --runs --lang ja: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, "history", "--history", file, "--runs", "--diff", "2", "--lang", "fr"); code != exitOK ||
		!strings.HasPrefix(out, "liste "+list+"\u00a0: ") {
		t.Errorf("history --runs --diff 2 --lang fr: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, "history", "--history", file, "--runs", "--json", "--lang", "ja"); code != exitOK ||
		strings.Count(out, `"input_kind": "list"`) != 2 {
		t.Errorf("history --runs --json: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "history", "--history", file, "--runs", "--diff", "2", "--json")
	var d struct {
		Older     struct{ ID int64 }
		Newer     struct{ ID int64 }
		NewlyOver []string `json:"newly_over_limit"`
		Sentences []string
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil || code != exitOK || d.Older.ID != 1 || d.Newer.ID != 2 ||
		len(d.NewlyOver) != 1 || d.NewlyOver[0] != url || len(d.Sentences) < 2 {
		t.Errorf("history --runs --diff 2 --json: exit %d, %+v (%v)\n%s", code, d, err, out)
	}
}

func TestHistoryUsageErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "h.sqlite")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"history", "--no-history"}, "--no-history"},
		{[]string{"history", "--diff"}, "--diff takes"},
		{[]string{"history", "--history", file, "--diff", "x", "2"}, "not an ID"},
		{[]string{"history", "--history", file, "--diff", "1", "2"}, "no inspection 1"},
		{[]string{"history", "--history", file, "--diff", "http://nowhere.example/"}, "holds 0 inspections"},
		{[]string{"history", "--prune", "http://x.example/"}, "take no URL"},
		{[]string{"history", "--runs", "3"}, "no argument without --diff"},
		{[]string{"history", "--history", file, "--runs", "--diff", "7"}, "no site run 7"},
		{[]string{"watch"}, "one of --once"},
		{[]string{"watch", "--list", "http://x.example/"}, "go with --once"},
		{[]string{"watch", "--history", file, "--remove", "http://x.example/"}, "not on the watch list"},
	} {
		code, _, stderr := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

func TestHistoryRetention(t *testing.T) {
	file := filepath.Join(t.TempDir(), "h.sqlite")
	if code, out, _ := run(t, "history", "--history", file, "--retention", "30"); code != exitOK || !strings.Contains(out, "30 days") {
		t.Fatalf("--retention: exit %d, %q", code, out)
	}
	if code, out, _ := run(t, "history", "--history", file, "--prune"); code != exitOK || !strings.Contains(out, "Deleted 0 inspections and 0 site runs older than 30 days") {
		t.Errorf("--prune: exit %d, %q", code, out)
	}
}
