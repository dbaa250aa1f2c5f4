package app

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// inspectLocalNews inspects the saved BBC News head as a local file, the
// way a user who types its path does.
func inspectLocalNews(t *testing.T) *testUI {
	t.Helper()
	path, err := filepath.Abs("testdata/pages/bbc-news-head.html")
	if err != nil {
		t.Fatal(err)
	}
	tu := newTestUI(t, Options{})
	tu.typeURLAndEnter(path)
	tu.waitEnd(t, 30*time.Second)
	if msg := tu.top.banner.Text; msg != "" {
		t.Fatalf("the inspection failed: %s", msg)
	}
	return tu
}

func TestLocalFileResourcesNotFetched(t *testing.T) {
	tu := inspectLocalNews(t)
	got := tu.res.Summary()
	if strings.Contains(got, "no subresources") {
		t.Errorf("resources summary = %q: nothing was looked at, so never \"none\"", got)
	}
	if want := tu.report.ResourcesNote(); want == "" || got != want {
		t.Errorf("resources summary = %q, want the report's note %q", got, want)
	}
	if !strings.Contains(got, "not fetched for a local file") || tu.report.ResourceReferences == 0 {
		t.Errorf("resources summary = %q (%d references), want not fetched and the page's count", got, tu.report.ResourceReferences)
	}
}

func TestLocalFileHeadersClaimNoRequest(t *testing.T) {
	tu := inspectLocalNews(t)
	h := tu.headers
	all := strings.Join([]string{h.request.Text, h.redirects.Text, h.raw.Text, h.sizes.Text(), h.timings.Text()}, "\n")
	for _, claim := range []string{"answered directly", "on the wire", "not compressed", "0 ms", "Content-Type"} {
		if strings.Contains(all, claim) {
			t.Errorf("headers tab says %q for a file read from disk:\n%s", claim, all)
		}
	}
	for _, text := range []string{h.redirects.Text, h.raw.Text, h.timings.Text()} {
		if !strings.HasPrefix(text, "None: ") {
			t.Errorf("section = %q, want None: and why", text)
		}
	}
	if want := "Read from disk             14,643 bytes"; !strings.Contains(h.sizes.Text(), want) {
		t.Errorf("sizes = %q, want %q", h.sizes.Text(), want)
	}
	if !strings.Contains(h.sizes.Text(), "0 bytes (a file has no header") {
		t.Errorf("sizes = %q, want 0 header bytes, none read", h.sizes.Text())
	}
	// Header bytes given on the command line are counted, and said to be given.
	r := *tu.report.Fetch
	r.HeaderBytes = 300
	if got := sizesText(&r); !strings.Contains(got, "300 bytes (given with --header-bytes, not read)") {
		t.Errorf("sizes with --header-bytes 300 = %q", got)
	}
}
