package cli

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRobotsURLsFileCRLF: a --urls file saved on Windows (CRLF line ends,
// with a comment and a blank line) gives the same URLs as one with LF.
func TestRobotsURLsFileCRLF(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n"} {
		path := filepath.Join(t.TempDir(), "urls.txt")
		text := "# checked weekly" + eol + "https://a.test/x" + eol + eol + "  https://a.test/y  " + eol
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := robotsURLs([]string{"https://a.test/arg"}, path)
		want := []string{"https://a.test/arg", "https://a.test/x", "https://a.test/y"}
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("line end %q: robotsURLs = %q, %v; want %q", eol, got, err, want)
		}
	}
}
