package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/internal/golden"
)

// testRanges loads testdata/googlebot.json, a small range file whose date
// never changes, so golden files do not follow the bundled snapshot.
func testRanges(t *testing.T) *Ranges {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "googlebot.json"))
	if err != nil {
		t.Fatal(err)
	}
	return NewRanges(mustLoad(t, "googlebot.json", string(data)))
}

func scanTestLog(t *testing.T) *LogSummary {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "access.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v := &Verifier{Resolver: testZone(), Ranges: testRanges(t), Timeout: testTimeout}
	var lastDone, lastTotal int64 = -2, -2
	sum, err := ScanLog(context.Background(), f, v, func(done, total int64) { lastDone, lastTotal = done, total })
	if err != nil {
		t.Fatalf("ScanLog error: %v", err)
	}
	if lastDone != lastTotal {
		t.Errorf("last progress = %d of %d, want done = total", lastDone, lastTotal)
	}
	return sum
}

func TestScanLogCounts(t *testing.T) {
	sum := scanTestLog(t)
	tests := []struct {
		name      string
		got, want int64
	}{
		{"lines", sum.Lines, 22},
		{"junk lines", sum.JunkLines, 7},
		{"crawler lines", sum.CrawlerLines, 12},
		{"untracked lines", sum.UntrackedLines, 0},
		{"crawlers", int64(len(sum.Crawlers)), 3},
		{"distinct pairs", int64(len(sum.Results)), 7},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %d, want %d", tt.name, tt.got, tt.want)
		}
	}
	gb := sum.Crawlers[0]
	if gb.Claimed != "googlebot" || gb.Requests != 9 || gb.IPs != 5 || gb.Verified != 2 || gb.Fake != 2 || gb.Unknown != 1 {
		t.Errorf("googlebot summary = %+v, want 9 requests, 5 IPs, 2 verified, 2 fake, 1 unknown", gb)
	}
	if len(gb.FakeIPs) != 2 || gb.FakeIPs[0] != (IPCount{"203.0.113.5", 3}) || gb.FakeRequests != 4 {
		t.Errorf("googlebot fake IPs = %+v (%d requests), want 203.0.113.5 first with 3, 4 in all", gb.FakeIPs, gb.FakeRequests)
	}
}

func TestScanLogGolden(t *testing.T) {
	sum := scanTestLog(t)
	var text, js bytes.Buffer
	if err := sum.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "access.summary.golden", text.Bytes())
	if err := sum.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "access.json.golden", js.Bytes())
}

func TestScanLogLongLine(t *testing.T) {
	good := `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5 "-" "Googlebot/2.1"` + "\n"
	long := `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET /` + strings.Repeat("a", 3*MaxLogLineBytes) + ` HTTP/1.1" 200 5 "-" "Googlebot/2.1"` + "\n"
	log := good + long + good + long
	v := &Verifier{Resolver: testZone(), Ranges: bundled(t)}
	sum, err := ScanLog(context.Background(), strings.NewReader(log), v, nil)
	if err != nil {
		t.Fatalf("ScanLog error: %v", err)
	}
	if sum.Lines != 4 || sum.LongLines != 2 || sum.JunkLines != 2 || sum.CrawlerLines != 2 {
		t.Errorf("lines/long/junk/crawler = %d/%d/%d/%d, want 4/2/2/2", sum.Lines, sum.LongLines, sum.JunkLines, sum.CrawlerLines)
	}
	if sum.Bytes != int64(len(log)) {
		t.Errorf("Bytes = %d, want %d", sum.Bytes, len(log))
	}
}

func TestScanLogMaxIPs(t *testing.T) {
	var b strings.Builder
	for _, ip := range []string{"66.249.66.1", "203.0.113.7", "203.0.113.5", "66.249.66.1", "203.0.113.5"} {
		b.WriteString(ip + ` - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5 "-" "Googlebot/2.1"` + "\n")
	}
	v := &Verifier{Resolver: testZone(), Ranges: bundled(t), MaxLogIPs: 2}
	sum, err := ScanLog(context.Background(), strings.NewReader(b.String()), v, nil)
	if err != nil {
		t.Fatalf("ScanLog error: %v", err)
	}
	if len(sum.Results) != 2 || sum.UntrackedLines != 2 || sum.CrawlerLines != 5 {
		t.Errorf("results/untracked/crawler = %d/%d/%d, want 2/2/5", len(sum.Results), sum.UntrackedLines, sum.CrawlerLines)
	}
}

// TestScanLogNoNetwork scans a log with many distinct crawler addresses while
// DNS never answers: the run must end in about one lookup timeout.
func TestScanLogNoNetwork(t *testing.T) {
	var b bytes.Buffer
	gen := newLogGen(7)
	gen.distinctFakes = 5000
	if _, err := io.CopyN(&b, gen, 4<<20); err != nil {
		t.Fatal(err)
	}
	zone := &fakeResolver{blockAll: true}
	v := &Verifier{Resolver: zone, Ranges: bundled(t), Timeout: testTimeout}
	start := time.Now()
	sum, err := ScanLog(context.Background(), &b, v, nil)
	if err != nil {
		t.Fatalf("ScanLog error: %v", err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("ScanLog took %v with DNS down, want a few timeouts of %v", elapsed, testTimeout)
	}
	if len(sum.Results) < 1000 {
		t.Fatalf("only %d distinct pairs generated, want many", len(sum.Results))
	}
	var unknown, verified int
	for _, r := range sum.Results {
		switch r.Verdict {
		case Unknown:
			unknown++
		case Verified:
			verified++
			if !r.Ranges.Matched {
				t.Errorf("%s verified without DNS or range", r.IP)
			}
		case Fake:
			t.Errorf("%s found fake with DNS down", r.IP)
		}
	}
	if unknown == 0 || verified == 0 {
		t.Errorf("unknown = %d, verified = %d; want both (fakes unknown, in-range verified)", unknown, verified)
	}
}

func TestScanLogCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ScanLog(ctx, newLogGen(1), &Verifier{Resolver: testZone()}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("ScanLog(cancelled) error = %v, want context.Canceled", err)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestScanLogReadError(t *testing.T) {
	_, err := ScanLog(context.Background(), failingReader{}, &Verifier{Resolver: testZone()}, nil)
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("ScanLog(failing reader) error = %v, want the read error", err)
	}
}

func FuzzScanLog(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "access.log")); err == nil {
		f.Add(data)
	}
	for _, tt := range logLineTests {
		f.Add([]byte(tt.line + "\n" + tt.line))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v := &Verifier{Resolver: testZone(), Timeout: testTimeout}
		sum, err := ScanLog(context.Background(), bytes.NewReader(data), v, nil)
		if err != nil {
			t.Fatalf("ScanLog error: %v", err)
		}
		if sum.Bytes != int64(len(data)) || sum.JunkLines+sum.CrawlerLines > sum.Lines {
			t.Fatalf("inconsistent counts: %+v for %d bytes", sum, len(data))
		}
		var requests int64
		for _, r := range sum.Results {
			requests += r.Requests
		}
		if requests != sum.CrawlerLines-sum.UntrackedLines {
			t.Fatalf("results hold %d requests, want %d crawler lines", requests, sum.CrawlerLines)
		}
	})
}

// endlessLine is a log with no newline ever; it cancels its context after
// cancelAfter reads and counts the reads made after that.
type endlessLine struct {
	cancel      context.CancelFunc
	cancelAfter int
	reads       int
}

func (e *endlessLine) Read(p []byte) (int, error) {
	e.reads++
	if e.reads == e.cancelAfter {
		e.cancel()
	}
	if e.reads > e.cancelAfter+1000 {
		return 0, io.EOF // the regression: without the check this ends only here
	}
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestScanLogEndlessLineCancels: a line that never ends (a stream with no
// newline) still stops reading once ctx is cancelled.
func TestScanLogEndlessLineCancels(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &endlessLine{cancel: cancel, cancelAfter: 50}
	_, err := ScanLog(ctx, r, &Verifier{}, nil)
	if got, want := errors.Is(err, context.Canceled), true; got != want {
		t.Errorf("errors.Is(err, context.Canceled) = %v, want %v (err %v)", got, want, err)
	}
	if got, limit := r.reads, r.cancelAfter+10; got > limit {
		t.Errorf("ScanLog read %d times, want at most %d after the cancel at read %d", got, limit, r.cancelAfter)
	}
}

// TestScanLogTextSaysWhyUnknown scans a log whose every claim is left
// unknown, DNS being down: the text summary says why, as the JSON does.
func TestScanLogTextSaysWhyUnknown(t *testing.T) {
	var log strings.Builder
	for _, ip := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3"} {
		fmt.Fprintf(&log, "%s - - [12/Oct/2026:06:25:24 +0000] \"GET / HTTP/1.1\" 200 5120 \"-\" \"Googlebot/2.1 (+http://www.google.com/bot.html)\"\n", ip)
	}
	v := &Verifier{Resolver: &fakeResolver{blockAll: true}, Ranges: bundled(t), Timeout: testTimeout}
	sum, err := ScanLog(t.Context(), strings.NewReader(log.String()), v, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := sum.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Why 3 addresses are UNKNOWN", "for example 203.0.113.", "DNS could not be reached"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, out.String())
		}
	}
}
