package resources

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// testOptions are the default options with a timeout that suits loopback.
func testOptions() Options {
	opt := DefaultOptions()
	opt.Fetch.Timeout = 20 * time.Second
	return opt
}

func TestResourcesSite(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, 5*time.Millisecond)
	p := testProfile(t)
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, p, s.page, s.html, &s.cutoff, testOptions())
	m := byURL(rs)
	main, cdn := s.main.URL, s.cdn.URL

	tests := []struct {
		name      string
		url       string
		kind      Kind
		fetched   bool // by the crawler
		requested bool // by Cutoff
		status    int
		check     func(t *testing.T, r Resource)
	}{
		{"3 MB script truncated", main + "/big.js", Script, true, true, 200, func(t *testing.T, r Resource) {
			if !r.Truncated || r.BodyBytes != bigScriptBytes || r.LimitBytes != 2_000_000 {
				t.Errorf("truncated %v body %d limit %d, want true %d 2000000", r.Truncated, r.BodyBytes,
					bigScriptBytes, r.LimitBytes)
			}
			if r.CutoffOffset == nil || *r.CutoffOffset != 2_000_000-r.HeaderBytes {
				t.Errorf("cutoff offset %v, want %d", r.CutoffOffset, 2_000_000-r.HeaderBytes)
			}
			checkKept(t, r, "HTTP/1.1 200 OK\r\n", HeadBytes)
		}},
		{"stylesheet", main + "/css/main.css", Stylesheet, true, true, 200, func(t *testing.T, r Resource) {
			checkKept(t, r, "HTTP/1.1 200 OK\r\n", int(r.BodyBytes))
			if !strings.HasPrefix(string(r.Head), `@import "b.css";`) {
				t.Errorf("Head = %.40q, want the stylesheet's first bytes", r.Head)
			}
		}},
		{"import", main + "/css/b.css", Import, true, true, 200, func(t *testing.T, r Resource) {
			if r.Parent != main+"/css/main.css" || r.Depth != 1 {
				t.Errorf("parent %q depth %d, want main.css 1", r.Parent, r.Depth)
			}
		}},
		{"import cycle start", main + "/css/cycle1.css", Import, true, true, 200, nil},
		{"import cycle second", main + "/css/cycle2.css", Import, true, true, 200, func(t *testing.T, r Resource) {
			if r.Depth != 2 {
				t.Errorf("depth %d, want 2", r.Depth)
			}
		}},
		{"font preload", main + "/fonts/f.woff2", Font, false, false, 0, func(t *testing.T, r Resource) {
			if r.RawHeader != "" || r.Head != nil {
				t.Errorf("a resource never requested kept header %q and head %q", r.RawHeader, r.Head)
			}
		}},
		{"css background image", main + "/img/bg.png", Image, false, false, 0, nil},
		{"image", main + "/img/photo.jpg", Image, false, false, 0, nil},
		{"favicon", main + "/favicon.ico", Icon, false, false, 0, nil},
		{"blocked on second host", cdn + "/blocked/lib.js", Script, false, true, 200, func(t *testing.T, r Resource) {
			if !r.BlockedByRobots || !r.FetchedAnyway || r.Robots == nil || r.Robots.Allowed || r.Robots.Line != 2 {
				t.Errorf("blocked %v anyway %v robots %+v, want blocked by line 2", r.BlockedByRobots,
					r.FetchedAnyway, r.Robots)
			}
			if !strings.Contains(r.ExcludedReason, "line 2 (Disallow: /blocked/)") {
				t.Errorf("excluded reason %q does not name the rule", r.ExcludedReason)
			}
		}},
		{"allowed on second host", cdn + "/ok.js", Script, true, true, 200, func(t *testing.T, r Resource) {
			if r.Robots == nil || !r.Robots.Allowed || r.Robots.URL != cdn+"/robots.txt" {
				t.Errorf("robots %+v, want allowed by %s/robots.txt", r.Robots, cdn)
			}
		}},
		{"404", main + "/missing.js", Script, true, true, 404, func(t *testing.T, r Resource) {
			checkKept(t, r, "HTTP/1.1 404 Not Found\r\n", int(min(r.BodyBytes, HeadBytes)))
		}},
		{"never ends", main + "/endless.js", Script, true, true, 200, func(t *testing.T, r Resource) {
			if r.ReadComplete || r.BodyBytes != r.CapBytes || r.CapBytes != 4*2_000_000 {
				t.Errorf("read complete %v, body %d, cap %d, want stopped at the cap of 8,000,000", r.ReadComplete,
					r.BodyBytes, r.CapBytes)
			}
		}},
		{"after the cutoff", main + "/late.js", Script, true, true, 200, func(t *testing.T, r Resource) {
			if r.DiscoveredBeforeCutoff {
				t.Error("late.js discovered before the cutoff, want after")
			}
		}},
		{"300 references", main + "/a.js", Script, true, true, 200, func(t *testing.T, r Resource) {
			if r.References != 100 || !r.DiscoveredBeforeCutoff {
				t.Errorf("references %d, before cutoff %v, want 100 true", r.References, r.DiscoveredBeforeCutoff)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := m[tt.url]
			if !ok {
				t.Fatalf("%s not listed", tt.url)
			}
			if r.Kind != tt.kind || r.Fetched != tt.fetched || r.Requested != tt.requested || r.Status != tt.status {
				t.Errorf("kind %q fetched %v requested %v status %d, want %q %v %v %d (error %q)", r.Kind, r.Fetched,
					r.Requested, r.Status, tt.kind, tt.fetched, tt.requested, tt.status, r.Error)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}

	t.Run("cycle listed once as such", func(t *testing.T) {
		var cycles []Resource
		for _, r := range rs {
			if r.ImportCycle {
				cycles = append(cycles, r)
			}
		}
		if len(cycles) != 1 || cycles[0].URL != main+"/css/cycle1.css" || cycles[0].Parent != main+"/css/cycle2.css" {
			t.Fatalf("cycle rows %+v, want cycle1.css under cycle2.css", cycles)
		}
		if cycles[0].Fetched || cycles[0].ExcludedReason != exclCycle() {
			t.Errorf("cycle row fetched %v reason %q", cycles[0].Fetched, cycles[0].ExcludedReason)
		}
	})
	t.Run("each URL fetched once", func(t *testing.T) {
		for _, path := range []string{"/a.js", "/b.js", "/c.js", "/big.js", "/css/cycle1.css", "/robots.txt"} {
			if got := s.main.hitCount(path); got != 1 {
				t.Errorf("%s requested %d times, want 1", path, got)
			}
		}
		if got := s.cdn.hitCount("/robots.txt"); got != 1 {
			t.Errorf("second host's robots.txt requested %d times, want 1", got)
		}
		for _, path := range []string{"/img/photo.jpg", "/favicon.ico", "/fonts/f.woff2", "/img/bg.png"} {
			if got := s.main.hitCount(path); got != 0 {
				t.Errorf("excluded %s requested %d times", path, got)
			}
		}
	})
	t.Run("per-host bound", func(t *testing.T) {
		got := s.main.peak.Load()
		if got > DefaultPerHost {
			t.Errorf("main host served %d requests at once, want at most %d", got, DefaultPerHost)
		}
		if got < 2 {
			t.Logf("main host never served two requests at once: a loaded machine serialised the fetches")
		}
	})
	t.Run("order", func(t *testing.T) {
		// The stylesheet's font counts on the page's row of the same URL,
		// so it is not listed again.
		want := []string{"/favicon.ico", "/fonts/f.woff2", "/css/main.css", "/css/b.css", "/css/cycle1.css",
			"/css/cycle2.css", "/css/cycle1.css", "/img/bg.png", "/big.js"}
		var got []string
		for _, r := range rs[:len(want)] {
			got = append(got, strings.TrimPrefix(r.URL, main))
		}
		if g, w := strings.Join(got, " "), strings.Join(want, " "); g != w {
			t.Errorf("order\n%s\nwant\n%s", g, w)
		}
	})
}

func TestResourcesSkipBlocked(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, 0)
	opt := testOptions()
	opt.FetchBlocked = false
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, testProfile(t), s.page, s.html, nil, opt)
	r := byURL(rs)[s.cdn.URL+"/blocked/lib.js"]
	if r.Requested || r.FetchedAnyway || !r.BlockedByRobots || r.Fetched {
		t.Errorf("requested %v anyway %v blocked %v fetched %v, want false false true false", r.Requested,
			r.FetchedAnyway, r.BlockedByRobots, r.Fetched)
	}
	if got := s.cdn.hitCount("/blocked/lib.js"); got != 0 {
		t.Errorf("blocked script requested %d times, want 0", got)
	}
}

func TestResourcesIgnoresRobots(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, 0)
	p := testProfile(t)
	p.ObeysRobots = false
	cache := robots.NewCache(&fetch.Fetcher{}, p, fetch.Options{})
	rs := Fetch(context.Background(), &fetch.Fetcher{}, cache, p, s.page, s.html, nil, testOptions())
	r := byURL(rs)[s.cdn.URL+"/blocked/lib.js"]
	if !r.Fetched || r.BlockedByRobots || r.Robots == nil || !r.Robots.Skipped {
		t.Errorf("fetched %v blocked %v robots %+v, want fetched, not blocked, check skipped", r.Fetched,
			r.BlockedByRobots, r.Robots)
	}
	if got := s.main.hitCount("/robots.txt") + s.cdn.hitCount("/robots.txt"); got != 0 {
		t.Errorf("robots.txt requested %d times, want 0", got)
	}
}

func TestResourcesHang(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/hang.js", hang)
	h := newTestHost(t, mux, 0, nil)
	opt := testOptions()
	opt.Fetch.Timeout = 300 * time.Millisecond
	start := time.Now()
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, testProfile(t), h.URL+"/",
		[]byte(`<script src="/hang.js"></script>`), nil, opt)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v, want the 300ms timeout to end it", d)
	}
	if r := rs[0]; r.ReadComplete || (r.Error == "" && r.Status != 200) {
		t.Errorf("hanging resource: status %d read complete %v error %q", r.Status, r.ReadComplete, r.Error)
	}
}

func TestResourcesCancel(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/", hang)
	mux.HandleFunc("/robots.txt", http.NotFound)
	h := newTestHost(t, mux, 0, nil)
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, `<script src="/hang%d.js"></script>`, i)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	rs := Fetch(ctx, &fetch.Fetcher{}, nil, testProfile(t), h.URL+"/", []byte(b.String()), nil, testOptions())
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v after cancel, want a prompt return", d)
	}
	if got, want := len(rs), 40; got != want {
		t.Fatalf("%d resources, want %d", got, want)
	}
	notRun := 0
	for _, r := range rs {
		if r.Error == errCancelledResource() {
			notRun++
		}
	}
	if notRun < 40-DefaultPerHost {
		t.Errorf("%d resources cancelled before their fetch, want at least %d", notRun, 40-DefaultPerHost)
	}
}

// TestResourcesBounds checks the per-host and overall bounds with many
// distinct URLs on two hosts, measured in the handlers.
func TestResourcesBounds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name           string
		perHost, total int
	}{
		{"defaults", 0, 0},
		{"total below two hosts' share", 4, 6},
		{"one at a time", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mux := http.NewServeMux()
			mux.HandleFunc("/", text("text/javascript", "x()"))
			both := newTestHost(t, http.NewServeMux(), 0, nil)
			a := newTestHost(t, mux, 3*time.Millisecond, both)
			b := newTestHost(t, mux, 3*time.Millisecond, both)
			var page strings.Builder
			for i := range 250 {
				fmt.Fprintf(&page, `<script src="%s/%d.js"></script><script src="%s/%d.js"></script>`,
					a.URL, i, b.URL, i)
			}
			opt := testOptions()
			opt.PerHost, opt.Total = tt.perHost, tt.total
			o := opt.withDefaults()
			rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, testProfile(t), a.URL+"/",
				[]byte(page.String()), nil, opt)
			if got, want := len(rs), 500; got != want {
				t.Fatalf("%d resources, want %d", got, want)
			}
			for _, h := range []*testHost{a, b} {
				if got := h.peak.Load(); got > int64(o.PerHost) {
					t.Errorf("a host served %d requests at once, want at most %d", got, o.PerHost)
				}
			}
			if got := both.peak.Load(); got > int64(o.Total) {
				t.Errorf("the hosts served %d requests at once, want at most %d", got, o.Total)
			}
		})
	}
}

func TestResourcesMaxFetch(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/", text("text/javascript", "x()"))
	h := newTestHost(t, mux, 0, nil)
	var page strings.Builder
	for i := range 10 {
		fmt.Fprintf(&page, `<script src="/%d.js"></script>`, i)
	}
	opt := testOptions()
	opt.MaxFetch = 3
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, testProfile(t), h.URL+"/", []byte(page.String()), nil, opt)
	requested := 0
	for _, r := range rs {
		if r.Requested {
			requested++
		} else if !strings.HasPrefix(r.Error, "Not fetched: Cutoff fetches at most 3 ") {
			t.Errorf("%s: error %q", r.URL, r.Error)
		}
	}
	if requested != 3 {
		t.Errorf("%d requested, want 3", requested)
	}
}

func TestResourcesImportDepth(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscanf(r.URL.Path, "/s%d.css", &n)
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprintf(w, `@import "s%d.css";`, n+1)
	})
	h := newTestHost(t, mux, 0, nil)
	opt := testOptions()
	opt.MaxImportDepth = 3
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, testProfile(t), h.URL+"/",
		[]byte(`<link rel=stylesheet href="/s0.css">`), nil, opt)
	if got, want := len(rs), 5; got != want {
		t.Fatalf("%d resources, want %d: s0 and imports at depth 1 to 4", got, want)
	}
	for i, r := range rs {
		if r.Depth != i {
			t.Errorf("%s: depth %d, want %d", r.URL, r.Depth, i)
		}
		if got, want := r.Requested, i <= 3; got != want {
			t.Errorf("%s: requested %v, want %v (error %q)", r.URL, got, want, r.Error)
		}
	}
	if !strings.Contains(rs[4].Error, "3 stylesheets deep") {
		t.Errorf("deepest import error %q", rs[4].Error)
	}
}

func TestResourcesProgress(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, 0)
	var mu sync.Mutex
	var calls, lastDone, lastTotal int
	var lastBytes int64
	inCall := false
	opt := testOptions()
	opt.Progress = func(done, total int, bytes int64) {
		mu.Lock()
		if inCall {
			t.Error("progress called concurrently")
		}
		inCall = true
		calls++
		lastDone, lastTotal, lastBytes = done, total, bytes
		inCall = false
		mu.Unlock()
	}
	rs := Fetch(context.Background(), &fetch.Fetcher{}, nil, testProfile(t), s.page, s.html, nil, opt)
	var sum int64
	requested := 0
	for _, r := range rs {
		if r.Requested && !r.ImportCycle {
			sum += r.BodyBytes
			requested++
		}
	}
	if calls == 0 || lastDone != lastTotal || lastTotal != requested || lastBytes != sum {
		t.Errorf("%d calls, last (%d, %d, %d), want done = total = %d and bytes %d", calls, lastDone, lastTotal,
			lastBytes, requested, sum)
	}
}

// checkKept checks the header block and body head a fetched resource keeps.
func checkKept(t *testing.T, r Resource, status string, head int) {
	t.Helper()
	if !strings.HasPrefix(r.RawHeader, status) || !strings.HasSuffix(r.RawHeader, "\r\n\r\n") {
		t.Errorf("RawHeader = %.60q…, want a block from %q through the blank line", r.RawHeader, status)
	}
	if got, want := int64(len(r.RawHeader)), r.HeaderBytes; got != want {
		t.Errorf("len(RawHeader) = %d, want HeaderBytes %d", got, want)
	}
	if got := len(r.Head); got != head {
		t.Errorf("len(Head) = %d, want %d", got, head)
	}
}
