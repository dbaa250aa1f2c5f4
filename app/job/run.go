package job

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// progressEvery is the shortest interval between two progress reports handed
// to the UI thread, about one frame at 60 Hz. The engines report every read
// and every finished item; this is the one place their reports are thinned.
const progressEvery = 17 * time.Millisecond

// Func is the background half of a long task (an inspection, a verification,
// and so on). It runs on its own goroutine, reports progress of type P
// through progress (any goroutine may call it), and returns the function
// that shows its result, which runs on the UI thread only if the job is still
// the current one. A nil show shows nothing. ctx stays open until show has
// run, so that show may still ask ctx.Err() whether the job was cancelled.
type Func[P any] func(ctx context.Context, progress func(P)) (show func())

// Runner runs one job of a screen at a time, off the UI thread. Starting a
// job cancels the one before; Stop cancels the current one and drops its
// result; Cancel cancels it but still shows what it returns. Every job's
// context is a child of the window's, so closing the window cancels them all.
// Results and progress reach the UI thread through the window's bridge, and
// progress is throttled to one report per progressEvery.
//
// A new kind of job (a render, a site crawl, a comparison) needs no code of
// its own here: give its screen a runner over the job's progress type,
//
//	r := NewRunner(u.ctx, u.bridge, func(p render.Progress) string { return p.Phase })
//	r.Start(func(ctx context.Context, progress func(render.Progress)) func() {
//		res, err := render.Run(ctx, target, progress) // on the job's goroutine
//		return func() { area.show(res, err) }         // on the UI thread
//	}, area.showProgress, area.onEnd)
//
// and call r.Stop (or r.Cancel) from its Cancel button and from the window's
// shutdown. The UI thread calls Start, Stop and Cancel; none of them waits.
//
// A job whose reports must all arrive (rows of a site run, the frames or
// console lines of a render) uses a batch runner instead, NewBatchRunner
// (run_batch.go): its reports are never dropped but merged into one batch
// waiting for the UI thread, handed over at most once per interval and only
// once the batch before has been applied, so a busy UI thread gets bigger
// batches, never a backlog of them. What is still waiting when the job
// returns is applied just before its result is shown:
//
//	r := NewBatchRunner(u.ctx, u.bridge, 250*time.Millisecond, func(b *rows, p rows) { *b = append(*b, p...) })
//	r.Start(func(ctx context.Context, progress func(rows)) func() {
//		sum := engine.Run(ctx, func(row Row) { progress(rows{row}) }) // never blocks
//		return func() { area.finish(sum) }                          // after the last batch
//	}, area.addRows, nil)
type Runner[P any] struct {
	bridge *Bridge
	ctx    context.Context // cancelled when the window closes
	phase  func(P) string  // a report of a new phase is never dropped; may be nil
	// merge, when set, makes this a batch runner handing a batch over per
	// every; see NewBatchRunner.
	merge func(batch *P, p P)
	every time.Duration

	mu        sync.Mutex // guards cancelJob
	cancelJob context.CancelFunc
	gen       atomic.Uint64 // number of the current job; bumped to drop late results
	wg        sync.WaitGroup
}

// NewRunner returns a runner whose jobs are rooted in ctx and hand over
// through b. phase, if not nil, names the phase of a progress report; the
// first report of each phase always reaches the UI.
func NewRunner[P any](ctx context.Context, b *Bridge, phase func(P) string) *Runner[P] {
	return &Runner[P]{bridge: b, ctx: ctx, phase: phase}
}

// Start runs j on a new goroutine after stopping the current job.
// onProgress receives throttled progress and onEnd runs after j, whether its
// result was shown or dropped; both run on the UI thread and may be nil.
func (r *Runner[P]) Start(j Func[P], onProgress func(P), onEnd func()) {
	r.Stop()
	ctx, cancel := context.WithCancel(r.ctx)
	r.mu.Lock()
	r.cancelJob = cancel
	r.mu.Unlock()
	id := r.gen.Load()
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		progress, flush := r.reporter(id, onProgress)
		show := j(ctx, progress)
		rest := flush()
		// Under the GLFW driver the hand-over only queues the function:
		// cancelling ctx here would run before show does.
		r.bridge.Do(func() {
			if r.current(id) {
				rest()
				if show != nil {
					show()
				}
			}
			cancel()
			if onEnd != nil {
				onEnd()
			}
		})
	}()
}

// Stop cancels the current job, whose result will not be shown.
func (r *Runner[P]) Stop() {
	r.gen.Add(1)
	r.Cancel()
}

// Cancel cancels the current job's context; what the job returns (a
// partial result, say) is still shown.
func (r *Runner[P]) Cancel() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cancelJob != nil {
		r.cancelJob()
		r.cancelJob = nil
	}
}

// current reports whether id is the number of the current job.
func (r *Runner[P]) current(id uint64) bool { return r.gen.Load() == id }

// Wait blocks until every job's goroutine has returned. Tests call it; the
// UI thread never does.
func (r *Runner[P]) Wait() { r.wg.Wait() }

// reporter returns the progress callback of job id, and flush, which the
// job's goroutine calls once the job has returned: it stops the hand-overs
// and returns what is left to apply on the UI thread before the result.
func (r *Runner[P]) reporter(id uint64, onProgress func(P)) (progress func(P), flush func() (rest func())) {
	if r.merge == nil || onProgress == nil {
		return r.progressFunc(id, onProgress), func() func() { return func() {} }
	}
	b := newBatcher(r.merge, func(p P) <-chan struct{} {
		applied := make(chan struct{})
		r.bridge.Do(func() {
			if r.current(id) {
				onProgress(p)
			}
			close(applied)
		})
		return applied
	})
	go b.pump(r.every)
	return b.add, func() func() {
		p, ok := b.close()
		if !ok {
			return func() {}
		}
		return func() { onProgress(p) }
	}
}

// progressFunc returns the progress callback of job id: it drops reports of
// a job no longer current and hands at most one report per progressEvery to
// the UI thread, except that a new phase always goes through.
func (r *Runner[P]) progressFunc(id uint64, onProgress func(P)) func(P) {
	if onProgress == nil {
		return func(P) {}
	}
	t := throttle[P]{phase: r.phase}
	return func(p P) {
		if !t.pass(p, time.Now()) || !r.current(id) {
			return
		}
		r.bridge.Do(func() {
			if r.current(id) {
				onProgress(p)
			}
		})
	}
}

// throttle lets one progress report through per progressEvery, and the
// first report of each phase. Any goroutine may call pass.
type throttle[P any] struct {
	phase func(P) string

	mu        sync.Mutex
	last      time.Time
	lastPhase string
}

func (t *throttle[P]) pass(p P, now time.Time) bool {
	name := ""
	if t.phase != nil {
		name = t.phase(p)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if name == t.lastPhase && now.Sub(t.last) < progressEvery {
		return false
	}
	t.last, t.lastPhase = now, name
	return true
}
