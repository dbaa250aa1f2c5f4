package resources

import (
	"context"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// FromFetch returns the Resource fields a fetch result fills: status,
// header and body bytes, limit, truncation and the rest of Response,
// counted exactly as Fetch counts them. Other engines that fetch
// subresources (the rendered view) use it so that their numbers are the
// Fetch numbers.
func FromFetch(rawURL string, kind Kind, res *fetch.Result) Resource {
	r := Resource{URL: rawURL, Kind: kind, Fetched: true}
	r.Requested = true
	fillFetch(&r, res)
	return r
}

// RobotsVerdict returns the verdict of rawURL's host's robots.txt for
// profile p, read through cache (each host's robots.txt is fetched once),
// as Fetch decides it, and when it disallows the URL the sentence that
// says so ("" when allowed). A profile that ignores robots.txt, or a nil
// cache, allows everything.
func RobotsVerdict(ctx context.Context, cache *robots.Cache, p fetch.Profile, rawURL string) (*Robots, string) {
	r := &resourceRun{cache: cache, profile: p}
	return r.robots(ctx, rawURL)()
}
