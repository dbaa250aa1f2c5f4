package resources

import (
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Kind says how a page or a stylesheet references a resource, and
// so whether a rendering crawler fetches it.
type Kind string

// Resource kinds, as CLI.md names them. The first five are fetched by the
// renderer; the others are listed with Fetched false and a reason.
const (
	Script     Kind = "script"     // <script src>
	Stylesheet Kind = "stylesheet" // <link rel=stylesheet>
	Import     Kind = "import"     // CSS @import
	Preload    Kind = "preload"    // <link rel=preload as=script|style|fetch>, <link rel=modulepreload>
	Iframe     Kind = "iframe"     // <iframe src>, <frame src>
	Image      Kind = "image"      // <img>, <picture>, poster, CSS images
	Media      Kind = "media"      // <video>, <audio>, <source>, <track>
	Font       Kind = "font"       // @font-face, preload as=font
	Icon       Kind = "icon"       // <link rel=icon|apple-touch-icon|shortcut icon>
	Other      Kind = "other"      // manifest, embed, object, other CSS url()
)

// Kinds lists every kind, in the order of the constants above.
var Kinds = []Kind{Script, Stylesheet, Import, Preload, Iframe, Image, Media, Font, Icon, Other}

// Fetchable reports whether a rendering crawler fetches resources of kind k.
func (k Kind) Fetchable() bool {
	switch k {
	case Script, Stylesheet, Import, Preload, Iframe:
		return true
	}
	return false
}

// Resource is one URL a page references, directly or through its
// stylesheets, with what the crawler does with it. Its JSON form is the
// resources[] entry of CLI.md. Byte counts are in bytes; offsets are byte
// offsets into a decoded body: the page's, or for a reference found in a
// stylesheet, that stylesheet's (named by Parent).
type Resource struct {
	// URL is absolute, without fragment; for a reference that cannot be
	// fetched (another scheme, a data: URI, a malformed URL) it is the
	// value as written, data: URIs shortened.
	URL  string `json:"url"`
	Kind Kind   `json:"kind"`
	// Tag says how it was referenced, e.g. "link rel=preload as=script".
	Tag string `json:"tag"`
	// DiscoveredOffset is where the first reference starts, in the page or
	// in Parent; DiscoveredEnd is where that reference ends (exclusive).
	DiscoveredOffset int64 `json:"discovered_offset"`
	DiscoveredEnd    int64 `json:"discovered_end"`
	// DiscoveredBeforeCutoff is true when the whole reference lies before
	// the cutoff of the document holding it, and that document was itself
	// discovered before its parent's cutoff: only then does the crawler
	// ever see it.
	DiscoveredBeforeCutoff bool `json:"discovered_before_cutoff"`
	// Fetched is true when a rendering crawler that discovers the
	// reference fetches it: a fetchable kind, allowed by robots.txt, not
	// an import cycle.
	Fetched bool `json:"fetched"`
	// ExcludedReason says, in one sentence, why the crawler does not
	// fetch it; "" when it does.
	ExcludedReason string `json:"excluded_reason"`

	// Accounting is the status and the byte accounting of the resource's
	// own fetch, with its own counter and the limit for its content type;
	// Status is 0 when it was not requested or had no response.
	fetch.Accounting
	// Robots is the verdict of the resource host's robots.txt; nil when
	// the resource is not one the crawler fetches.
	Robots *Robots `json:"robots"`

	Response
	Graph

	sayExcluded func() string            // says ExcludedReason again; nil when not excluded
	told        i18n.Retelling[Resource] // says Error and Robots again

}

// Response holds what a request for a resource returned, beyond the
// fields CLI.md requires; enough to draw the resource's own byte ruler.
type Response struct {
	// Requested is true when Cutoff sent the request, so the status and
	// byte counts are real; false for excluded resources, for resources
	// blocked by robots.txt when fetching them anyway is off, and when the
	// inspection was cancelled first.
	Requested bool `json:"requested"`
	// BlockedByRobots is true when robots.txt disallows the resource for
	// the profile; FetchedAnyway is true when Cutoff requested it anyway,
	// for information.
	BlockedByRobots bool        `json:"blocked_by_robots"`
	FetchedAnyway   bool        `json:"fetched_anyway"`
	FinalURL        string      `json:"final_url,omitempty"`
	Redirects       []fetch.Hop `json:"redirects,omitempty"`
	ContentType     string      `json:"content_type,omitempty"`
	ContentEncoding string      `json:"content_encoding,omitempty"`
	// BinaryLimitBytes is the binary reading of LimitBytes (2 MB as
	// 2,097,152), 0 when there is none.
	BinaryLimitBytes int64 `json:"binary_limit_bytes,omitempty"`
	// CountedBytes is what counts toward LimitBytes: header plus decoded
	// body when CountsHeaders, the body alone otherwise. Every view shows
	// this number as the resource's "counted bytes".
	CountedBytes int64 `json:"counted_bytes"`
	// DurationMS is the time the request took, redirects included, in
	// milliseconds.
	DurationMS int64 `json:"duration_ms"`
	// Error says in one sentence why the request failed or was not made.
	Error string `json:"error,omitempty"`
	// RawHeader is the final response's header block as received, from
	// the status line through the blank line (the fetcher bounds it at
	// 1 MiB); "" when there was no response.
	RawHeader string `json:"-"`
	// Head is the first HeadBytes of the decoded body (fewer when
	// the body is shorter): the body itself is not kept.
	Head []byte `json:"-"`
}

// exclude makes why (said when called) the reason the resource is not
// fetched, now and when it is retold; nil clears it.
func (r *Resource) exclude(why func() string) {
	r.sayExcluded = why
	r.ExcludedReason = ""
	if why != nil {
		r.ExcludedReason = why()
	}
}

// Retold is the list with every sentence of its resources (why one is
// excluded, why its fetch failed, its robots.txt verdict) said again in
// the language in use, from the facts they were first said from. list
// is not modified.
func Retold(list []Resource) []Resource {
	if list == nil {
		return nil
	}
	out := make([]Resource, len(list))
	for i, r := range list {
		if r.sayExcluded != nil {
			r.ExcludedReason = r.sayExcluded()
		}
		r.told.Again(&r)
		out[i] = r
	}
	return out
}

// HeadBytes is how much of a resource's decoded body Response
// keeps in Head: 4 KiB.
const HeadBytes = 4 << 10

// Graph places a resource among the page's references.
type Graph struct {
	// Parent is the URL of the stylesheet that references it; "" for a
	// reference in the page (inline <style> included).
	Parent string `json:"parent,omitempty"`
	// Depth is the number of stylesheets between the page and the
	// reference: 0 in the page, 1 in a stylesheet the page links, ...
	Depth int `json:"depth"`
	// References is how many times the page and its stylesheets reference
	// the URL; it is listed and fetched once. For a summary row it is the
	// number of references the row stands for.
	References int `json:"references"`
	// ImportCycle is true for an @import of a stylesheet that is already
	// being imported on the way here; browsers skip it.
	ImportCycle bool `json:"import_cycle,omitempty"`
	// ParentBlocked is true when a stylesheet on the way here is blocked
	// by robots.txt, so the crawler never discovers this reference.
	ParentBlocked bool `json:"parent_blocked,omitempty"`
	// URLBytes is the length of a data: URI in the page, whose URL field
	// is shortened.
	URLBytes int `json:"url_bytes,omitempty"`
	// Summary is true for a row standing for references not listed one
	// by one (past the listing caps).
	Summary bool `json:"summary,omitempty"`
}

// Robots is the verdict of a resource host's robots.txt for the
// profile's tokens.
type Robots struct {
	Allowed bool `json:"allowed"`
	// Line is the 1-based line of the deciding rule, 0 when no rule
	// matched or no file was parsed.
	Line  int    `json:"line"`
	Rule  string `json:"rule,omitempty"`  // the deciding rule as written
	Group string `json:"group,omitempty"` // the user-agent group chosen
	URL   string `json:"url,omitempty"`   // the robots.txt consulted
	// Reason explains the verdict in one sentence.
	Reason string `json:"reason,omitempty"`
	// Skipped is true when the profile ignores robots.txt, so none was
	// consulted and the resource counts as allowed.
	Skipped bool `json:"skipped,omitempty"`
	// Policy is how the robots.txt fetch was treated (robots.Policy:
	// "parsed", "allow-all", "disallow-all"); "" when none was consulted.
	// Under "disallow-all" no rule decided: the file could not be checked.
	Policy string `json:"policy,omitempty"`
	// Status is the robots.txt's HTTP status, 0 when it got no answer.
	Status int `json:"status,omitempty"`
	// Unreachable is true when the robots.txt's host gave no answer at
	// all (DNS, TCP, TLS or a timeout): the file could not be checked.
	Unreachable bool `json:"unreachable,omitempty"`
}

// Unchecked reports whether the verdict comes from Google's policy for a
// robots.txt that could not be fetched (unreachable, 429 or 5xx: treated as
// disallow-all) rather than from the file's rules.
func (rr *Robots) Unchecked() bool {
	return rr != nil && rr.Policy == "disallow-all"
}
