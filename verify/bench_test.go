package verify

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var scanBytes = flag.Int64("scanbytes", 0, "stream a generated log of this many bytes through ScanLog "+
	"and report throughput and peak memory (e.g. 1000000000)")

// benchLogBytes is the size of the in-memory log BenchmarkScanLog scans.
const benchLogBytes = 64 << 20

var benchLog = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	b.Grow(benchLogBytes)
	if _, err := io.CopyN(&b, newLogGen(42), benchLogBytes); err != nil {
		panic(err)
	}
	return b.Bytes()
})

// instantZone answers every reverse lookup with NXDOMAIN at once, so the
// benchmark measures reading and bookkeeping, not DNS.
func instantZone() *fakeResolver { return &fakeResolver{} }

func BenchmarkScanLog(b *testing.B) {
	data := benchLog()
	lines := int64(bytes.Count(data, []byte("\n")))
	v := &Verifier{Resolver: instantZone(), Ranges: bundled(b)}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := time.Now()
	n := 0
	for b.Loop() {
		if _, err := ScanLog(context.Background(), bytes.NewReader(data), v, nil); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(lines)*float64(n)/time.Since(start).Seconds(), "lines/s")
}

// BenchmarkScanLogRead measures the reading phase alone (no verification).
func BenchmarkScanLogRead(b *testing.B) {
	data := benchLog()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sc := &logScanner{counts: make(map[logKey]int64), maxPairs: DefaultMaxLogIPs}
		if err := sc.read(context.Background(), bytes.NewReader(data), nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseLogLine(b *testing.B) {
	line := []byte(`66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET /blog/2026/10/how-crawlers-count-bytes HTTP/1.1" 200 5120 "-" "` + genGooglebot + `"` + "\n")
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	for b.Loop() {
		parseLogLine(line)
	}
}

func BenchmarkLogGen(b *testing.B) {
	g := newLogGen(1)
	buf := make([]byte, 1<<20)
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		g.Read(buf)
	}
}

// TestScanLogPeakMemory streams -scanbytes of generated log through ScanLog
// and checks that the heap stays bounded; it logs lines/s, MB/s and peak
// heap and RSS. Skipped unless -scanbytes is set:
//
//	go test -run PeakMemory -v ./verify/ -args -scanbytes=1000000000
func TestScanLogPeakMemory(t *testing.T) {
	if *scanBytes <= 0 {
		t.Skip("set -scanbytes to run")
	}
	const heapBound = 64 << 20
	gen := newLogGen(99)
	v := &Verifier{Resolver: instantZone(), Ranges: bundled(t)}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)

	stop := make(chan struct{})
	var peak atomic.Uint64
	var wg sync.WaitGroup
	wg.Go(func() { samplePeakHeap(stop, &peak) })
	start := time.Now()
	sum, err := ScanLog(context.Background(), io.LimitReader(gen, *scanBytes), v, nil)
	elapsed := time.Since(start)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("ScanLog error: %v", err)
	}
	secs := elapsed.Seconds()
	t.Logf("scanned %d bytes, %d lines (%d crawler lines, %d pairs) in %v", sum.Bytes, sum.Lines, sum.CrawlerLines, len(sum.Results), elapsed.Round(time.Millisecond))
	t.Logf("throughput: %.0f lines/s, %.1f MB/s (generator included)", float64(sum.Lines)/secs, float64(sum.Bytes)/1e6/secs)
	t.Logf("peak heap in use: %.1f MiB (%.1f MiB before the scan); peak RSS of the test process: %s",
		float64(peak.Load())/(1<<20), float64(base.HeapInuse)/(1<<20), vmHWM())
	if sum.Bytes != *scanBytes {
		t.Errorf("read %d bytes, want %d", sum.Bytes, *scanBytes)
	}
	if p := peak.Load(); p > heapBound {
		t.Errorf("peak heap %d bytes, want under %d: memory grows with the log", p, heapBound)
	}
}

// samplePeakHeap records the largest HeapInuse seen until stop closes.
func samplePeakHeap(stop <-chan struct{}, peak *atomic.Uint64) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var ms runtime.MemStats
	for {
		runtime.ReadMemStats(&ms)
		if ms.HeapInuse > peak.Load() {
			peak.Store(ms.HeapInuse)
		}
		select {
		case <-stop:
			return
		case <-tick.C:
		}
	}
}

// vmHWM reads the process's peak resident set size from /proc (Linux).
func vmHWM() string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return "unavailable"
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 64<<10))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unavailable"
}
