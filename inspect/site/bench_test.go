package site

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/benchproc"
)

// benchSite serves n generated pages: page i is between 10 KB and 3 MB
// (log-uniform, so most pages are small as on real sites), links to the
// next three pages, and half of the big ones link past their cutoff.
func benchSite(b *testing.B, n int) *httptest.Server {
	filler := bytes.Repeat([]byte("<p>Generated filler text for a site run benchmark page.</p>\n"), 3_100_000/40)
	sm := &bytes.Buffer{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sitemap.xml" {
			w.Write(sm.Bytes())
			return
		}
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		size := benchSize(i)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(size))
		head := fmt.Sprintf("<!doctype html><html><head><title>Page %d</title><link rel=\"canonical\" href=\"/p/%d\"></head><body><h1>Page %d</h1>"+
			"<a href=\"/p/%d\">next</a><a href=\"/p/%d\">next</a><a href=\"/p/%d\">next</a>\n", i, i, i, i+1, i+2, i+3)
		tail := fmt.Sprintf("<a href=\"/p/%d\">late</a></body></html>\n", i+4)
		w.Write([]byte(head))
		w.Write(filler[:size-len(head)-len(tail)])
		w.Write([]byte(tail))
	}))
	b.Cleanup(srv.Close)
	locs := make([]string, n)
	for i := range locs {
		locs[i] = fmt.Sprintf("%s/p/%d", srv.URL, i)
	}
	sm.Write(urlset(locs...))
	return srv
}

// benchSize is page i's size, from 10 KB to 3 MB, log-uniform.
func benchSize(i int) int {
	u := float64((i*7919)%1000) / 999
	return int(10_000 * math.Pow(300, u))
}

func BenchmarkRun(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) { benchmarkRun(b, n) })
	}
}

func benchmarkRun(b *testing.B, n int) {
	srv := benchSite(b, n)
	var bytesRead int64
	for i := range n {
		bytesRead += int64(benchSize(i))
	}
	b.SetBytes(bytesRead)
	benchproc.ResetPeakRSS()
	for b.Loop() {
		cfg := Config{Profile: benchProfile(b), PerHost: 4, Global: 4, MaxPages: n}
		var rows []Row
		sum, err := Run(b.Context(), Input{Sitemap: srv.URL + "/sitemap.xml"}, cfg, func(r Row) {
			r.KeptLinks, r.LostOnlyLinks = nil, nil // what the window keeps
			rows = append(rows, r)
		})
		if err != nil || sum.Fetched != n {
			b.Fatalf("fetched %d of %d: %v", sum.Fetched, n, err)
		}
		b.ReportMetric(sum.PagesPerSecond, "pages/s")
	}
	b.ReportMetric(float64(benchproc.PeakRSS())/(1<<20), "peak-RSS-MB")
	b.ReportMetric(float64(retained())/(1<<20), "retained-MB")
}

// retained is the heap in use after a collection: what a run keeps
// (the last run's rows are still referenced by the benchmark's closure
// only until it returns, so this is the engine's leftover state plus the
// test server's).
func retained() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

func benchProfile(b *testing.B) fetch.Profile {
	p, ok := fetch.Lookup("googlebot-smartphone")
	if !ok {
		b.Fatal("no googlebot-smartphone profile")
	}
	return p
}
