package resources

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Defaults of Options.
const (
	DefaultPerHost        = 4   // concurrent fetches per scheme, host and port
	DefaultTotal          = 16  // concurrent fetches in all
	DefaultMaxImportDepth = 8   // @import nesting followed
	DefaultMaxFetch       = 500 // distinct URLs fetched per page
)

// Options adjust how Fetch fetches. Zero numbers mean the
// defaults above; DefaultOptions sets FetchBlocked as well.
type Options struct {
	// Fetch is used for every resource; its Progress is replaced by the
	// resources' own accounting.
	Fetch fetch.Options
	// FetchBlocked fetches resources robots.txt disallows anyway, for
	// information; they stay marked as not fetched by the crawler, with
	// FetchedAnyway true. DefaultOptions turns it on.
	FetchBlocked bool
	// PerHost bounds concurrent fetches per scheme, host and port; Total
	// bounds them in all (it is also the number of worker goroutines).
	PerHost, Total int
	// MaxImportDepth is how deep @import chains are followed.
	MaxImportDepth int
	// MaxFetch is how many distinct URLs are fetched at most; the others
	// are listed with an Error saying they were not fetched.
	MaxFetch int
	// Progress, when set, is called as resources finish and bytes arrive,
	// from the fetching goroutines but never two calls at once, with the
	// resources done, the resources to fetch so far (it grows as imports
	// are found) and the decoded bytes read so far.
	Progress func(done, total int, bytes int64)
}

// DefaultOptions returns the options an inspection uses unless
// told otherwise: blocked resources fetched for information, 4 fetches per
// host, 16 in all, imports followed 8 deep, 500 URLs at most.
func DefaultOptions() Options {
	return Options{FetchBlocked: true, PerHost: DefaultPerHost, Total: DefaultTotal,
		MaxImportDepth: DefaultMaxImportDepth, MaxFetch: DefaultMaxFetch}
}

func (o Options) withDefaults() Options {
	o.PerHost = positiveOr(o.PerHost, DefaultPerHost)
	o.Total = positiveOr(o.Total, DefaultTotal)
	o.MaxImportDepth = positiveOr(o.MaxImportDepth, DefaultMaxImportDepth)
	o.MaxFetch = positiveOr(o.MaxFetch, DefaultMaxFetch)
	return o
}

func positiveOr(n, def int) int {
	if n > 0 {
		return n
	}
	return def
}

// Fetch lists and fetches the subresources of a page the way a
// rendering crawler with profile p would: each with its own byte counter
// and the profile's limit for its content type, robots.txt checked per
// host through cache (nil makes a cache of its own; a profile that
// ignores robots.txt skips the check), stylesheets read for @import
// (followed) and url() (listed). pageURL is the page's final URL, body its
// decoded body and cutoff the page's cutoff offset (nil when nothing is
// cut). A URL is fetched once however often it is referenced.
//
// The result is in document order, each stylesheet's references right
// after it. Resource bodies are not kept. Failures are data: a failed or
// cancelled fetch is a Resource with Error set. Fetch blocks until
// every fetch ends or ctx is done; any goroutine may call it.
func Fetch(ctx context.Context, f *fetch.Fetcher, cache *robots.Cache, p fetch.Profile, pageURL string,
	body []byte, cutoff *int64, opt Options) []Resource {
	opt = opt.withDefaults()
	if cache == nil && p.ObeysRobots {
		cache = robots.NewCache(f, p, opt.Fetch)
	}
	page := Discover(pageURL, body, cutoff)
	run := &resourceRun{fetcher: f, cache: cache, profile: p, opt: opt,
		pool: newHostPool(opt.PerHost, opt.MaxFetch)}
	for _, r := range page {
		if r.Fetched {
			run.add(r.URL, r.Kind, 0)
		}
	}
	run.run(ctx)
	return assembleResources(page, run.pool.jobs, opt)
}

// resourceRun is one Fetch call in progress.
type resourceRun struct {
	fetcher *fetch.Fetcher
	cache   *robots.Cache
	profile fetch.Profile
	opt     Options
	pool    *hostPool

	done, total atomic.Int64
	bytes       atomic.Int64
	progressMu  sync.Mutex
}

// add queues a fetch and counts it for progress, before a worker can
// take it, so that done never passes total.
func (r *resourceRun) add(rawURL string, kind Kind, depth int) {
	r.total.Add(1)
	if !r.pool.add(rawURL, kind, depth) {
		r.total.Add(-1)
	}
}

// run starts the workers and waits for them; cancelling ctx stops the
// queued jobs and, through the fetches' own ctx, the running ones.
func (r *resourceRun) run(ctx context.Context) {
	stop := context.AfterFunc(ctx, r.pool.stop)
	defer stop()
	var wg sync.WaitGroup
	for range r.opt.Total {
		wg.Go(func() {
			for j := r.pool.next(); j != nil; j = r.pool.next() {
				r.do(ctx, j)
				r.pool.done(j)
				r.done.Add(1)
				r.report()
			}
		})
	}
	wg.Wait()
}

// report calls the progress callback, one call at a time.
func (r *resourceRun) report() {
	if r.opt.Progress == nil {
		return
	}
	r.progressMu.Lock()
	defer r.progressMu.Unlock()
	r.opt.Progress(int(r.done.Load()), int(r.total.Load()), r.bytes.Load())
}

// do runs one job: robots.txt, the fetch, the stylesheet scan.
func (r *resourceRun) do(ctx context.Context, j *resourceJob) {
	j.verdict = r.robots(ctx, j.url)
	j.res.Robots, j.blocked = j.verdict()
	if ctx.Err() != nil {
		j.res.told.Say(&j.res, func(res *Resource) { res.Error = errCancelledResource() })
		return
	}
	if j.blocked != "" && !r.opt.FetchBlocked {
		return
	}
	res, err := r.fetch(ctx, j.url)
	j.res.Requested = true
	if err != nil {
		j.res.told.Say(&j.res, func(res *Resource) { res.Error = err.Error() })
		return
	}
	fillFetch(&j.res, res)
	if (j.kind == Stylesheet || j.kind == Import) && isStylesheet(res) {
		j.children = stylesheetReferences(j.url, res, j.depth+1)
		r.queueImports(j)
	}
}

// fetch fetches one resource, adding the bytes it reads to the progress.
func (r *resourceRun) fetch(ctx context.Context, rawURL string) (*fetch.Result, error) {
	fo := r.opt.Fetch
	var last int64
	fo.Progress = func(done, _ int64) {
		r.bytes.Add(done - last)
		last = done
		r.report()
	}
	return r.fetcher.Fetch(ctx, rawURL, r.profile, fo)
}

// queueImports queues the @imports of a fetched stylesheet that browsers
// follow, up to the depth bound.
func (r *resourceRun) queueImports(j *resourceJob) {
	for _, c := range j.children {
		if c.Kind == Import && c.Fetched && c.Depth <= r.opt.MaxImportDepth {
			r.add(c.URL, c.Kind, c.Depth)
		}
	}
}

// robots fetches (through the cache) the resource host's robots.txt and
// returns what gives its verdict, in the language in use when called: the
// verdict and, when it disallows the URL, the sentence that says so.
func (r *resourceRun) robots(ctx context.Context, rawURL string) func() (*Robots, string) {
	p := r.profile
	if !p.ObeysRobots || r.cache == nil {
		return func() (*Robots, string) {
			return &Robots{Allowed: true, Skipped: true, Reason: i18n.T("resources.robots-ignored")}, ""
		}
	}
	out := r.cache.Get(ctx, rawURL)
	return func() (*Robots, string) { return robotsVerdict(out.Retold(), p, rawURL) }
}

// robotsVerdict is the verdict of out on rawURL for p and, when it
// disallows the URL, the sentence that says so.
func robotsVerdict(out *robots.Outcome, p fetch.Profile, rawURL string) (*Robots, string) {
	v := out.Check(p.RobotsTokens, p.IgnoresStar, rawURL)
	rr := &Robots{Allowed: v.Allowed, Line: v.Line, Rule: v.Rule, Group: v.Group, URL: out.RobotsURL,
		Reason: v.Reason, Policy: string(out.Policy), Status: out.Status,
		Unreachable: out.Policy == robots.PolicyDisallowAll && out.Status == 0}
	if v.Allowed {
		return rr, ""
	}
	if rr.Unchecked() && !rr.Unreachable {
		return rr, i18n.T("resources.robots-could-not-be-checked", "Reason", v.Reason)
	}
	if rr.Unchecked() {
		return rr, v.Reason
	}
	if v.Line > 0 {
		return rr, i18n.T("resources.reason-blocked-by-line", "Robots", out.RobotsURL, "Line", strconv.Itoa(v.Line),
			"Rule", v.Rule, "Agent", robotsAgent(v.Group, p))
	}
	return rr, i18n.T("resources.reason-blocked-because", "Reason", v.Reason)
}

// robotsAgent names the group a verdict used, for a sentence.
func robotsAgent(group string, p fetch.Profile) string {
	switch {
	case group == "*":
		return i18n.T("resources.every-crawler")
	case group != "":
		return group
	case len(p.RobotsTokens) > 0:
		return p.RobotsTokens[0]
	}
	return p.Name
}

// errCancelledResource is the Error of a resource not fetched because the
// inspection was cancelled.
var errCancelledResource = i18n.Later("resources.cancelled")
