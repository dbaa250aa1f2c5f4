package inspect

import "github.com/cutoffapp/cutoff/inspect/resources"

// Why a report's subresources were not fetched, said as Report.ResourcesSkipped.
const (
	skippedLocal = "Subresources are not fetched for a local file."
	skippedAsked = "Subresources were not fetched (turned off for this inspection)."
)

// skipResources records that no subresource was fetched, and why. With
// count, it also counts the distinct script, stylesheet, preload and frame
// URLs the page references, found without fetching anything: a second pass
// over the body, worth it for a local file opened in the window, not for
// --no-resources, which asks for the fastest inspection.
func (r *Report) skipResources(reason string, count bool) {
	r.ResourcesSkipped = reason
	r.ResourceReferences = 0
	r.referencesCounted = count && r.Fetch != nil
	if !r.referencesCounted {
		return
	}
	for _, res := range resources.Discover(r.FinalURL, r.Fetch.Body, r.Fetch.CutoffOffset) {
		if res.Kind.Fetchable() {
			r.ResourceReferences++
		}
	}
}

// ResourcesNote is the one sentence every view gives when no subresource
// was fetched: why, and how many the page references; "" when they were
// fetched (an empty list then means the page references none).
func (r *Report) ResourcesNote() string {
	if r.ResourcesSkipped == "" {
		return ""
	}
	n := r.ResourceReferences
	if !r.referencesCounted {
		return r.ResourcesSkipped
	}
	if n == 0 {
		return r.ResourcesSkipped + " The page references no scripts, stylesheets or frames."
	}
	return r.ResourcesSkipped + " The page references " +
		pluralize(n, "script, stylesheet or frame", "scripts, stylesheets and frames") + "."
}
