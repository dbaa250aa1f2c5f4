package inspect

import (
	"context"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// FetchedResource returns the Resource fields a fetch result fills: status,
// header and body bytes, limit, truncation and the rest of ResourceFetch,
// counted exactly as Resources counts them. Other engines that fetch
// subresources (the rendered view) use it so that their numbers are the
// Resources numbers.
func FetchedResource(rawURL string, kind ResourceKind, res *fetch.Result) Resource {
	r := Resource{URL: rawURL, Kind: kind, Fetched: true}
	r.Requested = true
	fillFetch(&r, res)
	return r
}

// ResourceVerdict returns the verdict of rawURL's host's robots.txt for
// profile p, read through cache (each host's robots.txt is fetched once),
// as Resources decides it, and when it disallows the URL the sentence that
// says so ("" when allowed). A profile that ignores robots.txt, or a nil
// cache, allows everything.
func ResourceVerdict(ctx context.Context, cache *robots.Cache, p fetch.Profile, rawURL string) (*ResourceRobots, string) {
	r := &resourceRun{cache: cache, profile: p}
	return r.robots(ctx, rawURL)
}
