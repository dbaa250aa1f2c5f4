//go:build linux

package render

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/inspect"
)

// heapPeak samples the Go heap in use until stopped and returns the most
// seen.
func heapPeak() (stop func() uint64) {
	var mu sync.Mutex
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			mu.Lock()
			peak = max(peak, m.HeapInuse)
			mu.Unlock()
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak
	}
}

// memoryTries is how many renders a memory test makes before it fails: a
// peak over the bound in one render and not the next was seen under the
// race detector on a loaded machine (the heap of Chromium's messages read
// while other tests' garbage waits for a collection); a peak over it in
// both is a fault.
const memoryTries = 2

// TestRenderMemoryIsBounded renders a page that fires 190 fetch()es of
// distinct 8 MB bodies at once: the fetches in flight and the bytes held
// are bounded, so the Go heap stays far below what 190 bodies take
// (1.5 GB), and the fetches past the bound are listed as not fetched.
func TestRenderMemoryIsBounded(t *testing.T) {
	needBrowser(t)
	body := []byte(strings.Repeat("x", 8_000_000))
	page := htmlPage(`for (let i = 0; i < 190; i++) fetch('/big.json?' + i).then(r => r.text()).catch(() => {});`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/big.json" {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(body)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(page))
	}))
	defer srv.Close()
	const bound = 400 << 20
	var r *inspect.Rendered
	var peak uint64
	for try := 1; try <= memoryTries; try++ {
		runtime.GC()
		stop := heapPeak()
		_, r = inspectAndRender(t, srv.URL+"/", 0, Options{NoScreenshots: true, Timeout: 20 * time.Second})
		peak = stop()
		t.Logf("try %d: Go heap peak %d MB; process peak RSS %d MB", try, peak>>20, selfPeak()>>20)
		if r.Error != "" {
			t.Fatal(r.Error)
		}
		if peak <= bound {
			break
		}
	}
	if peak > bound {
		t.Errorf("the Go heap reached %d MB in each of %d renders, want at most %d MB", peak>>20, memoryTries, bound>>20)
	}
	held := 0
	for _, q := range r.Requests {
		if strings.Contains(q.NotFetchedReason, "holds its cap") {
			held++
		}
	}
	if held == 0 {
		t.Error("no request was refused for the bytes held")
	}
}

// TestHugeDOMIsNotRead renders a page whose script builds a DOM of more
// than maxDOMSize characters: the render says it was not read instead of
// carrying it into Cutoff's memory.
func TestHugeDOMIsNotRead(t *testing.T) {
	needBrowser(t)
	srv := site(t, map[string]string{"/": htmlPage(`document.body.setAttribute('data-x', 'x'.repeat(70 * 1024 * 1024));`)})
	var peak uint64
	for try := 1; try <= memoryTries; try++ {
		runtime.GC()
		stop := heapPeak()
		_, r := inspectAndRender(t, srv.URL+"/", 0, Options{NoScreenshots: true, Timeout: 20 * time.Second})
		peak = stop()
		t.Logf("try %d: Go heap peak %d MB", try, peak>>20)
		if !strings.Contains(r.Google.Error, "characters long, past the 67,108,864 Cutoff reads") {
			t.Errorf("google render: error %q", r.Google.Error)
		}
		if peak <= 64<<20 {
			break
		}
	}
	if peak > 64<<20 {
		t.Errorf("the Go heap reached %d MB in each of %d renders", peak>>20, memoryTries)
	}
}
