// Package site runs the cutoff across many URLs: a list, a sitemap or
// sitemap index (nested, gzipped, or named by the Sitemap: lines of a
// robots.txt), or a crawl from a start URL that follows only the links the
// crawler sees, those in the kept prefix of each page.
//
// Every page goes through inspect.Page, the single engine, so that a row and
// a single inspection never disagree. A page's body is analysed and dropped:
// only its compact Row is kept, so memory does not grow with the pages but by
// the rows. Fetching is polite: per-host concurrency, an optional delay,
// robots.txt fetched once per host and obeyed (a disallowed URL is a row that
// says so, not a fetch), backoff on 429 and 503 honouring Retry-After. A run
// stops at once when its context ends and can be resumed from its own JSON
// Lines output without fetching again what it already has.
package site
