package site

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// run is the state of one Run, owned by its dispatching goroutine except
// where a mutex says otherwise.
type run struct {
	in     *Input
	cfg    *Config
	emit   func(Row)
	robots *robots.Cache
	insp   *inspector

	seen    map[string]bool // normalised URLs queued or done
	pending []job
	started int  // rows begun: resumed, dispatched, and rows made without a fetch
	capped  bool // a crawl left links unqueued because of MaxPages
	graph   *linkGraph
	sum     *Summary
	begin   time.Time

	scopeMu sync.RWMutex
	hosts   map[string]bool // the hosts in scope for links
}

// Run inspects in's URLs as cfg says and calls emit with each row as it
// finishes, from Run's own goroutine, in the order rows finish. It returns
// when every URL is done, MaxPages is reached or ctx ends (at once: rows in
// flight are dropped, never emitted half done). The Summary is returned in
// every case; the error is a sentence for an input that is wrong or yields
// no URL at all.
func Run(ctx context.Context, in Input, cfg Config, emit func(Row)) (*Summary, error) {
	if err := checkInput(&in); err != nil {
		return nil, err
	}
	cfg.defaults()
	r := &run{in: &in, cfg: &cfg, emit: emit, seen: map[string]bool{}, graph: newLinkGraph(),
		sum: newSummary(), begin: time.Now(), hosts: map[string]bool{}}
	r.robots = robots.NewCache(cfg.Fetcher, cfg.Profile, cfg.Fetch)
	r.insp = &inspector{cfg: &cfg, robots: r.robots, gates: newGates(cfg.PerHost, cfg.Delay), inScope: r.inScope}
	start, _ := Normalise(in.Crawl)
	if in.Crawl != "" {
		r.addScope(start) // before resumed rows: a crawl's scope is its start host
	}
	r.resume()
	if in.Crawl != "" {
		r.enqueue(start, 0)
	}
	srcCtx, stopSource := context.WithCancel(ctx)
	defer stopSource()
	src := r.startSource(srcCtx)
	r.loop(ctx, src)
	stopSource()
	return r.finish(ctx, src)
}

// resume counts the rows of an earlier run and continues a crawl from
// their links, those in the crawl's scope: the file may come from a run
// with another scope, or be edited. (A list's scope grows with the list.)
func (r *run) resume() {
	for i := range r.cfg.Resume {
		row := &r.cfg.Resume[i]
		r.seen[row.URL] = true
		r.addScope(row.URL)
		r.sum.Add(row)
		r.sum.Resumed++
		r.started++
	}
	for i := range r.cfg.Resume {
		row := &r.cfg.Resume[i]
		if r.in.Crawl != "" {
			row.KeptLinks, row.LostOnlyLinks = r.scoped(row.KeptLinks), r.scoped(row.LostOnlyLinks)
		}
		r.graph.add(row.URL, row.KeptLinks, row.LostOnlyLinks)
	}
	for i := range r.cfg.Resume {
		r.follow(&r.cfg.Resume[i], "")
	}
}

// loop hands jobs to the workers and takes their results until the run is
// over.
func (r *run) loop(ctx context.Context, src *source) {
	jobs := make(chan job)
	results := make(chan result, r.cfg.Global)
	var wg sync.WaitGroup
	for i := 0; i < r.cfg.Global; i++ {
		wg.Add(1)
		go r.work(ctx, jobs, results, &wg)
	}
	defer func() { close(jobs); wg.Wait() }()
	var srcCh <-chan entry
	if src != nil {
		srcCh = src.ch
	}
	inflight := 0
	for {
		full := r.started >= r.cfg.MaxPages
		if inflight == 0 && (full || (srcCh == nil && len(r.pending) == 0)) {
			r.sum.StoppedAtMax = r.capped || (full && (srcCh != nil || len(r.pending) > 0))
			return
		}
		var send chan job
		var next job
		if len(r.pending) > 0 && !full {
			send, next = jobs, r.pending[0]
		}
		listing := srcCh
		if full || len(r.pending) >= 2*r.cfg.Global {
			listing = nil
		}
		select {
		case send <- next:
			r.pending = r.pending[1:]
			r.started++
			inflight++
		case e, ok := <-listing:
			if !ok {
				srcCh = nil
				continue
			}
			src.taken++
			r.listed(e)
		case res := <-results:
			inflight--
			r.done(res, inflight+r.waiting(src), srcCh != nil)
		case <-ctx.Done():
			r.sum.Cancelled = true
			return
		}
	}
}

// work inspects jobs until there are no more or the run is cancelled.
func (r *run) work(ctx context.Context, jobs <-chan job, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		res := r.insp.inspect(ctx, j)
		select {
		case results <- res:
		case <-ctx.Done():
		}
	}
}

// listed takes one URL from a list or sitemap: queued once, or a row at
// once when it is not a URL.
func (r *run) listed(e entry) {
	n, err := Normalise(e.raw)
	if err != nil {
		r.started++
		row := Row{URL: e.raw, RobotsAllowed: true, CriticalBeyond: []string{}, Findings: []FindingRef{},
			Error: i18n.T("site.not-http-url", "URL", strconv.Quote(e.raw))}
		r.record(&row)
		return
	}
	r.addScope(n)
	r.enqueue(n, 0)
}

func (r *run) enqueue(n string, depth int) {
	if r.seen[n] {
		return
	}
	r.seen[n] = true
	r.pending = append(r.pending, job{url: n, depth: depth})
}

// enqueueCapped queues a discovered link unless MaxPages URLs are known.
func (r *run) enqueueCapped(n string, depth int) {
	if r.seen[n] {
		return
	}
	if len(r.seen) >= r.cfg.MaxPages {
		r.capped = true
		return
	}
	r.enqueue(n, depth)
}

// waiting counts the URLs a source has listed and not handed on yet.
func (r *run) waiting(src *source) int {
	if src == nil {
		return 0
	}
	return max(int(src.known.Load())-src.taken, 0)
}

// done takes a finished job's result; busy counts the jobs in flight and
// the URLs listed but not yet queued.
func (r *run) done(res result, busy int, listing bool) {
	if res.cancelled {
		return
	}
	row := res.row
	row.KeptLinks, row.LostOnlyLinks, row.Canonical = res.links.kept, res.links.lostOnly, res.canonical
	r.graph.add(row.URL, row.KeptLinks, row.LostOnlyLinks)
	r.follow(&row, res.canonical)
	r.record(&row)
	if r.cfg.Progress != nil {
		el := time.Since(r.begin)
		rate := 0.0
		if s := el.Seconds(); s > 0 {
			rate = float64(r.sum.Pages-r.sum.Resumed) / s
		}
		r.cfg.Progress(Progress{Done: r.sum.Pages, Queued: len(r.pending) + busy,
			Listing: listing || (r.in.Crawl != "" && busy > 0), Elapsed: el, Rate: rate})
	}
}

// record counts a row and hands it on.
func (r *run) record(row *Row) {
	r.sum.Add(row)
	if r.emit != nil {
		r.emit(*row)
	}
}

// follow queues a crawled page's kept links (or, canonical-aware, its
// canonical instead).
func (r *run) follow(row *Row, canonical string) {
	if r.in.Crawl == "" || row.Depth >= r.cfg.MaxDepth {
		return
	}
	if r.cfg.Canonical && canonical != "" {
		if r.inScope(canonical) {
			r.enqueueCapped(canonical, row.Depth)
		}
		return
	}
	for _, l := range row.KeptLinks {
		r.enqueueCapped(l, row.Depth+1)
	}
}

// inScope says whether a normalised URL's links count: same host as the
// run's inputs, or any host with AllHosts.
func (r *run) inScope(n string) bool {
	if r.cfg.AllHosts {
		return true
	}
	r.scopeMu.RLock()
	defer r.scopeMu.RUnlock()
	return r.hosts[hostOf(n)]
}

// scoped keeps the links read back from a file that are URLs in scope,
// normalised.
func (r *run) scoped(links []string) []string {
	kept := links[:0]
	for _, l := range links {
		if n, err := Normalise(l); err == nil && r.inScope(n) {
			kept = append(kept, n)
		}
	}
	return kept
}

// addScope adds n's host to the scope; a crawl's scope is its start host.
func (r *run) addScope(n string) {
	if r.in.Crawl != "" && len(r.hosts) > 0 {
		return
	}
	h := hostOf(n)
	r.scopeMu.Lock()
	defer r.scopeMu.Unlock()
	r.hosts[h] = true
}

// finish completes the summary.
func (r *run) finish(ctx context.Context, src *source) (*Summary, error) {
	s := r.sum
	s.Cancelled = s.Cancelled || ctx.Err() != nil
	el := time.Since(r.begin)
	s.Seconds = el.Seconds()
	if s.Seconds > 0 {
		s.PagesPerSecond = float64(s.Pages-s.Resumed) / s.Seconds
	}
	keep := func(u string) bool { return r.in.Crawl != "" || r.seen[u] }
	var unnamed int
	s.LinkedOnlyPastCutoff, unnamed = r.graph.orphans(keep)
	s.Notes = append(s.Notes, r.graph.notes(unnamed)...)
	if src == nil {
		return s, nil
	}
	notes, err := src.result()
	s.Notes = append(s.Notes, notes...)
	if err != nil && s.Pages == 0 {
		return s, err
	}
	return s, nil
}
