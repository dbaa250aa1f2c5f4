package site

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
)

// testSite is a real HTTP server whose pages the tests describe, counting
// every request it gets, with its time.
type testSite struct {
	*httptest.Server
	mu    sync.Mutex
	pages map[string]func(w http.ResponseWriter, r *http.Request)
	hits  map[string]int
	times []hit
}

type hit struct {
	path string
	at   time.Time
}

func newTestSite(t *testing.T) *testSite {
	s := &testSite{pages: map[string]func(http.ResponseWriter, *http.Request){}, hits: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *testSite) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	s.times = append(s.times, hit{r.URL.Path, time.Now()})
	h := s.pages[r.URL.Path]
	s.mu.Unlock()
	if h == nil {
		http.NotFound(w, r)
		return
	}
	h(w, r)
}

// handle sets the handler of path.
func (s *testSite) handle(path string, h func(w http.ResponseWriter, r *http.Request)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pages[path] = h
}

// text serves body at path with a content type.
func (s *testSite) text(path, contentType string, body []byte) {
	s.handle(path, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Write(body)
	})
}

// page serves an HTML page at path: links before the filler, filler of
// size bytes, links after it.
func (s *testSite) page(path string, size int, before, after []string) {
	s.text(path, "text/html; charset=utf-8", htmlPage(path, size, before, after))
}

// busyOnce serves path as a 429 with Retry-After: 1 the first time, then
// as a small page.
func (s *testSite) busyOnce(path string) {
	busy := true
	s.handle(path, func(w http.ResponseWriter, _ *http.Request) {
		s.mu.Lock()
		first := busy
		busy = false
		s.mu.Unlock()
		if first {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Write(htmlPage("busy", 100, nil, nil))
	})
}

func (s *testSite) hitCount(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func (s *testSite) hitTimes() []hit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]hit(nil), s.times...)
}

// htmlPage builds a page with links to before, at least size bytes of
// filler, and links to after.
func htmlPage(title string, size int, before, after []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!doctype html><html><head><title>%s</title></head><body><h1>%s</h1>\n", title, title)
	for _, l := range before {
		fmt.Fprintf(&b, "<a href=\"%s\">%s</a>\n", l, l)
	}
	filler := strings.Repeat("<p>Filler text to give this page its size.</p>\n", size/48+1)
	b.WriteString(filler[:min(len(filler), size)])
	for _, l := range after {
		fmt.Fprintf(&b, "<a href=\"%s\">%s</a>\n", l, l)
	}
	b.WriteString("</body></html>\n")
	return b.Bytes()
}

// urlset is a sitemap listing locs.
func urlset(locs ...string) []byte { return sitemapXML("urlset", "url", locs) }

// sitemapIndex is a sitemap index listing sitemaps.
func sitemapIndex(locs ...string) []byte { return sitemapXML("sitemapindex", "sitemap", locs) }

func sitemapXML(root, entry string, locs []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<%s xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n", root)
	for _, l := range locs {
		fmt.Fprintf(&b, "<%s><loc>%s</loc></%s>\n", entry, l, entry)
	}
	fmt.Fprintf(&b, "</%s>\n", root)
	return b.Bytes()
}

func gzipped(data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// testConfig is a run's config for tests: Googlebot Smartphone, fast
// backoff.
func testConfig(t *testing.T) Config {
	p, ok := fetch.Lookup("googlebot-smartphone")
	if !ok {
		t.Fatal("no googlebot-smartphone profile")
	}
	return Config{Profile: p, Fetch: fetch.Options{Timeout: 10 * time.Second}, Backoff: 50 * time.Millisecond}
}

// collect runs and returns the rows by URL path and the summary.
func collect(t *testing.T, in Input, cfg Config) (map[string]Row, *Summary, error) {
	t.Helper()
	rows := map[string]Row{}
	sum, err := Run(t.Context(), in, cfg, func(r Row) {
		path := r.URL
		if i := strings.Index(path, "://"); i >= 0 {
			if j := strings.IndexByte(path[i+3:], '/'); j >= 0 {
				path = path[i+3+j:]
			}
		}
		if _, dup := rows[path]; dup {
			t.Errorf("two rows for %s", r.URL)
		}
		rows[path] = r
	})
	return rows, sum, err
}
