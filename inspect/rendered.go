package inspect

// Rendered is what Chromium built from the page twice: once from the bytes
// the crawler kept ("google": the page cut at its cutoff, every script,
// stylesheet and XHR cut at its own limit, robots.txt obeyed) and once
// from the whole page ("full", what a browser user gets), and what the
// first lacks. The engine that fills it is inspect/render; this is plain
// data. Its JSON form is the render object of CLI.md.
type Rendered struct {
	// Browser is the browser's product and version, e.g.
	// "Chromium 156.0.8078.114"; "" when none could be started.
	Browser string `json:"browser"`
	// Crawler names the crawler profile whose kept bytes the google render
	// is made of ("Bingbot"): every text about that render names it.
	Crawler string `json:"crawler"`
	// Viewport is the screen both renders used.
	Viewport Viewport      `json:"viewport"`
	Google   *RenderedPage `json:"google"`
	Full     *RenderedPage `json:"full"`
	// Lost lists what the full render has and the google render does not.
	Lost []RenderedLost `json:"lost"`
	// Scripts lists every script of the page, whether it ran in the google
	// render and why not.
	Scripts []RenderedScript `json:"scripts"`
	// Requests lists every request the google render made, in order.
	Requests []RenderedRequest `json:"requests"`
	// FullRequests lists the requests of the full render.
	FullRequests []RenderedRequest `json:"full_requests"`
	// Error says in one sentence why nothing could be rendered (no
	// browser, the browser would not start); "" when both renders ran.
	Error string `json:"error,omitempty"`
	// DurationMS is the wall time of both renders, browser start included.
	DurationMS int64 `json:"duration_ms"`
}

// CrawlerName names the crawler whose kept bytes the google render is
// made of, "the crawler" when the view does not say.
func (rd *Rendered) CrawlerName() string { return crawlerName(rd.Crawler) }

// Viewport is the window size a render emulates.
type Viewport struct {
	Width  int  `json:"width"`
	Height int  `json:"height"`
	Mobile bool `json:"mobile"`
	// Source says where the size comes from; Assumed is true when no
	// vendor publishes it.
	Source  string `json:"source"`
	Assumed bool   `json:"assumed"`
}

// RenderedPage is what one render produced, read from the rendered DOM.
type RenderedPage struct {
	Mode  string `json:"mode"` // "google" or "full"
	Title string `json:"title"`
	// MetaRobots is the content of <meta name="robots">, "" when absent;
	// MetaGooglebot lists the crawler-specific ones ("googlebot: noindex").
	MetaRobots    string   `json:"meta_robots"`
	MetaGooglebot []string `json:"meta_googlebot"`
	Canonical     string   `json:"canonical"`
	Hreflang      []string `json:"hreflang"` // "lang url"
	JSONLD        []JSONLD `json:"json_ld"`
	// Links is the number of <a href> elements; LinkList their resolved
	// URLs, distinct, in document order, at most MaxRenderedLinks.
	Links    int      `json:"links"`
	LinkList []string `json:"link_list"`
	H1       []string `json:"h1"`
	H2       []string `json:"h2"`
	// TextBytes is the UTF-8 size of the body's visible text
	// (innerText).
	TextBytes int64 `json:"text_bytes"`
	// Screenshot is the PNG of the page, full height up to
	// MaxScreenshotHeight; ScreenshotFile the file it was written to, if
	// any. ScreenshotHeight is the height drawn, PageHeight the page's.
	Screenshot       []byte `json:"-"`
	ScreenshotFile   string `json:"screenshot"`
	ScreenshotHeight int    `json:"screenshot_height"`
	PageHeight       int    `json:"page_height"`
	// Popups counts the window.open calls the page made (none opens).
	Popups int `json:"popups"`
	// Notes are sentences about how the render ended when it did not end
	// plainly: a navigation away, an endless script stopped, a cap reached.
	Notes []string `json:"notes"`
	// Error says in one sentence why this render produced nothing.
	Error      string `json:"error,omitempty"`
	DurationMS int64  `json:"duration_ms"`
}

// MaxRenderedLinks bounds RenderedPage.LinkList.
const MaxRenderedLinks = 5000

// MaxScreenshotHeight bounds a screenshot's height in CSS pixels.
const MaxScreenshotHeight = 8000

// JSONLD is one JSON-LD block of the rendered DOM.
type JSONLD struct {
	Type  string `json:"type"` // the @type values, comma separated
	Valid bool   `json:"valid"`
	Bytes int    `json:"bytes"`
}

// Kinds of RenderedLost.
const (
	LostLink      = "link"
	LostJSONLD    = "json-ld"
	LostCanonical = "canonical"
	LostNoindex   = "noindex"
	LostTitle     = "title"
	LostH1        = "h1"
	LostText      = "text"
	LostHreflang  = "hreflang"
)

// RenderedLost is one thing the full render has and the google render
// does not (or, for noindex and canonical, has differently).
type RenderedLost struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
	// Offset is the byte offset in the page's decoded body of the source
	// that produced it (the element, or the script text naming it), nil
	// when none is found.
	Offset *int64 `json:"offset"`
	// Only says which render has it when it is not simply lost: "google"
	// for a directive only the truncated render has.
	Only string `json:"only,omitempty"`
}

// RenderedScript is one script of the page and what became of it in the
// google render.
type RenderedScript struct {
	URL    string `json:"url"` // the src, or the page URL for an inline script
	Inline bool   `json:"inline"`
	// Offset and End place the <script> element in the page's decoded
	// body; -1 for a script added by JavaScript.
	Offset int64 `json:"offset"`
	End    int64 `json:"end"`
	Ran    bool  `json:"ran"`
	// Reason says why it did not run, or "" when it ran.
	Reason string `json:"reason"`
	// Why is what kind of reason: ScriptCut, ScriptBlocked or
	// ScriptFailed; "" when it ran.
	Why string `json:"why,omitempty"`
	// RobotsUnchecked is true when it was not fetched because its host's
	// robots.txt could not be reached from this machine (see
	// RenderedRequest.RobotsUnchecked).
	RobotsUnchecked bool `json:"robots_unchecked,omitempty"`
	// Exception is the browser's exception text, if one was thrown.
	Exception string `json:"exception,omitempty"`
	// RanInFull is true when the full render ran it.
	RanInFull bool `json:"ran_in_full"`
}

// Kinds of reasons a script did not run (RenderedScript.Why).
const (
	ScriptCut     = "cut"     // the crawler's cutoff, or its own limit, cut it
	ScriptBlocked = "blocked" // robots.txt disallows it
	ScriptFailed  = "failed"  // anything else: a parse error, an exception, a failed fetch
)

// RenderedRequest is one request a render made, answered by Cutoff's
// fetcher with the profile; its byte counts are those of Resources.
type RenderedRequest struct {
	URL  string `json:"url"`
	Kind string `json:"kind"` // document, script, stylesheet, xhr, fetch, image, font, ...
	// Status, HeaderBytes, BodyBytes, LimitBytes and Truncated are the
	// counts of the shared resource accounting (see resources.FromFetch).
	Status      int   `json:"status"`
	HeaderBytes int64 `json:"header_bytes"`
	BodyBytes   int64 `json:"body_bytes"`
	LimitBytes  int64 `json:"limit_bytes"`
	Truncated   bool  `json:"truncated"`
	// CutoffOffset is where the crawler stops in the body, nil when
	// nothing is cut; ServedBytes is how many body bytes the browser got.
	CutoffOffset *int64 `json:"cutoff_offset"`
	ServedBytes  int64  `json:"served_bytes"`
	// ReadComplete is false when the fetch stopped at its cap.
	ReadComplete    bool `json:"read_complete"`
	BlockedByRobots bool `json:"blocked_by_robots"`
	// RobotsUnchecked is true when the request was failed because its
	// host's robots.txt got no answer from this machine (DNS, TCP, TLS, a
	// timeout): nothing is known of its rules, so it is not "blocked".
	RobotsUnchecked bool `json:"robots_unchecked,omitempty"`
	// RobotsLine is the deciding robots.txt line, 0 when none.
	RobotsLine int `json:"robots_line"`
	// NotFetchedReason says in one sentence why the request was failed
	// without a fetch: robots.txt, an image, a cap; "" when fetched.
	NotFetchedReason string `json:"not_fetched_reason"`
	// Error says why the fetch itself failed.
	Error string `json:"error,omitempty"`
}
