package history

import (
	"context"
	"sync"
	"testing"
	"time"
)

// fakeClock is a Clock the test moves by hand.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
	waiting chan struct{} // receives each time someone calls After
}

type waiter struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock(now time.Time) *fakeClock {
	return &fakeClock{now: now, waiting: make(chan struct{}, 16)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	ch := make(chan time.Time, 1)
	c.waiters = append(c.waiters, waiter{c.now.Add(d), ch})
	c.mu.Unlock()
	c.waiting <- struct{}{}
	return ch
}

// advance moves the clock by d and fires the waits that are due.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if w.at.After(c.now) {
			kept = append(kept, w)
			continue
		}
		w.ch <- c.now
	}
	c.waiters = kept
}

func TestSchedulerFakeClock(t *testing.T) {
	start := time.Date(2026, 12, 3, 8, 0, 0, 0, time.UTC)
	clock := newFakeClock(start)
	runs := make(chan time.Time, 8)
	s := &Scheduler{Clock: clock, Every: time.Hour, RunAtStart: true,
		Job: func(_ context.Context, at time.Time) { runs <- at }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()

	if at := <-runs; !at.Equal(start) {
		t.Fatalf("first run at %v, want at start %v", at, start)
	}
	<-clock.waiting
	clock.advance(59 * time.Minute)
	select {
	case at := <-runs:
		t.Fatalf("ran at %v, before the hour was up", at)
	default:
	}
	clock.advance(time.Minute)
	if at := <-runs; !at.Equal(start.Add(time.Hour)) {
		t.Errorf("second run at %v, want %v", at, start.Add(time.Hour))
	}
	<-clock.waiting // the next wait starts after the run ended
	clock.advance(time.Hour)
	if at := <-runs; !at.Equal(start.Add(2 * time.Hour)) {
		t.Errorf("third run at %v, want %v", at, start.Add(2*time.Hour))
	}
	<-clock.waiting
	cancel()
	<-done
	select {
	case at := <-runs:
		t.Errorf("ran at %v after being stopped", at)
	default:
	}
}
