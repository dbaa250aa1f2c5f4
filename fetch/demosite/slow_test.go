package demosite

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestSlow(t *testing.T) {
	t.Parallel()
	if got := time.Duration(slowPieces-1) * defaultDrip; got < 9*time.Second || got > 11*time.Second {
		t.Errorf("/slow takes %v at the default pace, want about 10s", got)
	}
	resp, body := get(t, shared, testHost, "/slow")
	if got, want := resp.ContentLength, int64(len(body)); got != want {
		t.Errorf("Content-Length %d, got %d bytes", got, want)
	}
	if piece := len(body) / slowPieces; piece < 1_000 || piece > 8_000 {
		t.Errorf("pieces of %d bytes, want a few kilobytes", piece)
	}
}

// TestSlowStopsWhenClientLeaves checks that the handler returns soon after
// the client cancels, instead of dripping into a closed connection.
func TestSlowStopsWhenClientLeaves(t *testing.T) {
	t.Parallel()
	s := &site{drip: time.Hour}
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		s.slow(w, r)
	}))
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadFull(resp.Body, make([]byte, 100)); err != nil {
		t.Fatalf("the first piece did not arrive: %v", err)
	}
	cancel()
	resp.Body.Close()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the handler still runs 5s after the client left")
	}
}
