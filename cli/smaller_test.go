package cli

import (
	"net/http"
	"net/http/httptest"
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
