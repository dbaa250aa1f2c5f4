package site_test

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/cutoffapp/cutoff/cli"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/internal/benchproc"
)

// serveEnv makes the test binary serve the benchmark site (see
// benchSitePages) on loopback and print its base URL, so that the server's
// work is not counted in the measuring process's CPU time.
const serveEnv = "CUTOFF_SITE_BENCH_SERVE"

// sitePages is how many pages BenchmarkSiteBudget runs over; one in ten is
// the big news page.
var sitePages = flag.Int("site.pages", 1000, "pages of BenchmarkSiteBudget")

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		if err := serveBenchSite(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

// BenchmarkSiteBudget measures the site budget of README.md's Performance
// section side by side against its floor. Over pages served by a process of
// their own on loopback (nine in ten a 262 KB portal page, one in ten a
// 2.2 MB news page), it alternates:
//   - the floor: fetching every URL with 2 workers and one bare x/net/html
//     tokenizer pass over each body as it arrives;
//   - `cutoff site --jsonl --urls FILE` (cli.Run, its defaults: 2 fetches in
//     flight per host), its rows written to a discarding writer.
//
// "x-floor" is the ratio of their fastest wall times (the budget is 1.3),
// "x-floor-cpu" of their total process CPU times; "peak-MiB" is the site
// run's peak resident memory (VmHWM, reset before each run).
func BenchmarkSiteBudget(b *testing.B) {
	// The run saves to the history as the user's does, but to a file of the
	// benchmark's own.
	b.Setenv(history.EnvFile, filepath.Join(b.TempDir(), "history.sqlite"))
	base := benchproc.StartServer(b, serveEnv, "1")
	urls := make([]string, *sitePages)
	for i := range urls {
		urls[i] = base + benchPath(i)
	}
	list := filepath.Join(b.TempDir(), "urls.txt")
	if err := os.WriteFile(list, []byte(strings.Join(urls, "\n")+"\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	var total int64
	for i := range urls {
		total += int64(len(benchSitePage(i)))
	}
	b.SetBytes(total)
	floor, cost := time.Duration(1<<62), time.Duration(1<<62)
	var floorCPU, costCPU time.Duration
	var peak int64
	for b.Loop() {
		for range siteRounds {
			runtime.GC()
			t0, c0 := time.Now(), benchproc.ProcessCPU()
			if got := fetchFloor(b, urls); got != total {
				b.Fatalf("the floor read %d bytes of %d", got, total)
			}
			t1, c1 := time.Now(), benchproc.ProcessCPU()
			runtime.GC()
			benchproc.ResetPeakRSS()
			t2, c2 := time.Now(), benchproc.ProcessCPU()
			runSite(b, list, len(urls))
			t3, c3 := time.Now(), benchproc.ProcessCPU()
			peak = max(peak, benchproc.PeakRSS())
			floor, cost = min(floor, t1.Sub(t0)), min(cost, t3.Sub(t2))
			floorCPU, costCPU = floorCPU+c1-c0, costCPU+c3-c2
		}
	}
	b.ReportMetric(float64(cost)/float64(floor), "x-floor")
	b.ReportMetric(float64(costCPU)/float64(floorCPU), "x-floor-cpu")
	b.ReportMetric(float64(floor.Milliseconds()), "floor-ms")
	b.ReportMetric(float64(cost.Milliseconds()), "site-ms")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
}

// siteRounds is how many times each loop compares the floor and the site
// run: the fastest of three, as the budget was first measured.
const siteRounds = 3

// runSite runs `cutoff site --jsonl --urls list` in this process and
// checks that it wrote a row for each of the n pages.
func runSite(b *testing.B, list string, n int) {
	var out lineCounter
	var stderr bytes.Buffer
	if code := cli.Run([]string{"site", "--jsonl", "--urls", list}, &out, &stderr); code != 0 {
		b.Fatalf("cutoff site exited %d: %s", code, stderr.String())
	}
	if out.lines != n+1 { // the rows and the summary
		b.Fatalf("cutoff site wrote %d lines for %d pages", out.lines, n)
	}
}

// lineCounter counts the lines written to it and keeps nothing.
type lineCounter struct{ lines int }

func (c *lineCounter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte("\n"))
	return len(p), nil
}

// fetchFloor fetches urls with 2 workers as Googlebot Smartphone, one bare
// tokenizer pass over each body as it arrives, and returns the bytes read.
func fetchFloor(b *testing.B, urls []string) int64 {
	p, _ := fetch.Lookup(fetch.DefaultProfileID)
	ua := p.UserAgent("")
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	defer client.CloseIdleConnections()
	next := make(chan string)
	var read int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range next {
				n, err := floorPage(client, u, ua)
				if err != nil {
					b.Error(err)
				}
				mu.Lock()
				read += n
				mu.Unlock()
			}
		}()
	}
	for _, u := range urls {
		next <- u
	}
	close(next)
	wg.Wait()
	return read
}

// floorPage fetches one URL and runs the bare tokenizer over its body.
func floorPage(client *http.Client, u, ua string) (int64, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("User-Agent", ua)
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body := &countingReader{r: resp.Body}
	z := html.NewTokenizer(body)
	for z.Next() != html.ErrorToken {
	}
	return body.n, nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// serveBenchSite serves the benchmark pages at benchPath(i), with their
// length and no robots.txt, until standard input closes.
func serveBenchSite() error {
	return benchproc.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, ok := pageIndex(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		page := benchSitePage(i)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(page)))
		w.Write(page)
	}), "")
}
