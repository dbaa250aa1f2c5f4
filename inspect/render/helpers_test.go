package render

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// needBrowser skips the test when no Chromium binary is installed.
func needBrowser(t testing.TB) {
	t.Helper()
	if _, err := FindBrowser(""); err != nil {
		t.Skip("no browser binary found (chromium-headless-shell or chromium on PATH): the render tests need the Debian package chromium-headless-shell")
	}
}

// site serves pages from a map of path to body; a path ending in .js is
// served as JavaScript, robots.txt as text.
func site(t testing.TB, pages map[string]string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		switch {
		case strings.HasSuffix(r.URL.Path, ".js"):
			w.Header().Set("Content-Type", "text/javascript")
		case strings.HasSuffix(r.URL.Path, ".json"):
			w.Header().Set("Content-Type", "application/json")
		case r.URL.Path == "/robots.txt":
			w.Header().Set("Content-Type", "text/plain")
		default:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// inspectAndRender inspects rawURL as Googlebot Smartphone with the given
// limit (0: the profile's) and renders it.
func inspectAndRender(t testing.TB, rawURL string, limit int64, opt Options) (*inspect.Report, *inspect.Rendered) {
	t.Helper()
	p, _ := fetch.Lookup("googlebot-smartphone")
	f := &fetch.Fetcher{}
	fo := fetch.Options{LimitOverride: limit}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rep, err := inspect.Page(ctx, f, rawURL, p, inspect.Options{Fetch: fo, FetchBlocked: true})
	if err != nil {
		t.Fatalf("inspect %s: %v", rawURL, err)
	}
	opt.Fetch = fo
	return rep, Run(ctx, f, rep, p, opt)
}

// browserProcesses counts the live processes of the browsers the tests
// started: the browser and all its children.
func browserProcesses(t testing.TB) int {
	t.Helper()
	if _, err := os.Stat("/proc/self/stat"); err != nil && runtime.GOOS == "linux" {
		t.Skip("no /proc to look for browser processes")
	}
	return LiveProcesses()
}
