package resources

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
)

// testHost is an httptest server that counts requests per path and the
// most requests it served at once.
type testHost struct {
	*httptest.Server
	mu       sync.Mutex
	hits     map[string]int
	inFlight atomic.Int64
	peak     atomic.Int64
	// shared, when set, also counts this host's requests in flight, so a
	// test can bound the requests across hosts.
	shared *testHost
}

// newTestHost serves mux and counts. Every request is held for hold, so
// that concurrent requests overlap and the peak is meaningful.
func newTestHost(t testing.TB, mux *http.ServeMux, hold time.Duration, shared *testHost) *testHost {
	h := &testHost{hits: make(map[string]int), shared: shared}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An endless response outlives the client's request: the
		// handler only learns that the client left at its next write.
		if r.URL.Path != "/endless.js" {
			h.enter()
			defer h.leave()
		}
		h.mu.Lock()
		h.hits[r.URL.Path]++
		h.mu.Unlock()
		if hold > 0 && r.URL.Path != "/robots.txt" {
			time.Sleep(hold)
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(h.Close)
	return h
}

func (h *testHost) enter() {
	for c := h; c != nil; c = c.shared {
		n := c.inFlight.Add(1)
		for {
			p := c.peak.Load()
			if n <= p || c.peak.CompareAndSwap(p, n) {
				break
			}
		}
	}
}

func (h *testHost) leave() {
	for c := h; c != nil; c = c.shared {
		c.inFlight.Add(-1)
	}
}

func (h *testHost) hitCount(path string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.hits[path]
}

// text serves body with a content type.
func text(contentType, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		fmt.Fprint(w, body)
	}
}

// bigScript serves n bytes of JavaScript.
func bigScript(n int) http.HandlerFunc {
	body := bytes.Repeat([]byte("var a=1;\n"), n/9+1)[:n]
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/javascript")
		w.Write(body)
	}
}

// endless streams JavaScript until the client goes away.
func endless(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript")
	chunk := bytes.Repeat([]byte("x=1;"), 16<<10)
	for r.Context().Err() == nil {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

// hang sends the header, then nothing until the client goes away.
func hang(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript")
	w.WriteHeader(http.StatusOK)
	w.(http.Flusher).Flush()
	<-r.Context().Done()
}

// testSite is the page's host and a second host (a CDN) for the tests of
// Resources.
type testSite struct {
	main, cdn *testHost
	page      string // the page's URL on main
	html      []byte
	cutoff    int64 // the page's cutoff offset: late.js lies after it
}

const bigScriptBytes = 3 << 20 // 3,145,728

func newTestSite(t testing.TB, hold time.Duration) *testSite {
	s := &testSite{}
	cdn := http.NewServeMux()
	cdn.HandleFunc("/robots.txt", text("text/plain", "User-agent: *\nDisallow: /blocked/\n"))
	cdn.HandleFunc("/blocked/lib.js", text("text/javascript", "blocked()"))
	cdn.HandleFunc("/ok.js", text("text/javascript", "ok()"))
	s.cdn = newTestHost(t, cdn, hold, nil)

	m := http.NewServeMux()
	m.HandleFunc("/robots.txt", text("text/plain", "User-agent: googlebot\nAllow: /\n"))
	m.HandleFunc("/big.js", bigScript(bigScriptBytes))
	m.HandleFunc("/css/main.css", text("text/css", `@import "b.css"; @import url(cycle1.css);
body{background:url(/img/bg.png)} @font-face{font-family:f;src:url(/fonts/f.woff2)}`))
	m.HandleFunc("/css/b.css", text("text/css", "a{color:red}"))
	m.HandleFunc("/css/cycle1.css", text("text/css", `@import "cycle2.css";`))
	m.HandleFunc("/css/cycle2.css", text("text/css", `@import "cycle1.css";`))
	m.HandleFunc("/fonts/f.woff2", text("font/woff2", "wOF2"))
	m.HandleFunc("/img/", text("image/png", "\x89PNG"))
	m.HandleFunc("/favicon.ico", text("image/x-icon", "ico"))
	m.HandleFunc("/late.js", text("text/javascript", "late()"))
	m.HandleFunc("/endless.js", endless)
	for _, n := range []string{"a", "b", "c"} {
		m.HandleFunc("/"+n+".js", text("text/javascript", n+"()"))
	}
	s.main = newTestHost(t, m, hold, nil)
	s.page = s.main.URL + "/dir/page.html"
	s.build()
	return s
}

// build writes the page: every kind of reference, 300 references to three
// scripts, and late.js after the cutoff.
func (s *testSite) build() {
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><base href="/">
<link rel=icon href="/favicon.ico"><link rel=preload as=font href="/fonts/f.woff2" crossorigin>
<link rel=stylesheet href="css/main.css"><script src="big.js"></script>
<script src="` + s.cdn.URL + `/blocked/lib.js"></script><script src="` + s.cdn.URL + `/ok.js"></script>
<script src="/missing.js"></script><script src="/endless.js"></script></head><body><img src="img/photo.jpg">`)
	for i := range 300 {
		fmt.Fprintf(&b, `<script src="/%c.js"></script>`, "abc"[i%3])
	}
	s.cutoff = int64(b.Len())
	b.WriteString(`<p>filler</p><script src="/late.js"></script></body></html>`)
	s.html = []byte(b.String())
}

// testProfile is Googlebot Smartphone as the fetch package defines it.
func testProfile(t testing.TB) fetch.Profile {
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatalf("profile %q not found", fetch.DefaultProfileID)
	}
	return p
}

// byURL indexes resources by URL; the first entry of a URL wins.
func byURL(rs []Resource) map[string]Resource {
	m := make(map[string]Resource, len(rs))
	for _, r := range rs {
		if _, ok := m[r.URL]; !ok {
			m[r.URL] = r
		}
	}
	return m
}
