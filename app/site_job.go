package app

import (
	"context"
	"os"
	"sync"
	"time"

	"github.com/cutoffapp/cutoff/inspect/site"
)

// siteBatchEvery is how often rows gathered on the run's goroutine are
// handed to the UI thread: rows may arrive by the thousand a second, the
// table takes them a batch at a time.
const siteBatchEvery = 250 * time.Millisecond

// siteUpdate is what the UI thread gets: new rows (links dropped), the
// latest progress, and at the end the summary or the error.
type siteUpdate struct {
	rows     []site.Row
	progress site.Progress
	done     bool
	summary  *site.Summary
	err      error
}

// siteRunner runs one site run at a time off the UI thread, like the page
// runner: start cancels the run before, stop cancels the current one, and
// updates of a run that is no longer current are dropped.
type siteRunner struct {
	bridge *bridge
	ctx    context.Context // cancelled when the window closes

	mu     sync.Mutex
	cancel context.CancelFunc
	gen    int
	wg     sync.WaitGroup
}

// siteRequest is one run: what, how, where its JSON Lines rows are saved
// (so that Resume finds them after a cancel), and whether the file is
// appended to (a resumed run).
type siteRequest struct {
	in      site.Input
	cfg     site.Config
	save    string
	appendT bool
}

// start runs req; apply receives every update on the UI thread.
func (r *siteRunner) start(req siteRequest, apply func(siteUpdate)) {
	r.stop()
	ctx, cancel := context.WithCancel(r.ctx)
	r.mu.Lock()
	r.cancel = cancel
	r.gen++
	id := r.gen
	r.mu.Unlock()
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer cancel()
		r.run(ctx, req, func(u siteUpdate) <-chan struct{} {
			applied := make(chan struct{})
			r.bridge.do(func() {
				if r.current(id) {
					apply(u)
				}
				close(applied)
			})
			return applied
		})
	}()
}

func (r *siteRunner) current(id int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen == id
}

// stop cancels the current run; what it found so far stays shown.
func (r *siteRunner) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cancel != nil {
		r.cancel()
		r.cancel = nil
	}
}

// wait blocks until every run's goroutine has returned (tests).
func (r *siteRunner) wait() { r.wg.Wait() }

// run runs the site inspection, batching rows towards send. One batch is
// in flight at a time: the next is taken only once the UI thread has
// applied the last, so a busy UI thread gets bigger batches, never a
// backlog of them.
func (r *siteRunner) run(ctx context.Context, req siteRequest, send func(siteUpdate) <-chan struct{}) {
	save := openSave(req.save, req.appendT)
	var jw *site.JSONLWriter
	if save != nil {
		defer save.Close()
		jw = site.NewJSONLWriter(save)
	}
	b := &siteBatcher{}
	req.cfg.Progress = b.setProgress
	tick := time.NewTicker(siteBatchEvery)
	defer tick.Stop()
	stopTick, ticking := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ticking)
		for {
			select {
			case <-tick.C:
				if u, ok := b.take(); ok {
					select {
					case <-send(u):
					case <-stopTick:
						return
					}
				}
			case <-stopTick:
				return
			}
		}
	}()
	sum, err := site.Run(ctx, req.in, req.cfg, func(row site.Row) {
		if jw != nil {
			jw.Row(&row) // the saved rows keep their links, for a resumed crawl
		}
		row.KeptLinks, row.LostOnlyLinks = nil, nil
		b.add(row)
	})
	close(stopTick)
	<-ticking
	last, _ := b.take()
	last.done, last.summary, last.err = true, sum, err
	send(last)
}

// openSave opens the file the rows are saved to; nil when there is none or
// it cannot be written (the run goes on; Resume then has nothing).
func openSave(path string, appendTo bool) *os.File {
	if path == "" {
		return nil
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o600)
	if err != nil {
		return nil
	}
	return f
}

// siteBatcher gathers rows and the latest progress between two hand-overs.
type siteBatcher struct {
	mu       sync.Mutex
	rows     []site.Row
	progress site.Progress
	changed  bool
}

func (b *siteBatcher) add(r site.Row) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.rows = append(b.rows, r)
	b.changed = true
}

func (b *siteBatcher) setProgress(p site.Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.progress = p
	b.changed = true
}

// take returns what was gathered; ok is false when nothing changed.
func (b *siteBatcher) take() (siteUpdate, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	u := siteUpdate{rows: b.rows, progress: b.progress}
	ok := b.changed
	b.rows, b.changed = nil, false
	return u, ok
}
