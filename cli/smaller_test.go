//go:build unix

package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRobotsLintSaysWholeSize fetches a robots.txt of 5,000,000 bytes, of
// which Cutoff reads 2 MiB: the lint names the whole size (or that it is
// more, when the response does not say) and the bytes read, not the bytes
// read as the file's size.
func TestRobotsLintSaysWholeSize(t *testing.T) {
	t.Parallel()
	const size = 5_000_000
	rules := "User-agent: *\nDisallow: /a\n"
	body := rules + strings.Repeat("#", size-len(rules))
	tests := []struct {
		name     string
		announce bool // send Content-Length
		want     string
	}{
		{"length announced", true, "The file is 5,000,000 bytes (Cutoff read the first 2,097,152): Google reads the first 512,000 (500 KiB) and ignores the remaining 4,488,000 bytes"},
		{"length unknown", false, "The file is more than 2,097,152 bytes (Cutoff stopped reading there): Google reads the first 512,000 (500 KiB) and ignores the remaining bytes (more than 1,585,152)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.announce {
					w.Header().Set("Content-Length", strconv.Itoa(size))
				}
				w.Write([]byte(body))
			}))
			defer srv.Close()
			code, stdout, stderr := run(t, "robots", srv.URL+"/a")
			if code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if !strings.Contains(stdout, tt.want) {
				t.Errorf("the report lacks %q:\n%s", tt.want, stdout)
			}
		})
	}
}

// TestLocalFileMistakes gives inspect local paths that are not pages: each
// gets one sentence saying what it is, and the input is left as it was.
func TestLocalFileMistakes(t *testing.T) {
	t.Parallel()
	page := []byte("<!doctype html><title>Mine</title>")
	input := writeFile(t, "page.html", page)
	dir := filepath.Dir(input)
	loop := filepath.Join(dir, "loop.html")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string // run in dir
		want string
	}{
		{"symbolic link loop", []string{"inspect", "loop.html"}, "loop.html is a symbolic link that loops"},
		{"symbolic link loop, full path", []string{"inspect", loop}, "is a symbolic link that loops"},
		{"--out is the input", []string{"inspect", "--out", input, input}, "is the file being inspected"},
		{"--out names the input another way", []string{"inspect", "--out", "./page.html", input}, "is the file being inspected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := startChild(t, dir, tt.args...)
			code, stderr := c.exitCode(t), c.stderr.String()
			if code != exitUsage || !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("exit %d, stderr %q; want %d and one sentence saying %q", code, stderr, exitUsage, tt.want)
			}
		})
	}
	if got, _ := os.ReadFile(input); string(got) != string(page) {
		t.Errorf("the input was overwritten: %d bytes now, %d before", len(got), len(page))
	}
}

// TestRedirectLocationWithControlCharacter follows a redirect whose
// Location holds an escape character: the sentence says so, rather than
// calling it not an http or https URL.
func TestRedirectLocationWithControlCharacter(t *testing.T) {
	t.Parallel()
	base := rawServer(t, func(*http.Request) string {
		return "HTTP/1.1 302 Found\r\nLocation: /next\x1b[2J\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
	})
	code, _, stderr := run(t, "inspect", "--no-resources", "--timeout", "5s", base+"/")
	want := `redirects to "/next\x1b[2J", which is not a URL: it holds the control character 0x1B at byte 5`
	if code != exitFetch || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want %d and a sentence saying %q", code, stderr, exitFetch, want)
	}
}
