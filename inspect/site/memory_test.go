package site

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// longLinksPage writes page i: 9,500 links to URLs of its own, from 400
// bytes to 1 KB long.
func longLinksPage(w http.ResponseWriter, i int64) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	fmt.Fprintf(bw, "<!doctype html><html><head><title>Page %d</title></head><body>\n", i)
	tail := strings.Repeat("abcdefghij", 100)
	for j := range 9500 {
		n := 400 + (j*7919)%600 // 400 to 999 bytes of path
		prefix := fmt.Sprintf("/p/%d/%d/", i, j)
		fmt.Fprintf(bw, "<a href=\"%s%s\">link %d</a>\n", prefix, tail[:n-len(prefix)], j)
	}
	bw.WriteString("</body></html>\n")
}

// heapPeak samples the heap in use every few milliseconds until stop is
// called, which returns the largest sample.
func heapPeak() (stop func() uint64) {
	var peak atomic.Uint64
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		return peak.Load()
	}
}

// TestCrawlMemoryOfLongLinks crawls 30 pages of 9,500 links each, from 400
// bytes to 1 KB long (6.9 MB a page, most of it past the cutoff): the
// pages' links are capped in bytes as well as in count, and the link graph
// holds a hash and counts per target, naming only those linked past a
// cutoff alone, so the heap stays under 200 MB (it peaked at 426 MB when
// each page kept 5,000 links a side and the graph every URL).
func TestCrawlMemoryOfLongLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 210 MB of pages")
	}
	const pages = 30
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/p/") {
			http.NotFound(w, r)
			return
		}
		longLinksPage(w, served.Add(1))
	}))
	defer srv.Close()
	cfg := testConfig(t)
	cfg.MaxPages, cfg.PerHost, cfg.Global = pages, 2, 2
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	stop := heapPeak()
	var rows int
	sum, err := Run(t.Context(), Input{Crawl: srv.URL + "/p/0"}, cfg, func(r Row) {
		r.KeptLinks, r.LostOnlyLinks = nil, nil // as the command line and the window keep rows
		rows++
	})
	peak := stop()
	if err != nil || sum.Fetched != pages {
		t.Fatalf("fetched %d pages of %d: %v", sum.Fetched, pages, err)
	}
	grown := int64(peak) - int64(before.HeapAlloc)
	t.Logf("heap peak %d MB above the start, %d rows, %d orphans", grown>>20, rows, len(sum.LinkedOnlyPastCutoff))
	if limit := int64(200 << 20); grown > limit {
		t.Errorf("the crawl's heap peaked %d MB above its start, over %d MB", grown>>20, limit>>20)
	}
}
