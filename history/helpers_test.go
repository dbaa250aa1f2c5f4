package history

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// testLimit is the byte limit the tests inspect with, so that a page of a
// few kilobytes crosses it.
const testLimit = 10_000

// pageServer serves one page at / whose inline script's size and
// robots.txt the test changes between inspections.
type pageServer struct {
	*httptest.Server
	mu       sync.Mutex
	script   int    // bytes of the inline script before the canonical link
	disallow string // a Disallow path for robots.txt, "" for none
}

func newPageServer(t *testing.T, script int) *pageServer {
	t.Helper()
	s := &pageServer{script: script}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *pageServer) set(script int, disallow string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script, s.disallow = script, disallow
}

func (s *pageServer) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	script, disallow := s.script, s.disallow
	s.mu.Unlock()
	if r.URL.Path == "/robots.txt" {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "User-agent: *\nDisallow: %s\n", disallow)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if r.URL.Path != "/" {
		script = 1000 // every other page stays small
	}
	fmt.Fprint(w, page(script))
}

// page is a product page whose canonical link and JSON-LD follow an
// inline script of script bytes.
func page(script int) string {
	return `<!doctype html><html><head><title>Blue kettle</title>` +
		`<script>var x="` + strings.Repeat("a", script) + `";</script>` +
		`<link rel="canonical" href="https://shop.example/kettle">` +
		`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Kettle"}</script>` +
		`</head><body><h1>Blue kettle</h1><main><p>` + strings.Repeat("Boils water. ", 200) + `</p>` +
		`<a href="/other">Other</a></main></body></html>`
}

// inspectPage inspects url as Googlebot Smartphone with testLimit.
func inspectPage(ctx context.Context, url, profile string) (*inspect.Report, error) {
	p, ok := fetch.Lookup(profile)
	if !ok {
		return nil, fmt.Errorf("no profile %q", profile)
	}
	return inspect.Page(ctx, &fetch.Fetcher{}, url, p, inspect.Options{
		Fetch:       fetch.Options{Timeout: 10 * time.Second, LimitOverride: testLimit},
		NoResources: true,
	})
}

const googlebot = "googlebot-smartphone"

func mustInspect(t *testing.T, url string) *inspect.Report {
	t.Helper()
	r, err := inspectPage(context.Background(), url, googlebot)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// openTemp opens a new history file in t's temporary folder.
func openTemp(t *testing.T) *DB {
	t.Helper()
	h, err := Open(context.Background(), filepath.Join(t.TempDir(), "history.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

func mustSave(t *testing.T, h *DB, r *inspect.Report) int64 {
	t.Helper()
	id, err := h.Save(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
