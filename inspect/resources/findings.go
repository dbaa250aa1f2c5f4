package resources

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Finding codes about subresources.
const (
	CodeTruncated     = "resource-truncated"
	CodeBlocked       = "resource-blocked-by-robots"
	CodeAfterCutoff   = "resource-referenced-after-cutoff"
	CodeFailed        = "resource-failed"
	CodeOver80        = "resource-over-80-percent"
	CodeImportCycle   = "resource-import-cycle"
	CodeImportIgnored = "resource-import-ignored"
)

// Findings returns the findings about rs, as Fetch returned
// it, for profile p; pageCutoff is the page's cutoff offset, nil when
// nothing is cut. A finding about a reference in the page carries its
// offset. Past finding.MaxPerCode findings of one code, one more finding counts
// the rest.
func Findings(rs []Resource, p fetch.Profile, pageCutoff *int64) []finding.Finding {
	parents := make(map[string]*Resource)
	for i := range rs {
		if !rs[i].ImportCycle {
			if _, ok := parents[rs[i].URL]; !ok {
				parents[rs[i].URL] = &rs[i]
			}
		}
	}
	w := &resFindingWriter{profile: resProfileName(p), unreachableRule: unreachableRule(p),
		counts: make(map[string]int), unchecked: make(map[string]*uncheckedHost)}
	for i := range rs {
		r := &rs[i]
		if r.Summary {
			continue
		}
		w.at = r
		w.truncated(r)
		w.blocked(r)
		w.afterCutoff(r, parents[r.Parent], pageCutoff)
		w.failed(r)
		w.importProblems(r)
	}
	return w.result()
}

// resFindingWriter collects findings, capping each code.
type resFindingWriter struct {
	profile string
	// unreachableRule is what an unreachable robots.txt means for the
	// profile's crawler, as its operator documents it or as Google's rule.
	unreachableRule string
	at              *Resource // the resource the findings being added are about
	list            []finding.Finding
	counts          map[string]int
	order           []string // codes in first-seen order, for the summaries
	// unchecked gathers, per robots.txt URL, the resources whose
	// robots.txt could not be checked; uncheckedOrder keeps first-seen order.
	unchecked      map[string]*uncheckedHost
	uncheckedOrder []string
}

// add adds the finding of severity and code about the resource at hand,
// its message the resources area's id filled with args.
func (w *resFindingWriter) add(severity, code, id string, args ...any) {
	if w.counts[code] == 0 {
		w.order = append(w.order, code)
	}
	w.counts[code]++
	if w.counts[code] > finding.MaxPerCode {
		return
	}
	f := finding.Finding{Severity: severity, Code: code, Message: i18n.T("resources."+id, append([]any{"Crawler", w.profile}, args...)...)}
	if w.at.Parent == "" {
		off := w.at.DiscoveredOffset
		f.Offset = &off
	}
	w.list = append(w.list, f)
}

// result returns the findings with one summary per capped code.
func (w *resFindingWriter) result() []finding.Finding {
	w.list = append(w.list, w.uncheckedFindings()...)
	for _, code := range w.order {
		if n := w.counts[code] - finding.MaxPerCode; n > 0 {
			w.list = append(w.list, finding.Finding{Severity: finding.Info, Code: code,
				Message: i18n.T("resources.more-like-these", "Count", n, "Code", code)})
		}
	}
	return w.list
}

// resSeverity is the severity for a problem with a resource the rendering of
// the page depends on (scripts and styles), warning for the others.
func resSeverity(r *Resource) string {
	switch r.Kind {
	case Script, Stylesheet, Import:
		return finding.Critical
	}
	return finding.Warning
}

// truncated reports a resource cut by the limit, or one close to it.
func (w *resFindingWriter) truncated(r *Resource) {
	if !r.Requested || r.BlockedByRobots || r.Status >= 300 {
		return
	}
	counted := r.CountedHeaderBytes() + r.BodyBytes
	switch {
	case r.Truncated:
		id := "truncated"
		if r.CountsHeaders {
			id = "truncated-header-counted"
			if r.HeaderBytes > 0 {
				id = "truncated-plus-header"
			}
		}
		if !r.ReadComplete && r.CapBytes > 0 && r.BodyBytes >= r.CapBytes {
			id += "-at-least"
		}
		w.add(resSeverity(r), CodeTruncated, id, "What", capitalize(resNoun(r)), "URL", r.URL, "Size", r.BodyBytes,
			"Header", r.HeaderBytes, "Limit", r.LimitBytes, "Effect", resTruncationEffect(r))
	case r.LimitBytes > 0 && counted*5 >= r.LimitBytes*4:
		w.add(finding.Warning, CodeOver80, "over-80-percent", "What", capitalize(resNoun(r)), "URL", r.URL,
			"Counted", counted, "Percent", i18n.Current().Percent(strconv.FormatInt(counted*100/r.LimitBytes, 10)), "Limit", r.LimitBytes)
	}
}

// blocked reports a resource its host's robots.txt disallows.
func (w *resFindingWriter) blocked(r *Resource) {
	if !r.BlockedByRobots || r.ParentBlocked || r.Robots == nil {
		return
	}
	if r.Robots.Unchecked() {
		w.noteUnchecked(r)
		return
	}
	id := "blocked"
	if r.Robots.Line > 0 {
		id = "blocked-by-line"
	}
	w.add(resSeverity(r), CodeBlocked, id, "Robots", resOr(r.Robots.URL, "robots.txt"), "What", resNoun(r), "URL", r.URL,
		"Line", strconv.Itoa(r.Robots.Line), "Rule", r.Robots.Rule, "Effect", resWithoutEffect(r))
}

// afterCutoff reports a reference the crawler never sees because it lies
// past the cutoff of the document holding it. A reference inside a
// document that is itself never seen is covered by that document's
// finding.
func (w *resFindingWriter) afterCutoff(r *Resource, parent *Resource, pageCutoff *int64) {
	if r.DiscoveredBeforeCutoff || !r.Kind.Fetchable() || r.ImportCycle || r.ParentBlocked {
		return
	}
	id, parentURL, cutoff := "after-cutoff", "", pageCutoff
	if r.Parent != "" {
		if parent == nil || !parent.DiscoveredBeforeCutoff {
			return
		}
		id, parentURL, cutoff = "after-cutoff-in-stylesheet", r.Parent, parent.CutoffOffset
	}
	var at int64
	if cutoff != nil {
		id += "-at"
		at = *cutoff
	}
	w.add(resSeverity(r), CodeAfterCutoff, id, "What", capitalize(resNoun(r)), "URL", r.URL, "Offset", r.DiscoveredOffset,
		"Stylesheet", parentURL, "Cutoff", at, "Effect", resWithoutEffect(r))
}

// failed reports an error status or a fetch that went wrong.
func (w *resFindingWriter) failed(r *Resource) {
	if !r.Requested || !r.Fetched {
		return
	}
	switch {
	case r.Status >= 400:
		w.add(finding.Warning, CodeFailed, "failed-status", "What", capitalize(resNoun(r)), "URL", r.URL,
			"Status", resStatusText(r.Status), "Effect", resWithoutEffect(r))
	case r.Status == 0 && r.Error != "":
		w.add(finding.Warning, CodeFailed, "failed-fetch", "What", capitalize(resNoun(r)), "URL", r.URL, "Error", resSentence(r.Error))
	case r.Error != "" && !r.ReadComplete:
		w.add(finding.Warning, CodeFailed, "failed-broke-off", "What", capitalize(resNoun(r)), "URL", r.URL,
			"Read", r.BodyBytes, "Error", resSentence(r.Error))
	}
}

// importProblems reports import cycles and @imports browsers ignore.
func (w *resFindingWriter) importProblems(r *Resource) {
	switch {
	case r.ImportCycle:
		w.add(finding.Warning, CodeImportCycle, "import-cycle", "Stylesheet", r.Parent, "URL", r.URL)
	case r.Kind == Import && ignoredImport(r.ExcludedReason):
		id := "import-ignored-inline"
		if r.Parent != "" {
			id = "import-ignored"
		}
		w.add(finding.Warning, CodeImportIgnored, id, "URL", r.URL, "Stylesheet", r.Parent,
			"Reason", strings.ToLower(r.ExcludedReason[:1])+r.ExcludedReason[1:])
	}
}

// resNouns are the catalog names of the resource kinds a sentence names
// ("resources.the-ID": "the script"); any other kind is
// "resources.the-other", "the font resource".
var resNouns = map[Kind]string{Script: "script", Stylesheet: "stylesheet", Import: "import", Iframe: "iframe", Preload: "preload"}

// resNoun names a resource's kind for a sentence, with its article: "the
// script".
func resNoun(r *Resource) string {
	if id, ok := resNouns[r.Kind]; ok {
		return i18n.T("resources.the-" + id)
	}
	return i18n.T("resources.the-other", "Kind", r.Kind.Text())
}

// resTruncationEffect says what a cut does to a resource of r's kind.
func resTruncationEffect(r *Resource) string {
	switch r.Kind {
	case Script:
		return i18n.T("resources.cut-script")
	case Stylesheet, Import:
		return i18n.T("resources.cut-styles")
	case Iframe:
		return i18n.T("resources.cut-iframe")
	}
	return i18n.T("resources.cut-other")
}

// resWithoutEffect says what the renderer does without the resource.
func resWithoutEffect(r *Resource) string {
	switch r.Kind {
	case Script:
		return i18n.T("resources.without-script")
	case Stylesheet, Import:
		return i18n.T("resources.without-styles")
	case Iframe:
		return i18n.T("resources.without-iframe")
	}
	return i18n.T("resources.without-other")
}

// capitalize puts a sentence's first letter in upper case.
func capitalize(s string) string { return prose.Capitalize(s) }

func resStatusText(status int) string {
	if t := http.StatusText(status); t != "" {
		return fmt.Sprintf("%d %s", status, t)
	}
	return fmt.Sprint(status)
}

// resProfileName is how findings name the crawler.
func resProfileName(p fetch.Profile) string {
	return resOr(p.Name, i18n.T("resources.the-crawler"))
}

func resOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// resSentence ends s with a period.
func resSentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}
