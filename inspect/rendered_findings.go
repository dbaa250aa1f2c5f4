package inspect

import (
	"sort"
	"strings"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Finding codes about the rendered view. They are stable.
const (
	CodeRenderFailed            = "render-failed"
	CodeRenderLinkLost          = "render-link-lost"
	CodeRenderJSONLDLost        = "render-jsonld-lost"
	CodeRenderCanonicalLost     = "render-canonical-lost"
	CodeRenderCanonicalOnlyGoog = "render-canonical-only-google"
	CodeRenderNoindexLost       = "render-noindex-lost"
	CodeRenderNoindexOnlyGoog   = "render-noindex-only-google"
	CodeRenderTitleLost         = "render-title-lost"
	CodeRenderH1Lost            = "render-h1-lost"
	CodeRenderHreflangLost      = "render-hreflang-lost"
	CodeRenderTextLost          = "render-text-lost"
	CodeRenderScriptCut         = "render-script-cut"
	CodeRenderScriptBlocked     = "render-script-blocked"
	CodeRenderScriptFailed      = "render-script-failed"
	CodeRenderJSNoindex         = "render-js-noindex"
	CodeRenderJSCanonical       = "render-js-canonical"
	CodeRenderNote              = "render-note"
)

// AddRendered attaches a rendered view to the report and adds its
// findings to the report's, most severe first.
func (r *Report) AddRendered(rd *Rendered) {
	if rd.Crawler == "" {
		rd.Crawler = r.Profile.Name
	}
	r.Render = rd
	list := append(r.Findings, RenderedFindings(rd, r.Critical)...)
	sort.SliceStable(list, func(i, j int) bool {
		return finding.Rank(list[i].Severity) > finding.Rank(list[j].Severity)
	})
	r.Findings = list
}

// RenderedFindings returns the findings about a rendered view: what the
// cutoff cost the rendered page, the scripts that did not run, and the
// directives JavaScript adds. crit is the page's critical elements, to
// tell a directive in the source from one a script adds.
func RenderedFindings(rd *Rendered, crit []scan.Critical) []finding.Finding {
	if rd == nil {
		return nil
	}
	fs := &findings{perCode: map[string]int{}}
	if rd.Error != "" {
		fs.addf(finding.Warning, CodeRenderFailed, nil, "The page could not be rendered: %s", rd.Error)
		return fs.list
	}
	for _, l := range rd.Lost {
		lostFinding(fs, l, rd.CrawlerName())
	}
	var unchecked []RenderedScript
	notRun := map[string][]RenderedScript{}
	for _, s := range rd.Scripts {
		switch {
		case s.Ran:
		case s.RobotsUnchecked:
			unchecked = append(unchecked, s)
		case s.Why == ScriptCut || s.Why == ScriptBlocked:
			notRun[s.Why] = append(notRun[s.Why], s)
		default:
			notRun[ScriptFailed] = append(notRun[ScriptFailed], s)
		}
	}
	for _, why := range []string{ScriptCut, ScriptBlocked, ScriptFailed} {
		scriptsFinding(fs, rd, why, notRun[why])
	}
	uncheckedScripts(fs, unchecked, rd.CrawlerName())
	jsDirectives(fs, rd, crit)
	for _, pg := range []*RenderedPage{rd.Google, rd.Full} {
		renderNotes(fs, rd, pg)
	}
	fs.summarizeCapped()
	return fs.list
}

// lostMessage is the finding one kind of lost item gives; its format
// takes the item's value.
type lostMessage struct{ severity, code, format string }

// lostMessages are the findings per kind of lost item: the first when the
// full render has it and the crawler's does not, the second (when the
// kind has one) when only the crawler's render has it. A format takes the
// item's value, then the crawler's name.
var lostMessages = map[string][2]lostMessage{
	LostLink: {{finding.Warning, CodeRenderLinkLost,
		"The link to %[1]s exists only when the whole page is rendered: %[2]s's render never sees it."}},
	LostJSONLD: {{finding.Critical, CodeRenderJSONLDLost,
		"The JSON-LD block of type %[1]s is in the full render but missing or invalid in %[2]s's: its structured data is lost."}},
	LostCanonical: {
		{finding.Critical, CodeRenderCanonicalLost,
			"The full render's canonical %[1]s is not what %[2]s's render ends up with: %[2]s does not get it."},
		{finding.Warning, CodeRenderCanonicalOnlyGoog,
			"Only %[2]s's render has the canonical %[1]s; the full page drops or changes it."}},
	LostNoindex: {
		{finding.Warning, CodeRenderNoindexLost,
			"The full render has a noindex (%[1]s) that %[2]s's render never gets: the page may be indexed."},
		{finding.Critical, CodeRenderNoindexOnlyGoog,
			"%[2]s's render has a noindex (%[1]s) that the full page does not: the page would drop out of the index."}},
	LostTitle:    {{finding.Critical, CodeRenderTitleLost, "The rendered title %[1]q appears only in the full render, not in %[2]s's."}},
	LostH1:       {{finding.Warning, CodeRenderH1Lost, "The heading %[1]q appears only in the full render, not in %[2]s's."}},
	LostHreflang: {{finding.Warning, CodeRenderHreflangLost, "The hreflang link %[1]s appears only in the full render, not in %[2]s's."}},
	LostText:     {{finding.Warning, CodeRenderTextLost, "%[2]s's render has %[1]s less than the full render."}},
}

// lostFinding says what losing one item costs the crawler.
func lostFinding(fs *findings, l RenderedLost, crawler string) {
	m, ok := lostMessages[l.Kind]
	if !ok {
		return
	}
	msg := m[0]
	if l.Only == "google" && m[1].code != "" {
		msg = m[1]
	}
	fs.addf(msg.severity, msg.code, l.Offset, msg.format, l.Value, crawler)
}

// scriptOffset is where a script's element stands in the body, nil when
// the analysis did not place it.
func scriptOffset(s RenderedScript) *int64 {
	if s.Offset < 0 {
		return nil
	}
	return offsetPtr(s.Offset)
}

// scriptWhys are, per kind of reason a script did not run, the finding's
// severity and code and why scripts of that kind did not run.
var scriptWhys = map[string]struct{ severity, code, because string }{
	ScriptCut:     {finding.Warning, CodeRenderScriptCut, "the crawler's cutoff or their own limit cut them"},
	ScriptBlocked: {finding.Warning, CodeRenderScriptBlocked, "robots.txt disallows them"},
	ScriptFailed:  {finding.Info, CodeRenderScriptFailed, "they failed (a parse error, an exception, a failed fetch)"},
}

// maxScriptsNamed is how many scripts a grouped finding names.
const maxScriptsNamed = 5

// scriptsFinding says which scripts did not run in the crawler's render
// for one kind of reason (why): one script's own reason, or one finding
// for them all that names the first few, the Rendered view listing each
// with its reason, so that a page of forty cut scripts reads one line.
func scriptsFinding(fs *findings, rd *Rendered, why string, scripts []RenderedScript) {
	if len(scripts) == 0 {
		return
	}
	w := scriptWhys[why]
	first := scripts[0]
	if len(scripts) == 1 {
		fs.addf(w.severity, w.code, scriptOffset(first), "%s did not run in %s: %s",
			capitalize(scriptLabel(first)), rd.RenderName(), lowerFirst(first.Reason))
		return
	}
	names := make([]string, len(scripts))
	for i, s := range scripts {
		names[i] = scriptLabel(s)
	}
	fs.addf(w.severity, w.code, scriptOffset(first),
		"%s scripts did not run in %s because %s: %s. The Rendered view lists each with its reason.",
		thousands(len(scripts)), rd.RenderName(), w.because, prose.List(names, maxScriptsNamed))
}

// scriptLabel names a script in a sentence: its URL, or "the inline
// script at byte N".
func scriptLabel(s RenderedScript) string {
	if s.Inline {
		return "the inline script at byte " + Bytes(s.Offset)
	}
	return s.URL
}

// jsDirectives says when JavaScript adds a noindex or sets a canonical in
// the crawler's render that the kept source bytes do not have.
func jsDirectives(fs *findings, rd *Rendered, crit []scan.Critical) {
	g := rd.Google
	if g == nil || g.Error != "" {
		return
	}
	srcNoindex, srcCanonical := false, ""
	for _, c := range crit {
		if c.BeyondCutoff {
			continue
		}
		switch {
		case c.Kind == scan.ElementMetaRobots && strings.Contains(strings.ToLower(c.Value), "noindex"):
			srcNoindex = true
		case c.Kind == scan.ElementCanonical && srcCanonical == "":
			srcCanonical = c.Value
		}
	}
	if !srcNoindex && (strings.Contains(strings.ToLower(g.MetaRobots), "noindex") || hasNoindex(g.MetaGooglebot)) {
		fs.addf(finding.Critical, CodeRenderJSNoindex, nil,
			"JavaScript adds a noindex in %s (robots: %q): the source bytes have none, the rendered page does.", rd.RenderName(), g.MetaRobots)
	}
	if g.Canonical != "" && srcCanonical == "" {
		fs.addf(finding.Warning, CodeRenderJSCanonical, nil,
			"JavaScript sets the canonical %s in %s; the source bytes the crawler kept have none.", g.Canonical, rd.RenderName())
	}
}

func hasNoindex(list []string) bool {
	for _, m := range list {
		if strings.Contains(strings.ToLower(m), "noindex") {
			return true
		}
	}
	return false
}

// renderNotes passes on how a render ended when that was not plain.
func renderNotes(fs *findings, rd *Rendered, pg *RenderedPage) {
	if pg == nil {
		return
	}
	if s := rd.FailureSentence(pg); s != "" {
		fs.addf(finding.Warning, CodeRenderFailed, nil, "%s", s)
	}
	for _, s := range rd.NoteSentences(pg) {
		fs.addf(finding.Info, CodeRenderNote, nil, "%s", s)
	}
}

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || len(s) > 1 && s[1] >= 'A' && s[1] <= 'Z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}
