package fetch

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestGzipBombStopsAtTheCap is not parallel so that its memory measure
// sees only its own allocations.
func TestGzipBombStopsAtTheCap(t *testing.T) {
	srv := newSite(t)
	encoded() // build the site's bodies before measuring
	const capBytes = 8_000_000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := fetchSite(t, srv, "/bomb", Options{Cap: capBytes})
	runtime.ReadMemStats(&after)
	if got, want := res.BodyBytes, int64(capBytes); got != want {
		t.Errorf("BodyBytes = %d, want the cap %d", got, want)
	}
	if res.ReadComplete {
		t.Error("ReadComplete = true, want false: the cap stopped reading")
	}
	if !res.Truncated || res.WireBodyBytes >= int64(len(encoded()["bomb"])) {
		t.Errorf("Truncated, WireBodyBytes = %v, %d; want true and less than the whole %d-byte bomb",
			res.Truncated, res.WireBodyBytes, len(encoded()["bomb"]))
	}
	// The server side writes ~1 MB; the client's buffer is the cap. A
	// reader without a bound would allocate the whole gigabyte.
	t.Logf("fetching the bomb allocated %d bytes", after.TotalAlloc-before.TotalAlloc)
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(64<<20); got > limit {
		t.Errorf("fetching the bomb allocated %d bytes, want at most %d", got, limit)
	}
}

func TestEndlessBodyStopsAtTheCap(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	res := fetchSite(t, srv, "/endless", Options{LimitOverride: 100_000})
	if got, want := res.BodyBytes, int64(400_000); got != want {
		t.Errorf("BodyBytes = %d, want 4 x limit = %d", got, want)
	}
	if res.ReadComplete || !res.Truncated || res.BodyError != "" {
		t.Errorf("ReadComplete, Truncated, BodyError = %v, %v, %q; want false, true, \"\"", res.ReadComplete, res.Truncated, res.BodyError)
	}
	if got, want := fmtOffset(res.CutoffOffset), fmtOffset(ptr(100_000-res.HeaderBytes)); got != want {
		t.Errorf("CutoffOffset = %s, want %s", got, want)
	}
}

func ptr(n int64) *int64 { return &n }

func TestDripEndsAtTheTimeoutWithWhatArrived(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	start := time.Now()
	res := fetchSite(t, srv, "/drip", Options{Timeout: time.Second})
	if elapsed := time.Since(start); elapsed > 20*time.Second {
		t.Errorf("the fetch took %v, want it to end near the 1s timeout", elapsed)
	}
	if res.ReadComplete || res.BodyBytes == 0 {
		t.Errorf("ReadComplete, BodyBytes = %v, %d; want false and some bytes", res.ReadComplete, res.BodyBytes)
	}
	if want := "still arriving when the 1s time limit ran out"; !strings.Contains(res.BodyError, want) {
		t.Errorf("BodyError = %q, want it to contain %q", res.BodyError, want)
	}
}

func TestHangTimesOut(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	_, err := (&Fetcher{}).Fetch(context.Background(), srv.URL+"/hang", mustProfile(t, DefaultProfileID), Options{Timeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("error = %v, want ErrTimeout", err)
	}
	if want := "no response from " + strings.TrimPrefix(srv.URL, "http://") + " within 200ms"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	if IsUsageError(err) {
		t.Error("IsUsageError = true, want false")
	}
}

func TestFirstByteTimeout(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	f := &Fetcher{FirstByteTimeout: 100 * time.Millisecond}
	_, err := f.Fetch(context.Background(), srv.URL+"/hang", mustProfile(t, DefaultProfileID), Options{Timeout: 10 * time.Second})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("error = %v, want ErrTimeout", err)
	}
	if want := "within 100ms"; !strings.Contains(err.Error(), want) {
		t.Errorf("error = %q, want it to contain %q", err, want)
	}
}

func TestCancelMidBody(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := Options{Progress: func(done, total int64) {
		if done > 0 {
			cancel()
		}
	}}
	_, err := (&Fetcher{}).Fetch(ctx, srv.URL+"/drip", mustProfile(t, DefaultProfileID), opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v, want context.Canceled", err)
	}
	if want := "the fetch of " + srv.URL + "/drip was cancelled"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}

func TestCancelBeforeStart(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := (&Fetcher{}).Fetch(ctx, srv.URL+"/page", mustProfile(t, DefaultProfileID), Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v, want context.Canceled", err)
	}
}

func TestHugeHeaderIsRefused(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	_, err := (&Fetcher{}).Fetch(context.Background(), srv.URL+"/hugeheader", mustProfile(t, DefaultProfileID), Options{})
	if !errors.Is(err, ErrHeaderTooLarge) {
		t.Fatalf("error = %v, want ErrHeaderTooLarge", err)
	}
	if want := "sent more than 1 MiB of response header"; !strings.Contains(err.Error(), want) {
		t.Errorf("error = %q, want it to contain %q", err, want)
	}
}

func TestHeaderSizeLimitBoundary(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		size    int // bytes of the whole head block
		wantErr error
	}{
		{"exactly 1 MiB", MaxHeaderBytes, nil},
		{"one byte over 1 MiB", MaxHeaderBytes + 1, ErrHeaderTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			head := "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Pad: "
			end := "\r\n\r\n"
			pad := strings.Repeat("p", tt.size-len(head)-len(end))
			srv := newRawServer(t, []byte(head+pad+end+"ok"))
			res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/", mustProfile(t, DefaultProfileID), Options{})
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if got, want := res.HeaderBytes, int64(tt.size); got != want {
				t.Errorf("HeaderBytes = %d, want %d", got, want)
			}
			if got, want := string(res.Body), "ok"; got != want {
				t.Errorf("Body = %q, want %q", got, want)
			}
		})
	}
}
