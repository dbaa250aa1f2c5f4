package job

import (
	"context"
	"sync"
	"time"
)

// NewBatchRunner returns a runner whose jobs' reports all reach the UI
// thread: each report is merged with merge into the batch waiting there,
// and the batch is handed over at most once per every, and only once the
// UI thread has applied the one before (one batch in flight). A job's
// progress callback therefore never waits on the UI thread; a busy UI
// thread gets bigger batches instead of a backlog. When the job returns,
// what is still waiting is applied just before its result is shown; a
// stopped job's batches are dropped like its result.
func NewBatchRunner[P any](ctx context.Context, b *Bridge, every time.Duration, merge func(batch *P, p P)) *Runner[P] {
	return &Runner[P]{bridge: b, ctx: ctx, merge: merge, every: every}
}

// batcher gathers one job's reports between two hand-overs. add may be
// called from any goroutine; pump runs on its own until close.
type batcher[P any] struct {
	merge func(batch *P, p P)
	hand  func(P) <-chan struct{} // queues a batch to the UI; closed once applied

	mu      sync.Mutex
	batch   P
	pending bool

	done   chan struct{} // closed by close: the pump stops
	pumped chan struct{} // closed when the pump has returned
}

func newBatcher[P any](merge func(*P, P), hand func(P) <-chan struct{}) *batcher[P] {
	return &batcher[P]{merge: merge, hand: hand, done: make(chan struct{}), pumped: make(chan struct{})}
}

func (b *batcher[P]) add(p P) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.merge(&b.batch, p)
	b.pending = true
}

// take returns the batch gathered so far and starts a new one; ok is false
// when nothing came since the last take.
func (b *batcher[P]) take() (batch P, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var empty P
	batch, ok = b.batch, b.pending
	b.batch, b.pending = empty, false
	return batch, ok
}

// pump hands a batch over per tick of every, waiting for each to be
// applied before it takes the next.
func (b *batcher[P]) pump(every time.Duration) {
	defer close(b.pumped)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if batch, ok := b.take(); ok {
				select {
				case <-b.hand(batch):
				case <-b.done:
					return
				}
			}
		case <-b.done:
			return
		}
	}
}

// close stops the pump and returns what it had not handed over. A batch
// the pump queued and the UI thread has not applied yet is applied first:
// the bridge runs hand-overs in order.
func (b *batcher[P]) close() (rest P, ok bool) {
	close(b.done)
	<-b.pumped
	return b.take()
}
