package resources

import (
	"bytes"
	"mime"
	"slices"
	"strconv"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// fillFetch copies what a fetch returned into r. The body is not kept,
// only its first HeadBytes.
func fillFetch(r *Resource, res *fetch.Result) {
	r.Accounting = res.Accounting
	f := &r.Response
	f.FinalURL, f.ContentType, f.ContentEncoding = res.FinalURL, res.ContentType, res.ContentEncoding
	if len(res.Redirects) > 0 {
		f.Redirects = res.Redirects
	}
	f.BinaryLimitBytes = res.LimitBinaryBytes
	f.DurationMS = res.Timings.Total.Milliseconds()
	bodyError := res.BodyErrorSaid()
	r.told.Say(r, func(r *Resource) { r.Error = bodyError() })
	f.RawHeader = string(res.RawHeader)
	// A copy, so the body it comes from can be freed once the stylesheet
	// scan is done.
	f.Head = bytes.Clone(res.Body[:min(len(res.Body), HeadBytes)])
}

// isStylesheet reports whether browsers apply a response as a stylesheet:
// a 2xx status and a text/css Content-Type (missing is tolerated, as
// quirks-mode pages do).
func isStylesheet(res *fetch.Result) bool {
	if res.Status < 200 || res.Status > 299 {
		return false
	}
	if res.ContentType == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(res.ContentType)
	return err == nil && mt == "text/css"
}

// stylesheetReferences lists the @import and url() references of a
// fetched stylesheet listed as sheetURL, resolved against its final URL,
// with discovered_before_cutoff relative to its own cutoff.
func stylesheetReferences(sheetURL string, res *fetch.Result, depth int) []Resource {
	d := newDiscoverer(res.FinalURL, res.CutoffOffset)
	d.parent, d.depth = sheetURL, depth
	for _, r := range scanCSS(res.Body) {
		d.add(d.cssRef(r, 0, ""))
	}
	return d.resources()
}

// assembler builds the final list: the page's references in document
// order, each fetched stylesheet's references right after it, every URL
// once.
type assembler struct {
	jobs     map[string]*resourceJob
	maxDepth int
	maxFetch int
	byURL    map[string]*Resource
	out      []*Resource
}

// assembleResources merges the page's references with the fetch results.
func assembleResources(page []Resource, jobs map[string]*resourceJob, opt Options) []Resource {
	a := &assembler{jobs: jobs, maxDepth: opt.MaxImportDepth, maxFetch: opt.MaxFetch,
		byURL: make(map[string]*Resource)}
	for i := range page {
		if e := &page[i]; mergeable(e) {
			a.byURL[e.URL] = e
		}
	}
	for i := range page {
		e := &page[i]
		a.out = append(a.out, e)
		a.apply(e)
		a.descend(e, []string{e.URL})
	}
	out := make([]Resource, len(a.out))
	for i, e := range a.out {
		out[i] = *e
	}
	return out
}

// mergeable reports whether later references to e's URL count on e:
// not for summary rows and data: URIs, whose URL is not a key.
func mergeable(e *Resource) bool { return !e.Summary && e.URLBytes == 0 }

// descend lists the references of the stylesheet e, when it was fetched
// and read; stack holds the stylesheets on the way, for cycles.
func (a *assembler) descend(e *Resource, stack []string) {
	j := a.jobs[e.URL]
	if j == nil || e.ImportCycle {
		return
	}
	for _, c := range j.children {
		c.Parent, c.Depth = e.URL, e.Depth+1
		c.DiscoveredBeforeCutoff = c.DiscoveredBeforeCutoff && e.DiscoveredBeforeCutoff
		c.ParentBlocked = e.BlockedByRobots || e.ParentBlocked
		if c.Kind == Import && c.Fetched && slices.Contains(stack, c.URL) {
			c.Fetched, c.ImportCycle = false, true
			c.exclude(exclCycle)
			a.out = append(a.out, &c)
			continue
		}
		if mergeable(&c) {
			if old := a.byURL[c.URL]; old != nil {
				old.References += c.References
				continue
			}
			a.byURL[c.URL] = &c
		}
		a.out = append(a.out, &c)
		a.apply(&c)
		a.descend(&c, append(stack, c.URL))
	}
}

// apply copies the fetch result of e's URL into e.
func (a *assembler) apply(e *Resource) {
	if !e.Fetched {
		return
	}
	j := a.jobs[e.URL]
	switch {
	case j == nil:
		e.told.Say(e, func(e *Resource) { e.Error = i18n.T("resources.not-fetched-depth", "Depth", strconv.Itoa(a.maxDepth)) })
		return
	case !j.queued:
		e.told.Say(e, func(e *Resource) { e.Error = j.notQueued() })
		return
	case !j.ran:
		e.told.Say(e, func(e *Resource) { e.Error = errCancelledResource() })
		return
	}
	e.Accounting, e.Robots, e.Response = j.res.Accounting, j.res.Robots, j.res.Response
	e.told = append(e.told, j.res.told...)
	e.CountedBytes = e.CountedHeaderBytes() + e.BodyBytes
	if j.blocked != "" {
		e.Fetched, e.ExcludedReason = false, j.blocked
		e.BlockedByRobots, e.FetchedAnyway = true, e.Requested
	}
	if verdict, blocked := j.verdict, j.blocked != ""; verdict != nil {
		// Retold: the verdict, and why it blocks the resource, said again.
		e.told = append(e.told, func(e *Resource) {
			var why string
			e.Robots, why = verdict()
			if blocked {
				e.ExcludedReason = why
			}
		})
	}
}
