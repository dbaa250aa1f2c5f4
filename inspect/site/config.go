package site

import (
	"time"

	"github.com/cutoffapp/cutoff/fetch"
)

// Input is what a run inspects: exactly one of URLs, Sitemap and Crawl.
type Input struct {
	// URLs is a list of page URLs (see ParseList).
	URLs []string
	// Sitemap is a sitemap or sitemap index (.xml or .xml.gz), as a URL or
	// a local file, or a robots.txt URL whose Sitemap: lines are read.
	Sitemap string
	// Crawl is the start URL of a crawl that follows the links in the
	// kept prefix of each page.
	Crawl string
}

// Defaults of a run (CLI.md: --max-pages 10,000, --per-host 2).
const (
	DefaultMaxPages   = 10000
	DefaultPerHost    = 2
	DefaultGlobal     = 8
	DefaultMaxDepth   = 20
	DefaultMaxRetries = 3
	DefaultBackoff    = time.Second
	DefaultMaxWait    = 2 * time.Minute
)

// Config tunes a run. The zero value, with a Profile, runs with the
// defaults above.
type Config struct {
	Profile fetch.Profile
	// Fetcher fetches pages, robots.txt and sitemaps; nil means the zero
	// fetch.Fetcher.
	Fetcher *fetch.Fetcher
	// Fetch applies to every page; its Timeout is the per-URL timeout.
	Fetch fetch.Options
	// Resources fetches each page's subresources too.
	Resources bool
	// MaxPages bounds the rows of a run, resumed rows included.
	MaxPages int
	// MaxDepth bounds a crawl's link depth from the start URL; 0 means
	// DefaultMaxDepth, a negative value the start URL alone.
	MaxDepth int
	// PerHost is the most fetches in flight to one host; Global the most
	// in flight at all.
	PerHost, Global int
	// Delay is the least time between the starts of two fetches to one
	// host.
	Delay time.Duration
	// AllHosts lets a crawl follow links to other hosts.
	AllHosts bool
	// Canonical makes a crawl canonical-aware: a page whose canonical (in
	// the kept prefix) names another URL is a duplicate of it; the
	// canonical URL is queued and the duplicate's links are not followed.
	Canonical bool
	// MaxRetries is how often a URL answered 429 or 503 is tried again;
	// Backoff the first wait when the server gives no Retry-After (it
	// doubles each time); MaxWait the longest wait honoured: a server
	// asking for more gets a row saying so, not a retry.
	MaxRetries       int
	Backoff, MaxWait time.Duration
	// Resume holds the rows of an earlier run (ReadRows): they are counted
	// and not fetched again; a crawl continues from their links.
	Resume []Row
	// Progress, when set, is called after each row from the run's own
	// goroutine; it must return quickly.
	Progress func(Progress)
}

// Progress is a snapshot of a running run.
type Progress struct {
	Done int // rows so far, resumed ones included
	// Queued counts the URLs known and not yet done; more may come while
	// Listing is true (sitemaps still being read, a crawl discovering).
	Queued  int
	Listing bool
	Elapsed time.Duration
	// Rate is the rows per second of this run, resumed rows left out.
	Rate float64
}

// Estimate is the time left at the current rate, 0 when unknown.
func (p Progress) Estimate() time.Duration {
	if p.Rate <= 0 || p.Queued == 0 {
		return 0
	}
	return time.Duration(float64(p.Queued) / p.Rate * float64(time.Second))
}

func (c *Config) defaults() {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MaxPages, DefaultMaxPages)
	switch {
	case c.MaxDepth == 0:
		c.MaxDepth = DefaultMaxDepth
	case c.MaxDepth < 0:
		c.MaxDepth = 0 // the start URL alone
	}
	def(&c.PerHost, DefaultPerHost)
	def(&c.Global, DefaultGlobal)
	if c.MaxRetries == 0 {
		c.MaxRetries = DefaultMaxRetries
	}
	if c.Backoff <= 0 {
		c.Backoff = DefaultBackoff
	}
	if c.MaxWait <= 0 {
		c.MaxWait = DefaultMaxWait
	}
	if c.Global < c.PerHost {
		c.Global = c.PerHost
	}
	if c.Fetcher == nil {
		c.Fetcher = &fetch.Fetcher{}
	}
}
