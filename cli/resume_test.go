package cli

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// linkedSite serves / linking to /a and /b, which link nowhere; hits counts
// the requests for pages.
func linkedSite(t *testing.T) (url string, hits *atomic.Int64) {
	t.Helper()
	hits = &atomic.Int64{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		links := ""
		if r.URL.Path == "/" {
			links = `<a href="/a">a</a> <a href="/b">b</a>`
		}
		w.Write([]byte("<!doctype html><title>" + r.URL.Path + "</title><body>" + links + "</body>"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, hits
}

// writeFile writes data to name in a temporary folder and returns its path.
func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestResumeCrawlFromOutFile resumes a crawl from its --out file, whose
// rows keep no links: the run says it cannot go on from them.
func TestResumeCrawlFromOutFile(t *testing.T) {
	t.Parallel()
	base, _ := linkedSite(t)
	out := filepath.Join(t.TempDir(), "run.jsonl")
	if code, _, stderr := run(t, "site", "--crawl", base+"/", "--max-pages", "1", "--out", out); code != exitOK {
		t.Fatalf("first run: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr := run(t, "site", "--crawl", base+"/", "--resume", out)
	if code != exitOK || !strings.Contains(stderr, "list no links") || !strings.Contains(stderr, "--jsonl") {
		t.Errorf("exit %d, stderr %q: want a sentence saying the rows list no links and to resume from --jsonl", code, stderr)
	}
}

// TestResumeLastLine reads resume files whose last line is not a row: it is
// skipped with a sentence that says so; a line over the bound is an error
// in one sentence.
func TestResumeLastLine(t *testing.T) {
	t.Parallel()
	base, _ := linkedSite(t)
	code, rows, stderr := run(t, "site", "--crawl", base+"/", "--max-pages", "1", "--jsonl")
	if code != exitOK {
		t.Fatalf("first run: exit %d, stderr %q", code, stderr)
	}
	row, _, _ := strings.Cut(rows, "\n")
	tests := []struct {
		name string
		file string
		code int
		want string // in the one line on stderr
	}{
		{"complete but invalid", row + "\n{\"url\": 12}\n", exitOK, "last line (2) of the file to resume from is not a row"},
		{"cut short", row + "\n{\"url\": \"" + base + "/a\", \"sta", exitOK, "last line (2) of the file to resume from is cut short"},
		{"70 MB line", row + "\n" + strings.Repeat("x", 70<<20) + "\n", exitUsage, "line 2 of the file to resume from is longer than 64 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, "run.jsonl", []byte(tt.file))
			code, _, stderr := run(t, "site", "--crawl", base+"/", "--max-pages", "1", "--resume", path)
			if code != tt.code || !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("exit %d, stderr %q; want %d and one line saying %q", code, stderr, tt.code, tt.want)
			}
		})
	}
}

// TestResumeLinksKeepScope resumes a crawl from a row that links to another
// port of the same machine: that link is out of the crawl's scope, and is
// not fetched, as it would not be in the first run.
func TestResumeLinksKeepScope(t *testing.T) {
	t.Parallel()
	base, _ := linkedSite(t)
	other, otherHits := linkedSite(t)
	code, rows, stderr := run(t, "site", "--crawl", base+"/", "--max-pages", "1", "--jsonl")
	if code != exitOK {
		t.Fatalf("first run: exit %d, stderr %q", code, stderr)
	}
	row, _, _ := strings.Cut(rows, "\n")
	edited := strings.Replace(row, `"kept_links":[`, `"kept_links":["`+other+`/secret",`, 1)
	if edited == row {
		t.Fatalf("the row lists no kept_links: %s", row)
	}
	path := writeFile(t, "run.jsonl", []byte(edited+"\n"))
	code, out, stderr := run(t, "site", "--crawl", base+"/", "--resume", path, "--jsonl")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if n := otherHits.Load(); n != 0 || bytes.Contains([]byte(out), []byte(other)) {
		t.Errorf("the link to %s was followed (%d requests):\n%s", other, n, out)
	}
	if !strings.Contains(out, base+"/a") || !strings.Contains(out, base+"/b") {
		t.Errorf("the crawl did not go on from the row's links in scope:\n%s", out)
	}
}
