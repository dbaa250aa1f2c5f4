package render

import (
	"context"
	"sync"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// source answers the renders' requests: each URL is checked against its
// host's robots.txt and fetched with the profile once per job, and both
// renders serve from that one fetch (the google render its kept prefix,
// the full render all of it), so the two compare the same bytes.
type source struct {
	fetcher *fetch.Fetcher
	profile fetch.Profile
	opt     fetch.Options
	// cache holds the robots.txt of every host but the page's, fetched
	// with fetcher; pageCache the inspection's, which holds the page's.
	cache, pageCache *robots.Cache
	pageRobots       string // the page's robots.txt URL

	mu      sync.Mutex
	entries map[string]*entry
}

// entry is one URL's robots verdict and fetch, each done at most once.
type entry struct {
	robotsOnce sync.Once
	robots     *inspect.ResourceRobots
	blocked    string // why robots.txt disallows it, "" when allowed

	fetchOnce sync.Once
	res       *fetch.Result
	err       error
}

// newSource fetches with f; pageCache, when set, is the inspection's
// robots.txt cache, reused for the page's own host.
func newSource(f *fetch.Fetcher, p fetch.Profile, opt fetch.Options, pageCache *robots.Cache, pageURL string) *source {
	s := &source{fetcher: f, profile: p, pageCache: pageCache, entries: map[string]*entry{}}
	if p.ObeysRobots {
		s.cache = robots.NewCache(f, p, opt)
	}
	s.pageRobots, _ = robots.RobotsURL(pageURL)
	opt.Progress = nil
	// A redirect goes back to the browser as the 3xx it is: the browser
	// applies CORS and asks for the next hop, which is intercepted again.
	opt.MaxRedirects = -1
	s.opt = opt
	return s
}

// cacheFor returns the robots.txt cache that answers for rawURL.
func (s *source) cacheFor(rawURL string) *robots.Cache {
	if key, err := robots.RobotsURL(rawURL); err == nil && key == s.pageRobots && s.pageCache != nil {
		return s.pageCache
	}
	return s.cache
}

func (s *source) entry(rawURL string) *entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entries[rawURL]
	if !ok {
		e = &entry{}
		s.entries[rawURL] = e
	}
	return e
}

// verdict returns rawURL's robots.txt verdict, as Resources decides it.
func (s *source) verdict(ctx context.Context, rawURL string) (*inspect.ResourceRobots, string) {
	e := s.entry(rawURL)
	e.robotsOnce.Do(func() { e.robots, e.blocked = inspect.ResourceVerdict(ctx, s.cacheFor(rawURL), s.profile, rawURL) })
	return e.robots, e.blocked
}

// get fetches rawURL with the profile, once.
func (s *source) get(ctx context.Context, rawURL string) (*fetch.Result, error) {
	e := s.entry(rawURL)
	e.fetchOnce.Do(func() { e.res, e.err = s.fetcher.Fetch(ctx, rawURL, s.profile, s.opt) })
	return e.res, e.err
}

// put records a fetch made elsewhere (the inspection's own page fetch).
func (s *source) put(rawURL string, res *fetch.Result) {
	e := s.entry(rawURL)
	e.fetchOnce.Do(func() { e.res = res })
}
