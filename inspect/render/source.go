package render

import (
	"context"
	"errors"
	"sync"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
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

	// fetching holds a token per fetch in flight; sending one per body
	// being handed to the browser (encoding it takes a few times its size).
	fetching, sending chan struct{}
	maxHeld           int64 // the most body bytes the job holds

	mu      sync.Mutex
	entries map[string]*entry
	held    int64 // body bytes of the fetches held
}

// Bounds of a render job's memory: a page firing hundreds of fetch()es
// of large bodies at once waits for its turn, and once the job holds
// Options.MaxBytes of bodies the rest are not fetched. The job then holds
// at most MaxBytes plus maxFetching fetch caps (8 MB each for a 2 MB
// limit), and maxSending bodies being encoded for the browser.
const (
	maxFetching = 6
	maxSending  = 2
)

// heldError is the error of a fetch refused for the bytes the job holds.
type heldError struct{ max int64 }

func (e heldError) Error() string {
	return i18n.T("render.held-cap", "Bytes", e.max)
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

// newSource fetches with f, holding at most maxHeld body bytes; pageCache,
// when set, is the inspection's robots.txt cache, reused for the page's
// own host.
func newSource(f *fetch.Fetcher, p fetch.Profile, opt fetch.Options, pageCache *robots.Cache, pageURL string,
	maxHeld int64) *source {
	s := &source{fetcher: f, profile: p, pageCache: pageCache, entries: map[string]*entry{}, maxHeld: maxHeld,
		fetching: make(chan struct{}, maxFetching), sending: make(chan struct{}, maxSending)}
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
func (s *source) verdict(ctx context.Context, rawURL string) (*resources.Robots, string) {
	e := s.entry(rawURL)
	e.robotsOnce.Do(func() { e.robots, e.blocked = resources.RobotsVerdict(ctx, s.cacheFor(rawURL), s.profile, rawURL) })
	return e.robots, e.blocked
}

// get fetches rawURL with the profile, once, waiting for a turn among
// the fetches in flight; it fails with a heldError once the job holds its
// cap of bytes.
func (s *source) get(ctx context.Context, rawURL string) (*fetch.Result, error) {
	e := s.entry(rawURL)
	e.fetchOnce.Do(func() {
		if e.err = acquire(ctx, s.fetching); e.err != nil {
			return
		}
		defer release(s.fetching)
		s.mu.Lock()
		full := s.held >= s.maxHeld
		s.mu.Unlock()
		if full {
			e.err = heldError{s.maxHeld}
			return
		}
		e.res, e.err = s.fetcher.Fetch(ctx, rawURL, s.profile, s.opt)
		if e.res != nil {
			s.mu.Lock()
			s.held += int64(len(e.res.Body))
			s.mu.Unlock()
		}
	})
	return e.res, e.err
}

// isHeld reports whether err is a fetch refused for the bytes held.
func isHeld(err error) bool {
	var h heldError
	return errors.As(err, &h)
}

// acquire takes a token of sem, or fails when ctx ends first.
func acquire(ctx context.Context, sem chan struct{}) error {
	select {
	case sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func release(sem chan struct{}) { <-sem }

// put records a fetch made elsewhere (the inspection's own page fetch).
func (s *source) put(rawURL string, res *fetch.Result) {
	e := s.entry(rawURL)
	e.fetchOnce.Do(func() { e.res = res })
}
