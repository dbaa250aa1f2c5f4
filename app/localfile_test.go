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
	got := tu.res.summary.Text
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
