package inspect

import (
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Why a report's subresources were not fetched (Report.skipped), each
// said by the message "findings.resources-skipped-WHY" as
// Report.ResourcesSkipped.
const (
	skippedLocal = "local"
	skippedAsked = "asked"
)

// skipResources records that no subresource was fetched, and why. With
// count, it also counts the distinct script, stylesheet, preload and frame
// URLs the page references, found without fetching anything: a second pass
// over the body, worth it for a local file opened in the window, not for
// --no-resources, which asks for the fastest inspection.
func (r *Report) skipResources(why string, count bool) {
	r.skipped = why
	r.ResourcesSkipped = skippedSentence(why)
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

// skippedSentence says why no subresource was fetched: why is
// skippedLocal or skippedAsked.
func skippedSentence(why string) string { return i18n.T("findings.resources-skipped-" + why) }

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
		return i18n.T("findings.resources-skipped-no-references", "Skipped", r.ResourcesSkipped)
	}
	return i18n.T("findings.resources-skipped-references", "Skipped", r.ResourcesSkipped, "Count", n)
}
