package resources

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
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

func (w *resFindingWriter) add(severity, code, format string, args ...any) {
	if w.counts[code] == 0 {
		w.order = append(w.order, code)
	}
	w.counts[code]++
	if w.counts[code] > finding.MaxPerCode {
		return
	}
	f := finding.Finding{Severity: severity, Code: code, Message: fmt.Sprintf(format, args...)}
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
				Message: fmt.Sprintf("%s more resources have the same problem (%s); the resources list shows each of them.",
					prose.Thousands(int64(n)), code)})
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
		w.add(resSeverity(r), CodeTruncated, "The %s %s is %s bytes decoded%s; %s keeps only the first %s%s, so %s.",
			resNoun(r), r.URL, resSizeText(r), resHeaderText(r), w.profile, prose.Thousands(r.LimitBytes), resHeaderNote(r), resTruncationEffect(r))
	case r.LimitBytes > 0 && counted*5 >= r.LimitBytes*4:
		w.add(finding.Warning, CodeOver80, "The %s %s counts %s bytes, %d%% of %s's limit of %s: a little growth and its end gets cut.",
			resNoun(r), r.URL, prose.Thousands(counted), counted*100/r.LimitBytes, w.profile, prose.Thousands(r.LimitBytes))
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
	rule := "its rules"
	if r.Robots.Line > 0 {
		rule = fmt.Sprintf("line %d (%s)", r.Robots.Line, r.Robots.Rule)
	}
	w.add(resSeverity(r), CodeBlocked, "%s blocks the %s %s for %s with %s, so %s.",
		resOr(r.Robots.URL, "robots.txt"), resNoun(r), r.URL, w.profile, rule, resWithoutEffect(r))
}

// afterCutoff reports a reference the crawler never sees because it lies
// past the cutoff of the document holding it. A reference inside a
// document that is itself never seen is covered by that document's
// finding.
func (w *resFindingWriter) afterCutoff(r *Resource, parent *Resource, pageCutoff *int64) {
	if r.DiscoveredBeforeCutoff || !r.Kind.Fetchable() || r.ImportCycle || r.ParentBlocked {
		return
	}
	where, cutoff := "the page", pageCutoff
	if r.Parent != "" {
		if parent == nil || !parent.DiscoveredBeforeCutoff {
			return
		}
		where, cutoff = "the stylesheet "+r.Parent, parent.CutoffOffset
	}
	at := "past the cutoff"
	if cutoff != nil {
		at = "past " + w.profile + "'s cutoff at body byte " + prose.Thousands(*cutoff)
	}
	w.add(resSeverity(r), CodeAfterCutoff, "The %s %s is referenced at byte %s of %s, %s: the crawler never sees the reference, so %s.",
		resNoun(r), r.URL, prose.Thousands(r.DiscoveredOffset), where, at, resWithoutEffect(r))
}

// failed reports an error status or a fetch that went wrong.
func (w *resFindingWriter) failed(r *Resource) {
	if !r.Requested || !r.Fetched {
		return
	}
	switch {
	case r.Status >= 400:
		w.add(finding.Warning, CodeFailed, "The %s %s answered %s, so %s.",
			resNoun(r), r.URL, resStatusText(r.Status), resWithoutEffect(r))
	case r.Status == 0 && r.Error != "":
		w.add(finding.Warning, CodeFailed, "The %s %s could not be fetched: %s",
			resNoun(r), r.URL, resSentence(r.Error))
	case r.Error != "" && !r.ReadComplete:
		w.add(finding.Warning, CodeFailed, "The %s %s broke off after %s bytes: %s",
			resNoun(r), r.URL, prose.Thousands(r.BodyBytes), resSentence(r.Error))
	}
}

// importProblems reports import cycles and @imports browsers ignore.
func (w *resFindingWriter) importProblems(r *Resource) {
	switch {
	case r.ImportCycle:
		w.add(finding.Warning, CodeImportCycle, "The stylesheet %s imports %s, which is already being imported on the way there (an @import cycle); browsers skip the repeated import.",
			r.Parent, r.URL)
	case r.Kind == Import && (r.ExcludedReason == cssImportAfterRules || r.ExcludedReason == cssImportInBlock):
		in := "the page's inline <style>"
		if r.Parent != "" {
			in = "the stylesheet " + r.Parent
		}
		w.add(finding.Warning, CodeImportIgnored, "The @import of %s in %s is ignored by browsers: %s",
			r.URL, in, strings.ToLower(r.ExcludedReason[:1])+r.ExcludedReason[1:])
	}
}

// resNoun names a resource's kind for a sentence.
func resNoun(r *Resource) string {
	switch r.Kind {
	case Script:
		return "script"
	case Stylesheet:
		return "stylesheet"
	case Import:
		return "imported stylesheet"
	case Iframe:
		return "iframe document"
	case Preload:
		return "preloaded resource"
	}
	return string(r.Kind) + " resource"
}

// resTruncationEffect says what a cut does to a resource of r's kind.
func resTruncationEffect(r *Resource) string {
	switch r.Kind {
	case Script:
		return "the rendering crawler gets a cut-off script, which almost always fails to parse: none of it runs"
	case Stylesheet, Import:
		return "the rules after the cut never apply when the page is rendered"
	case Iframe:
		return "the content after the cut is never seen"
	}
	return "what comes after the cut never reaches the renderer"
}

// resWithoutEffect says what the renderer does without the resource.
func resWithoutEffect(r *Resource) string {
	switch r.Kind {
	case Script:
		return "the page is rendered without this script"
	case Stylesheet, Import:
		return "the page is rendered without these styles"
	case Iframe:
		return "the iframe stays empty for the crawler"
	}
	return "the renderer goes without it"
}

// resSizeText is the decoded size, "at least" when the cap stopped reading.
func resSizeText(r *Resource) string {
	if !r.ReadComplete && r.CapBytes > 0 && r.BodyBytes >= r.CapBytes {
		return "at least " + prose.Thousands(r.BodyBytes)
	}
	return prose.Thousands(r.BodyBytes)
}

func resHeaderText(r *Resource) string {
	if !r.CountsHeaders || r.HeaderBytes == 0 {
		return ""
	}
	return " plus a " + prose.Thousands(r.HeaderBytes) + "-byte header"
}

func resHeaderNote(r *Resource) string {
	if r.CountsHeaders {
		return " bytes, header included"
	}
	return " bytes"
}

func resStatusText(status int) string {
	if t := http.StatusText(status); t != "" {
		return fmt.Sprintf("%d %s", status, t)
	}
	return fmt.Sprint(status)
}

// resProfileName is how findings name the crawler.
func resProfileName(p fetch.Profile) string {
	return resOr(p.Name, "the crawler")
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
