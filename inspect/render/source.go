package render

import (
	"context"
	"sync"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/resources"
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
	cache   *robots.Cache

	mu      sync.Mutex
	entries map[string]*entry
}

// entry is one URL's robots verdict and fetch, each done at most once.
type entry struct {
	robotsOnce sync.Once
	robots     *resources.Robots
	blocked    string // why robots.txt disallows it, "" when allowed

	fetchOnce sync.Once
	res       *fetch.Result
	err       error
}

func newSource(f *fetch.Fetcher, p fetch.Profile, opt fetch.Options, cache *robots.Cache) *source {
	if cache == nil && p.ObeysRobots {
		cache = robots.NewCache(f, p, opt)
	}
	opt.Progress = nil
	return &source{fetcher: f, profile: p, opt: opt, cache: cache, entries: map[string]*entry{}}
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
func (s *source) verdict(ctx context.Context, rawURL string) (*resources.Robots, string) {
	e := s.entry(rawURL)
	e.robotsOnce.Do(func() { e.robots, e.blocked = resources.RobotsVerdict(ctx, s.cache, s.profile, rawURL) })
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
