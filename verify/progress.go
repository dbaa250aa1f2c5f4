package verify

import "sync"

// progressReporter counts units done and calls a progress callback, one
// call at a time; the window thins the calls out.
type progressReporter struct {
	fn    func(done, total int64)
	total int64
	mu    sync.Mutex
	done  int64
}

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
	p.fn(p.done, p.total)
}

// set records the units done so far.
func (p *progressReporter) set(done int64) {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = done
	p.fn(p.done, p.total)
}

// finish reports the final count once more.
func (p *progressReporter) finish() {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fn(p.done, p.total)
}
