package cli

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// urlsFile writes urls to a list file.
func urlsFile(t *testing.T, urls ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(path, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSiteJSONLContract(t *testing.T) {
	base := demo(t)
	list := urlsFile(t, base+"/clean", base+"/big", base+"/private/site/1", base+"/site/p/1")
	code, out, errw := run(t, "site", "--urls", list, "--jsonl")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errw)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 4 rows and the summary:\n%s", len(lines), out)
	}
	fields := []string{"url", "status", "header_bytes", "body_bytes", "limit_bytes", "truncated", "cutoff_offset",
		"robots_allowed", "critical_beyond", "lost_links", "findings", "error"}
	rows := map[string]map[string]any{}
	for _, l := range lines[:4] {
		var row map[string]any
		if err := json.Unmarshal([]byte(l), &row); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		for _, f := range fields {
			if _, ok := row[f]; !ok {
				t.Errorf("row %s has no %q", row["url"], f)
			}
		}
		rows[strings.TrimPrefix(row["url"].(string), base)] = row
	}
	if big := rows["/big"]; big["truncated"] != true || big["cutoff_offset"] == nil || len(big["critical_beyond"].([]any)) == 0 {
		t.Errorf("/big row %v", big)
	}
	if p := rows["/private/site/1"]; p["robots_allowed"] != false || p["status"] != 0.0 {
		t.Errorf("blocked row %v", p)
	}
	var last struct {
		Summary *struct{ Pages, Fetched, Truncated int } `json:"summary"`
	}
	if err := json.Unmarshal([]byte(lines[4]), &last); err != nil || last.Summary == nil || last.Summary.Pages != 4 || last.Summary.Fetched != 3 {
		t.Errorf("summary line %q", lines[4])
	}
}

func TestSiteTextFailOnAndFiles(t *testing.T) {
	base := demo(t)
	dir := t.TempDir()
	list := urlsFile(t, base+"/clean", base+"/big")
	csvPath, htmlPath := filepath.Join(dir, "r.csv"), filepath.Join(dir, "r.html")
	code, out, errw := run(t, "site", "--urls", list, "--fail-on", "critical", "--out", csvPath)
	if code != exitFindings {
		t.Errorf("exit %d, want 1 (--fail-on critical and /big is over the limit): %s", code, errw)
	}
	if !strings.Contains(out, "2 pages: 2 fetched") || !strings.Contains(out, "1 over the limit") || !strings.Contains(out, "/big") {
		t.Errorf("text summary:\n%s", out)
	}
	data, _ := os.ReadFile(csvPath)
	if lines := strings.Split(strings.TrimSpace(string(data)), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "url,status,header_bytes") {
		t.Errorf("CSV:\n%s", data)
	}
	if code, _, errw := run(t, "site", "--urls", list, "--out", htmlPath); code != exitOK {
		t.Errorf("html: exit %d %s", code, errw)
	}
	data, _ = os.ReadFile(htmlPath)
	if !strings.Contains(string(data), "<svg") || !strings.Contains(string(data), base+"/big") {
		t.Errorf("HTML report lacks the plot or the rows")
	}
}

func TestSiteExitCodes(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no input", []string{"site"}, exitUsage, "exactly one"},
		{"two inputs", []string{"site", "--crawl", "http://a.test/", "--sitemap", "http://a.test/s.xml"}, exitUsage, "exactly one"},
		{"bad format", []string{"site", "--crawl", "http://a.test/", "--out", "x.pdf"}, exitUsage, "--format"},
		{"missing list", []string{"site", "--urls", "no-such-list.txt"}, exitUsage, "cannot be read"},
		{"missing sitemap file", []string{"site", "--sitemap", "no-such-sitemap.xml"}, exitUsage, "cannot be read"},
		{"bad crawl URL", []string{"site", "--crawl", "ftp://a.test/"}, exitUsage, "http(s)"},
		{"nothing fetched", []string{"site", "--urls", urlsFile(t, deadURL+"/a", deadURL+"/b")}, exitFetch, "no page could be fetched"},
		{"sitemap unreachable", []string{"site", "--sitemap", deadURL + "/sitemap.xml"}, exitFetch, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errw := run(t, c.args...)
			if code != c.code || !strings.Contains(errw, c.want) || strings.Count(strings.TrimSpace(errw), "\n") > 0 {
				t.Errorf("exit %d, stderr %q; want %d and one sentence with %q", code, errw, c.code, c.want)
			}
		})
	}
}

// --resume continues from the JSON Lines output without fetching its rows
// again, counted in the server.
func TestSiteResume(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			hits.Add(1)
		}
		w.Write([]byte("<html><body><a href=\"/a\">a</a><a href=\"/b\">b</a></body></html>"))
	}))
	t.Cleanup(srv.Close)
	out := filepath.Join(t.TempDir(), "run.jsonl")
	code, stdout, errw := run(t, "site", "--crawl", srv.URL+"/", "--jsonl", "--max-pages", "2")
	if code != exitOK {
		t.Fatalf("exit %d %s", code, errw)
	}
	os.WriteFile(out, []byte(stdout), 0o644)
	first := hits.Load()
	code, stdout, errw = run(t, "site", "--crawl", srv.URL+"/", "--jsonl", "--resume", out)
	if code != exitOK {
		t.Fatalf("resume: exit %d %s", code, errw)
	}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	n := 0
	for sc.Scan() {
		n++
	}
	if first != 2 || hits.Load() != 3 || n != 2 {
		t.Errorf("fetches %d then %d in all, %d lines; want 2, 3 and one new row plus the summary", first, hits.Load(), n)
	}
}
