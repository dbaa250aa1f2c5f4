package site

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// gates keep a run polite per host: at most perHost fetches in flight, the
// starts of two fetches at least delay apart, and no start before a pause
// (a 429 or 503) is over.
type gates struct {
	perHost int
	delay   time.Duration

	mu sync.Mutex
	m  map[string]*gate
}

type gate struct {
	slots chan struct{}
	mu    sync.Mutex
	next  time.Time // earliest start of the next fetch
}

func newGates(perHost int, delay time.Duration) *gates {
	return &gates{perHost: perHost, delay: delay, m: map[string]*gate{}}
}

func (g *gates) get(host string) *gate {
	g.mu.Lock()
	defer g.mu.Unlock()
	h := g.m[host]
	if h == nil {
		h = &gate{slots: make(chan struct{}, g.perHost)}
		g.m[host] = h
	}
	return h
}

// acquire waits for a slot and for the host's next start; release gives
// the slot back.
func (g *gates) acquire(ctx context.Context, host string) (release func(), err error) {
	h := g.get(host)
	select {
	case h.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	release = func() { <-h.slots }
	for {
		h.mu.Lock()
		now := time.Now()
		wait := h.next.Sub(now)
		if wait <= 0 {
			h.next = now.Add(g.delay)
			h.mu.Unlock()
			return release, nil
		}
		h.mu.Unlock()
		if err := sleep(ctx, wait); err != nil {
			release()
			return nil, err
		}
	}
}

// pause holds back every start to host for d from now.
func (g *gates) pause(host string, d time.Duration) {
	h := g.get(host)
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := time.Now().Add(d); t.After(h.next) {
		h.next = t
	}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryAfter reads a Retry-After header (seconds or an HTTP date); ok is
// false when there is none or it does not parse.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil && s >= 0 {
		if s > int64(24*time.Hour/time.Second) {
			s = int64(24 * time.Hour / time.Second)
		}
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d, true
		}
		return 0, true
	}
	return 0, false
}

// isBusy reports whether status asks the crawler to come back later.
func isBusy(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable
}
