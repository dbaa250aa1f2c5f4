package inspect

import (
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// ProfileSummary is the part of a crawler profile a report repeats, so a
// report file says on its own which crawler it simulated.
type ProfileSummary struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	UserAgent    string   `json:"user_agent"`
	RobotsTokens []string `json:"robots_tokens"`
	IgnoresStar  bool     `json:"ignores_star"`
	ObeysRobots  bool     `json:"obeys_robots"`
	LimitBytes   int64    `json:"limit_bytes"`
	// BinaryLimitBytes is the binary reading of LimitBytes, 0 when none.
	BinaryLimitBytes int64 `json:"binary_limit_bytes,omitempty"`
	CountsHeaders    bool  `json:"counts_headers"`
}

// RobotsSummary is the page's own robots.txt verdict for the profile.
type RobotsSummary struct {
	URL     string `json:"url"`    // the robots.txt URL
	Status  int    `json:"status"` // its HTTP status, 0 when unreachable
	Policy  string `json:"policy"` // parsed, allow-all or disallow-all
	Reason  string `json:"reason"` // why that policy, one sentence
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"` // 1-based deciding line, 0 when no rule matched
	Rule    string `json:"rule"`
	Group   string `json:"group"`
	Why     string `json:"why"` // the verdict's explanation
	// Requested is the page URL as the crawler requests it, which the
	// rules were matched against, when it differs from the URL given.
	Requested string `json:"requested,omitempty"`
	// Skipped is true when the profile ignores robots.txt, or the page
	// is a local file, so no robots.txt was consulted.
	Skipped bool `json:"skipped,omitempty"`
	// Outcome is the robots.txt fetch outcome behind the verdict, for
	// the window's robots tester; nil when Skipped.
	Outcome *robots.Outcome `json:"-"`
}

// Report is everything one inspection found. It is the single result both
// the window and the command line render; its JSON form is the `--json`
// contract of CLI.md. Offsets are byte offsets into the decoded body.
type Report struct {
	// Generated is when the inspection ran.
	Generated time.Time      `json:"generated"`
	URL       string         `json:"url"`
	FinalURL  string         `json:"final_url"`
	Profile   ProfileSummary `json:"profile"`
	Fetch     *fetch.Result  `json:"fetch"`
	// Analysis holds the byte map, critical elements, composition,
	// impact, directives and findings; its fields appear at the top level
	// of the JSON report.
	*Analysis
	// Partial says what is known of a body not read to its end (the
	// announced length and where the cutoff falls on it); nil when the
	// body was read whole.
	Partial   *PartialRead         `json:"partial_read,omitempty"`
	Resources []resources.Resource `json:"resources"`
	// ResourcesSkipped says, in one sentence, why no subresource was
	// fetched (a local file, or turned off); "" when they were, so that an
	// empty Resources then means the page references none.
	ResourcesSkipped string `json:"resources_skipped,omitempty"`
	// skipped is why ResourcesSkipped was said (skippedLocal or
	// skippedAsked), for Retold to say it again.
	skipped string
	// ResourceReferences counts the distinct fetchable URLs the page
	// references when ResourcesSkipped is set; found, not fetched.
	ResourceReferences int `json:"resource_references,omitempty"`
	// referencesCounted says ResourceReferences was counted (a local
	// file), so 0 means none rather than not looked at.
	referencesCounted bool
	Robots            *RobotsSummary `json:"robots"`
	// FinalRobots is the verdict for the final URL when redirects led to
	// another URL; nil otherwise.
	FinalRobots *RobotsSummary `json:"final_robots,omitempty"`
	// RobotsCache holds every host's robots.txt outcome fetched during the
	// inspection (page and subresources); nil for a local file.
	RobotsCache *robots.Cache `json:"-"`
	// Render is the rendered view, when one was asked for (AddRendered);
	// nil otherwise.
	Render *Rendered `json:"render,omitempty"`
}
