package site

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestSitemapIndexWithGzip(t *testing.T) {
	s := newTestSite(t)
	s.text("/sitemap_index.xml", "application/xml", sitemapIndex(s.URL+"/sm-a.xml", s.URL+"/sm-b.xml.gz"))
	s.text("/sm-a.xml", "application/xml", urlset(s.URL+"/a1", s.URL+"/a2", s.URL+"/a1#dup"))
	s.text("/sm-b.xml.gz", "application/gzip", gzipped(urlset(s.URL+"/b1", s.URL+"/big")))
	for _, p := range []string{"/a1", "/a2", "/b1"} {
		s.page(p, 1000, nil, nil)
	}
	s.page("/big", 30_000, nil, nil)
	cfg := testConfig(t)
	cfg.Fetch.LimitOverride = 20_000
	rows, sum, err := collect(t, Input{Sitemap: s.URL + "/sitemap_index.xml"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := mapsKeys(rows); !slices.Equal(got, []string{"/a1", "/a2", "/b1", "/big"}) {
		t.Fatalf("rows %v, want /a1 /a2 /b1 /big (the fragment de-duplicated)", got)
	}
	big := rows["/big"]
	if !big.Truncated || big.CutoffOffset == nil || big.Percent <= 100 || !big.HasFinding("page-over-limit") {
		t.Errorf("/big row %+v: want truncated, a cutoff, over 100%% and page-over-limit", big)
	}
	if rows["/a1"].Truncated || rows["/a1"].Status != 200 {
		t.Errorf("/a1 row %+v", rows["/a1"])
	}
	if sum.Pages != 4 || sum.Truncated != 1 || sum.Fetched != 4 || len(sum.Notes) != 0 {
		t.Errorf("summary %+v", sum)
	}
}

// The robots.txt Sitemap: lines are an input of their own.
func TestSitemapFromRobots(t *testing.T) {
	s := newTestSite(t)
	s.text("/robots.txt", "text/plain", []byte("User-agent: *\nAllow: /\nSitemap: "+s.URL+"/sm.xml\n"))
	s.text("/sm.xml", "application/xml", urlset(s.URL+"/p"))
	s.page("/p", 100, nil, nil)
	rows, _, err := collect(t, Input{Sitemap: s.URL + "/robots.txt"}, testConfig(t))
	if err != nil || len(rows) != 1 || rows["/p"].Status != 200 {
		t.Fatalf("rows %v, err %v", rows, err)
	}
	if n := s.hitCount("/robots.txt"); n != 1 {
		t.Errorf("robots.txt fetched %d times, want once", n)
	}
}

func TestCrawlFollowsOnlyKeptLinks(t *testing.T) {
	s := newTestSite(t)
	s.page("/", 30_000, []string{"/seen", "/seen#x", "http://elsewhere.invalid/x"}, []string{"/lost", "/seen"})
	s.page("/seen", 500, []string{"/"}, nil)
	s.page("/lost", 500, nil, nil)
	cfg := testConfig(t)
	cfg.Fetch.LimitOverride = 20_000
	rows, sum, err := collect(t, Input{Crawl: s.URL + "/"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := rows["/lost"]; ok || s.hitCount("/lost") != 0 {
		t.Errorf("/lost, linked only past the cutoff, was fetched")
	}
	if _, ok := rows["/seen"]; !ok || len(rows) != 2 {
		t.Errorf("rows %v, want / and /seen", mapsKeys(rows))
	}
	want := []Orphan{{URL: s.URL + "/lost", Pages: 1, From: s.URL + "/"}}
	if !slices.Equal(sum.LinkedOnlyPastCutoff, want) {
		t.Errorf("linked only past the cutoff: %+v, want %+v", sum.LinkedOnlyPastCutoff, want)
	}
	if root := rows["/"]; root.LostLinks != 2 {
		t.Errorf("/ lost_links = %d, want 2 (the inspect engine's count)", root.LostLinks)
	}
}

// In a sitemap run, a listed page linked to only past the cutoff gets the
// site finding once the run is over.
func TestLinkedOnlyPastCutoffInSitemap(t *testing.T) {
	s := newTestSite(t)
	s.text("/sm.xml", "application/xml", urlset(s.URL+"/hub", s.URL+"/orphan", s.URL+"/fine"))
	s.page("/hub", 30_000, []string{"/fine"}, []string{"/orphan"})
	s.page("/orphan", 100, nil, nil)
	s.page("/fine", 100, nil, nil)
	cfg := testConfig(t)
	cfg.Fetch.LimitOverride = 20_000
	rows, sum, err := collect(t, Input{Sitemap: s.URL + "/sm.xml"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	list := make([]Row, 0, len(rows))
	for _, r := range rows {
		list = append(list, r)
	}
	MarkOrphans(list, sum)
	for _, r := range list {
		want := strings.HasSuffix(r.URL, "/orphan")
		if r.HasFinding(CodeLinkedOnlyPastCutoff) != want {
			t.Errorf("%s: linked-only-past-cutoff = %v, want %v", r.URL, !want, want)
		}
	}
}

func TestRobotsBlockedRows(t *testing.T) {
	s := newTestSite(t)
	s.text("/robots.txt", "text/plain", []byte("User-agent: googlebot\nDisallow: /private/\n"))
	s.page("/open", 100, nil, nil)
	s.page("/private/x", 100, nil, nil)
	rows, sum, err := collect(t, Input{URLs: []string{s.URL + "/open", s.URL + "/private/x", "not a url"}}, testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	blocked := rows["/private/x"]
	if blocked.Fetched || blocked.RobotsAllowed || blocked.RobotsLine != 2 || !blocked.HasFinding(CodeRobotsDisallowed) {
		t.Errorf("blocked row %+v", blocked)
	}
	if s.hitCount("/private/x") != 0 {
		t.Error("a disallowed URL was fetched")
	}
	if s.hitCount("/robots.txt") != 1 {
		t.Errorf("robots.txt fetched %d times, want once", s.hitCount("/robots.txt"))
	}
	if r := rows["not a url"]; r.Fetched || !strings.HasSuffix(r.Error, ".") {
		t.Errorf("bad line row %+v", r)
	}
	if sum.Disallowed != 1 || sum.Fetched != 1 || sum.Errors != 1 {
		t.Errorf("summary %+v", sum)
	}
}

// A 429 with Retry-After: 1 pauses the whole host for a second, measured in
// the server: no request reaches it in that second.
func TestBackoffHonoursRetryAfter(t *testing.T) {
	s := newTestSite(t)
	s.busyOnce("/busy")
	var urls []string
	for _, p := range []string{"/busy", "/p1", "/p2", "/p3", "/p4", "/p5", "/p6"} {
		urls = append(urls, s.URL+p)
		if p != "/busy" {
			s.page(p, 100, nil, nil)
		}
	}
	cfg := testConfig(t)
	cfg.PerHost = 1
	rows, _, err := collect(t, Input{URLs: urls}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r := rows["/busy"]; r.Status != 200 || r.Retries != 1 {
		t.Errorf("/busy row %+v, want 200 after one retry", r)
	}
	times := s.hitTimes()
	var at429 time.Time
	for _, h := range times {
		if h.path == "/busy" {
			at429 = h.at
			break
		}
	}
	for _, h := range times {
		if d := h.at.Sub(at429); h.path != "/robots.txt" && d > 0 && d < 950*time.Millisecond {
			t.Errorf("%s requested %v after the 429 asked for a second", h.path, d)
		}
	}
}

// --delay spaces the starts of requests to one host, measured in the server.
func TestDelayPerHost(t *testing.T) {
	s := newTestSite(t)
	var urls []string
	for _, p := range []string{"/d1", "/d2", "/d3", "/d4"} {
		s.page(p, 100, nil, nil)
		urls = append(urls, s.URL+p)
	}
	cfg := testConfig(t)
	cfg.Delay = 150 * time.Millisecond
	if _, _, err := collect(t, Input{URLs: urls}, cfg); err != nil {
		t.Fatal(err)
	}
	var last time.Time
	for _, h := range s.hitTimes() {
		if h.path == "/robots.txt" {
			continue
		}
		if !last.IsZero() && h.at.Sub(last) < 140*time.Millisecond {
			t.Errorf("%s came %v after the previous request, want at least 150ms", h.path, h.at.Sub(last))
		}
		last = h.at
	}
}

func TestResumeWithoutRefetching(t *testing.T) {
	s := newTestSite(t)
	var urls []string
	for i := range 20 {
		p := "/r" + string(rune('a'+i))
		s.page(p, 200, nil, nil)
		urls = append(urls, s.URL+p)
	}
	cfg := testConfig(t)
	cfg.PerHost, cfg.Global = 1, 1
	ctx, cancel := context.WithCancel(t.Context())
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	n := 0
	sum, err := Run(ctx, Input{URLs: urls}, cfg, func(r Row) {
		enc.Encode(r)
		if n++; n == 7 {
			cancel()
		}
	})
	if err != nil || !sum.Cancelled {
		t.Fatalf("first run: %v, cancelled %v", err, sum.Cancelled)
	}
	out.WriteString(`{"url": "cut sho`) // a run killed while writing a line
	prev, err := ReadRows(&out)
	if err != nil || len(prev) != 7 {
		t.Fatalf("read back %d rows, err %v", len(prev), err)
	}
	cfg.Resume = prev
	rows, sum, err := collect(t, Input{URLs: urls}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 13 || sum.Pages != 20 || sum.Resumed != 7 {
		t.Errorf("second run: %d new rows, summary pages %d resumed %d; want 13, 20, 7", len(rows), sum.Pages, sum.Resumed)
	}
	for _, u := range urls {
		p := u[len(s.URL):]
		if n := s.hitCount(p); n != 1 {
			t.Errorf("%s fetched %d times over both runs, want once", p, n)
		}
	}
}

// A crawl resumes from the links of its rows.
func TestResumeCrawl(t *testing.T) {
	s := newTestSite(t)
	s.page("/", 100, []string{"/c1", "/c2"}, nil)
	s.page("/c1", 100, []string{"/c3"}, nil)
	s.page("/c2", 100, nil, nil)
	s.page("/c3", 100, nil, nil)
	cfg := testConfig(t)
	first, _, err := collect(t, Input{Crawl: s.URL + "/"}, func() Config { c := cfg; c.MaxPages = 2; return c }())
	if err != nil || len(first) != 2 {
		t.Fatalf("first run rows %v err %v", mapsKeys(first), err)
	}
	for _, r := range first {
		cfg.Resume = append(cfg.Resume, r)
	}
	rows, _, err := collect(t, Input{Crawl: s.URL + "/"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(first)+len(rows) != 4 {
		t.Errorf("rows %v then %v, want the four pages in all", mapsKeys(first), mapsKeys(rows))
	}
	for _, p := range []string{"/", "/c1", "/c2", "/c3"} {
		if s.hitCount(p) != 1 {
			t.Errorf("%s fetched %d times", p, s.hitCount(p))
		}
	}
}

func TestCancelStopsWithinASecond(t *testing.T) {
	s := newTestSite(t)
	s.handle("/slow", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body>"))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
	})
	var urls []string
	for i := range 50 {
		urls = append(urls, s.URL+"/slow?"+string(rune('a'+i)))
	}
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	sum, err := Run(ctx, Input{URLs: urls}, testConfig(t), nil)
	took := time.Since(start)
	if err != nil || !sum.Cancelled {
		t.Fatalf("err %v, summary %+v", err, sum)
	}
	if took > 1300*time.Millisecond {
		t.Errorf("Run returned %v after start, %v after Cancel; want within a second", took, took-300*time.Millisecond)
	}
	if sum.Pages != 0 {
		t.Errorf("%d rows from a cancelled run of pages that never finished", sum.Pages)
	}
}

func TestMaxPagesAndDepth(t *testing.T) {
	s := newTestSite(t)
	s.page("/", 100, []string{"/1"}, nil)
	s.page("/1", 100, []string{"/2"}, nil)
	s.page("/2", 100, []string{"/3"}, nil)
	s.page("/3", 100, nil, nil)
	cfg := testConfig(t)
	cfg.MaxDepth = 2
	rows, _, _ := collect(t, Input{Crawl: s.URL + "/"}, cfg)
	if len(rows) != 3 {
		t.Errorf("depth 2: rows %v, want /, /1, /2", mapsKeys(rows))
	}
	cfg.MaxDepth, cfg.MaxPages = 0, 2
	rows, sum, _ := collect(t, Input{Crawl: s.URL + "/"}, cfg)
	if len(rows) != 2 || !sum.StoppedAtMax {
		t.Errorf("max 2 pages: rows %v, stopped %v", mapsKeys(rows), sum.StoppedAtMax)
	}
}

func mapsKeys(m map[string]Row) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Progress counts the rows done and the URLs a sitemap listed and not yet
// done, so the window can give an estimate.
func TestProgressCountsListedURLs(t *testing.T) {
	s := newTestSite(t)
	var locs []string
	for i := range 40 {
		p := "/g" + strings.Repeat("x", i)
		s.page(p, 100, nil, nil)
		locs = append(locs, s.URL+p)
	}
	s.text("/sm.xml", "application/xml", urlset(locs...))
	cfg := testConfig(t)
	var seen []Progress
	cfg.Progress = func(p Progress) { seen = append(seen, p) }
	if _, _, err := collect(t, Input{Sitemap: s.URL + "/sm.xml"}, cfg); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 40 || seen[0].Done != 1 || seen[0].Queued < 30 || seen[39].Done != 40 || seen[39].Queued != 0 {
		t.Errorf("progress: first %+v, last %+v of %d", seen[0], seen[len(seen)-1], len(seen))
	}
}

// A 503 without Retry-After waits Backoff, then twice that; a Retry-After
// longer than MaxWait is reported, not waited for.
func TestBackoffWithoutRetryAfterAndTooLong(t *testing.T) {
	s := newTestSite(t)
	var mu sync.Mutex
	answers := 0
	s.handle("/flaky", func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		answers++
		n := answers
		mu.Unlock()
		if n <= 2 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Write(htmlPage("ok", 10, nil, nil))
	})
	s.handle("/later", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	cfg := testConfig(t)
	cfg.Backoff, cfg.MaxWait = 100*time.Millisecond, time.Minute
	rows, _, err := collect(t, Input{URLs: []string{s.URL + "/flaky", s.URL + "/later"}}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r := rows["/flaky"]; r.Status != 200 || r.Retries != 2 {
		t.Errorf("/flaky: %d after %d retries", r.Status, r.Retries)
	}
	var at []time.Time
	for _, h := range s.hitTimes() {
		if h.path == "/flaky" {
			at = append(at, h.at)
		}
	}
	if len(at) != 3 || at[1].Sub(at[0]) < 95*time.Millisecond || at[2].Sub(at[1]) < 195*time.Millisecond {
		t.Errorf("attempts at %v: want 100ms, then 200ms apart", at)
	}
	if r := rows["/later"]; r.Status != 429 || !strings.Contains(r.Error, "not retried") || s.hitCount("/later") != 1 {
		t.Errorf("/later: %+v, %d requests", r, s.hitCount("/later"))
	}
}
