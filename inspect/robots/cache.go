package robots

import (
	"context"
	"sync"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Cache fetches each robots.txt once per scheme, host and port, so a page
// and all its subresources share one fetch, as in one inspection. Any
// goroutine may call its methods; concurrent callers asking for the same
// host wait for the single fetch in flight.
type Cache struct {
	fetcher *fetch.Fetcher
	profile fetch.Profile
	opt     fetch.Options

	mu      sync.Mutex
	entries map[string]*cacheEntry
}

// cacheEntry is one robots.txt, fetched or being fetched.
type cacheEntry struct {
	done      chan struct{} // closed when outcome is set
	outcome   *Outcome
	cancelled bool // the fetching caller's ctx ended; not kept
}

// NewCache returns an empty cache that fetches with fetcher as profile p
// (see Fetch for how opt is adapted).
func NewCache(fetcher *fetch.Fetcher, p fetch.Profile, opt fetch.Options) *Cache {
	return &Cache{fetcher: fetcher, profile: p, opt: opt, entries: make(map[string]*cacheEntry)}
}

// Get returns the outcome for the robots.txt governing pageURL, fetching it
// on first use with ctx. It blocks until the fetch is done or ctx ends. A
// fetch cut short by its caller's ctx is not kept: the next caller fetches
// again.
func (c *Cache) Get(ctx context.Context, pageURL string) *Outcome {
	key, err := RobotsURL(pageURL)
	if err != nil {
		return invalidOutcome(pageURL, err)
	}
	for {
		c.mu.Lock()
		e, ok := c.entries[key]
		if !ok {
			e = &cacheEntry{done: make(chan struct{})}
			c.entries[key] = e
			c.mu.Unlock()
			return c.fill(ctx, e, key)
		}
		c.mu.Unlock()
		select {
		case <-e.done:
			if !e.cancelled {
				return e.outcome
			}
		case <-ctx.Done():
			return cancelledOutcome(key, ctx.Err())
		}
	}
}

// fill fetches one robots.txt for every caller waiting on e.
func (c *Cache) fill(ctx context.Context, e *cacheEntry, key string) *Outcome {
	e.outcome = Fetch(ctx, c.fetcher, key, c.profile, c.opt)
	if ctx.Err() != nil {
		e.cancelled = true
		c.mu.Lock()
		delete(c.entries, key)
		c.mu.Unlock()
	}
	close(e.done)
	return e.outcome
}

// cancelledOutcome is what a caller whose ctx ended while waiting gets.
func cancelledOutcome(robotsURL string, err error) *Outcome {
	o := &Outcome{RobotsURL: robotsURL, Source: SourceFetched, Policy: PolicyDisallowAll, Err: err.Error()}
	o.sayReason(i18n.Later("robots.policy-cancelled"))
	return o
}

// Outcomes returns the outcomes fetched so far, keyed by robots.txt URL.
func (c *Cache) Outcomes() map[string]*Outcome {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]*Outcome, len(c.entries))
	for k, e := range c.entries {
		select {
		case <-e.done:
			out[k] = e.outcome
		default:
		}
	}
	return out
}
