package resources

import (
	"net/url"
	"strings"
	"sync"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// resourceJob is one URL to fetch, whatever the number of references to
// it. The worker that runs it writes its result fields; they are read only
// after every worker has ended.
type resourceJob struct {
	url   string
	host  string // scheme://host:port, the unit of the per-host bound
	kind  Kind   // as first referenced; decides whether to read it as CSS
	depth int    // stylesheets between the page and the reference

	res       Resource                 // the fetch fields: status, bytes, robots, Response
	blocked   string                   // why robots.txt blocks it, "" when it allows it
	verdict   func() (*Robots, string) // its robots.txt verdict and blocked, said again when called
	children  []Resource               // the references of a stylesheet, in source order
	queued    bool                     // handed to the workers
	notQueued func() string            // why it was not, as a Resource Error, said when called
	ran       bool                     // a worker took it
}

// hostPool hands jobs to a fixed set of workers so that at most perHost
// jobs of one host and at most as many jobs as there are workers run at
// once; the others wait in per-host queues, not in goroutines. Workers add
// the jobs they discover (CSS imports) while the pool runs. Any goroutine
// may call its methods.
type hostPool struct {
	mu      sync.Mutex
	cond    *sync.Cond
	perHost int
	limit   int // MaxFetch: jobs queued at most

	jobs    map[string]*resourceJob // by URL, every job ever added
	queues  map[string][]*resourceJob
	hosts   []string // hosts with a queue, in first-seen order
	active  map[string]int
	running int // jobs taken and not done
	waiting int // jobs in the queues
	queued  int // jobs ever queued
	stopped bool
}

func newHostPool(perHost, limit int) *hostPool {
	p := &hostPool{perHost: perHost, limit: limit, jobs: make(map[string]*resourceJob),
		queues: make(map[string][]*resourceJob), active: make(map[string]int)}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// add queues a fetch of rawURL unless one exists, and reports whether it
// created a job that will run.
func (p *hostPool) add(rawURL string, kind Kind, depth int) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.jobs[rawURL]; ok {
		return false
	}
	j := &resourceJob{url: rawURL, host: hostKey(rawURL), kind: kind, depth: depth}
	p.jobs[rawURL] = j
	switch {
	case p.stopped:
		j.notQueued = errCancelledResource
		return false
	case p.queued >= p.limit:
		j.notQueued = i18n.Later("resources.not-fetched-cap", "Max", p.limit)
		return false
	}
	j.queued = true
	p.queued++
	if _, ok := p.queues[j.host]; !ok {
		p.hosts = append(p.hosts, j.host)
	}
	p.queues[j.host] = append(p.queues[j.host], j)
	p.waiting++
	p.cond.Signal()
	return true
}

// next blocks until a job may run and returns it, or returns nil when the
// pool is stopped or nothing is left to run.
func (p *hostPool) next() *resourceJob {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if p.stopped {
			return nil
		}
		if j := p.take(); j != nil {
			return j
		}
		if p.waiting == 0 && p.running == 0 {
			return nil
		}
		p.cond.Wait()
	}
}

// take removes the first queued job of the first host with a free slot.
func (p *hostPool) take() *resourceJob {
	for _, h := range p.hosts {
		q := p.queues[h]
		if len(q) == 0 || p.active[h] >= p.perHost {
			continue
		}
		j := q[0]
		p.queues[h] = q[1:]
		p.active[h]++
		p.running++
		p.waiting--
		j.ran = true
		return j
	}
	return nil
}

// done releases the slot of a finished job.
func (p *hostPool) done(j *resourceJob) {
	p.mu.Lock()
	p.active[j.host]--
	p.running--
	p.mu.Unlock()
	p.cond.Broadcast()
}

// stop makes every worker return once its current job ends; queued jobs
// do not run.
func (p *hostPool) stop() {
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
	p.cond.Broadcast()
}

// hostKey returns scheme://host:port in lower case, the unit the per-host
// bound counts.
func hostKey(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL
	}
	host, port := u.Hostname(), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Scheme + "://" + host + ":" + port)
}
