package fetch

import (
	"bytes"
	"context"
	"net"
	"sync"
	"testing"
)

// recorder is a BodyObserver that keeps what it was told.
type recorder struct {
	mu     sync.Mutex
	calls  []string // "begin", "grow", "end"
	head   BodyHead
	bodies [][]byte // the body passed by each call
}

func (r *recorder) add(call string, body []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, call)
	r.bodies = append(r.bodies, bytes.Clone(body))
}

func (r *recorder) Begin(head BodyHead, body []byte) { r.head = head; r.add("begin", body) }
func (r *recorder) Grow(body []byte)                 { r.add("grow", body) }
func (r *recorder) End(body []byte)                  { r.add("end", body) }

// TestBodyObserver checks the observer's contract on real responses: one
// Begin with the cutoff the accounting then reports, Grow with ever longer
// prefixes of the body, one End with the body the result holds; decoded
// bytes for an encoded body; no call for a fetch that never gets a body.
func TestBodyObserver(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	for _, path := range []string{"/page", "/big", "/chunked", "/gzip", "/br", "/redirect"} {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			rec := &recorder{}
			res := fetchSite(t, srv, path, Options{Body: rec})
			n := len(rec.calls)
			if n < 2 || rec.calls[0] != "begin" || rec.calls[n-1] != "end" {
				t.Fatalf("calls %v; want begin, grow..., end", rec.calls)
			}
			for i, call := range rec.calls[1 : n-1] {
				if call != "grow" {
					t.Fatalf("call %d is %s; want grow between begin and end", i+1, call)
				}
			}
			if !bytes.Equal(rec.bodies[n-1], res.Body) {
				t.Fatalf("End had %d bytes; the result's body has %d", len(rec.bodies[n-1]), len(res.Body))
			}
			for i := 1; i < n; i++ {
				prev, cur := rec.bodies[i-1], rec.bodies[i]
				if len(cur) < len(prev) || !bytes.Equal(cur[:len(prev)], prev) {
					t.Fatalf("call %d passed %d bytes that do not continue the %d before", i, len(cur), len(prev))
				}
			}
			if rec.head.FinalURL != res.FinalURL {
				t.Errorf("Begin's FinalURL %q; the result's %q", rec.head.FinalURL, res.FinalURL)
			}
			if res.CutoffOffset != nil && *res.CutoffOffset != rec.head.CutoffAt {
				t.Errorf("Begin's CutoffAt %d; the result's CutoffOffset %d", rec.head.CutoffAt, *res.CutoffOffset)
			}
			if res.CutoffOffset == nil && int64(len(res.Body)) > rec.head.CutoffAt {
				t.Errorf("a %d-byte body past CutoffAt %d, and no cutoff", len(res.Body), rec.head.CutoffAt)
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		rec := &recorder{}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		_, err = (&Fetcher{}).Fetch(context.Background(), "http://"+addr+"/", mustProfile(t, DefaultProfileID), Options{Body: rec})
		if err == nil || len(rec.calls) > 0 {
			t.Fatalf("a refused fetch: error %v, calls %v; want an error and no call", err, rec.calls)
		}
	})
}
