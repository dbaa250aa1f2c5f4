package app

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cutoffapp/cutoff/inspect"
)

// progressEvery is the shortest interval between two progress updates handed
// to the UI thread; a fast local fetch reports thousands of reads a second.
const progressEvery = 50 * time.Millisecond

// job is the background half of an inspection. It runs on its own goroutine,
// reports progress through progress (any goroutine may call it), and returns
// the function that shows its result, which runs on the UI thread only if the
// job is still the current one.
type job func(ctx context.Context, progress func(inspect.Progress)) (show func())

// runner runs one job at a time. Starting a job cancels the one before;
// stop cancels the current one; close cancels everything for good. The UI
// thread calls start, stop and close; none of them waits on the network.
type runner struct {
	bridge *bridge
	ctx    context.Context // cancelled when the window closes

	mu     sync.Mutex // guards cancel
	cancel context.CancelFunc
	gen    atomic.Uint64 // number of the current job; bumped to drop late results
	wg     sync.WaitGroup
}

func newRunner(ctx context.Context, b *bridge) *runner {
	return &runner{bridge: b, ctx: ctx}
}

// start runs j on a new goroutine after cancelling the current job.
// onProgress receives throttled progress and onEnd runs after j, whether its
// result was shown or dropped; both run on the UI thread and may be nil.
func (r *runner) start(j job, onProgress func(inspect.Progress), onEnd func()) {
	r.stop()
	ctx, cancel := context.WithCancel(r.ctx)
	r.mu.Lock()
	r.cancel = cancel
	r.mu.Unlock()
	id := r.gen.Load()
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer cancel()
		show := j(ctx, r.progressFunc(id, onProgress))
		r.bridge.do(func() {
			if show != nil && r.gen.Load() == id {
				show()
			}
			if onEnd != nil {
				onEnd()
			}
		})
	}()
}

// stop cancels the current job, whose result will not be shown.
func (r *runner) stop() {
	r.gen.Add(1)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cancel != nil {
		r.cancel()
		r.cancel = nil
	}
}

// wait blocks until every job's goroutine has returned. Tests call it; the
// UI thread never does.
func (r *runner) wait() { r.wg.Wait() }

// progressFunc returns the progress callback of job id: it drops reports of
// a job no longer current and hands at most one report per progressEvery to
// the UI thread, except that a new phase always goes through.
func (r *runner) progressFunc(id uint64, onProgress func(inspect.Progress)) func(inspect.Progress) {
	if onProgress == nil {
		return func(inspect.Progress) {}
	}
	var (
		mu        sync.Mutex
		last      time.Time
		lastPhase string
	)
	return func(p inspect.Progress) {
		mu.Lock()
		now := time.Now()
		pass := p.Phase != lastPhase || now.Sub(last) >= progressEvery
		if pass {
			last, lastPhase = now, p.Phase
		}
		mu.Unlock()
		if !pass || r.gen.Load() != id {
			return
		}
		r.bridge.do(func() {
			if r.gen.Load() == id {
				onProgress(p)
			}
		})
	}
}
