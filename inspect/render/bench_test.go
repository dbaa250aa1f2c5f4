//go:build linux

package render

import (
	"context"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/inspect"
)

// BenchmarkRenderDemo renders the demo's 2.6 MB /rendered page both ways
// (browser start and stop included, the inspection before it not) and
// reports the wall time per job, the Go process's peak RSS and the peak
// summed RSS of the browser's processes.
func BenchmarkRenderDemo(b *testing.B) {
	needBrowser(b)
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	p, _ := fetch.Lookup("googlebot-smartphone")
	f := &fetch.Fetcher{}
	rep, err := inspect.Page(context.Background(), f, srv.URL+"/rendered", p, inspect.Options{NoResources: true})
	if err != nil {
		b.Fatal(err)
	}
	var peak sampler
	stop := peak.start()
	for b.Loop() {
		r := Run(context.Background(), f, rep, p, Options{})
		if r.Error != "" || r.Google.Error != "" || r.Full.Error != "" {
			b.Fatalf("render failed: %q %q %q", r.Error, r.Google.Error, r.Full.Error)
		}
	}
	stop()
	b.ReportMetric(float64(peak.max())/(1<<20), "browser-peak-MB")
	b.ReportMetric(float64(selfPeak())/(1<<20), "go-peak-MB")
	b.SetBytes(int64(len(rep.Fetch.Body)))
}

// sampler polls the summed RSS of the browser processes.
type sampler struct {
	mu   sync.Mutex
	peak int64
}

func (s *sampler) start() func() {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			n := browserRSS()
			s.mu.Lock()
			s.peak = max(s.peak, n)
			s.mu.Unlock()
		}
	})
	return func() { close(done); wg.Wait() }
}

func (s *sampler) max() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak
}

// browserRSS sums VmRSS over the processes of the browsers' groups.
func browserRSS() int64 {
	var sum int64
	for _, pgid := range groups.list() {
		for _, pid := range groupMembers(pgid) {
			sum += statusKB("/proc/"+strconv.Itoa(pid)+"/status", "VmRSS:") << 10
		}
	}
	return sum
}

// selfPeak is this process's peak RSS (VmHWM).
func selfPeak() int64 { return statusKB("/proc/self/status", "VmHWM:") << 10 }

func statusKB(path, field string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
