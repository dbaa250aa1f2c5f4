package verify

import (
	"sync"
	"time"
)

// progressReporter throttles a progress callback.
type progressReporter struct {
	fn    func(done, total int64)
	total int64
	mu    sync.Mutex
	done  int64
	last  time.Time
}

// progressEvery is the shortest interval between two progress calls.
const progressEvery = 50 * time.Millisecond

func newProgress(fn func(done, total int64), total int64) *progressReporter {
	return &progressReporter{fn: fn, total: total}
}

// add counts n more units done.
func (p *progressReporter) add(n int64) {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	p.maybeReport()
}

// set records the units done so far.
func (p *progressReporter) set(done int64) {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = done
	p.maybeReport()
}

// maybeReport calls fn unless it was called less than progressEvery ago;
// p.mu is held.
func (p *progressReporter) maybeReport() {
	if now := time.Now(); now.Sub(p.last) >= progressEvery {
		p.last = now
		p.fn(p.done, p.total)
	}
}

// finish reports the final count, however recent the last call.
func (p *progressReporter) finish() {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fn(p.done, p.total)
}
