package inspect

import (
	"sort"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
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
	fs := &findings{crawler: rd.CrawlerName(), perCode: map[string]int{}}
	if rd.Error != "" {
		fs.add(finding.Warning, CodeRenderFailed, nil, "render-failed", "Error", rd.Error)
		return fs.list
	}
	for _, l := range rd.Lost {
		lostFinding(fs, l)
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
		scriptsFinding(fs, why, notRun[why])
	}
	uncheckedScripts(fs, unchecked)
	jsDirectives(fs, rd, crit)
	for _, pg := range []*RenderedPage{rd.Google, rd.Full} {
		renderNotes(fs, rd, pg)
	}
	fs.summarizeCapped()
	return fs.list
}

// lostMessage is the finding one kind of lost item gives: its
// severity, code and message (in the findings area), which takes the
// item's value as Value (quoted when quote is set) and the crawler's name.
type lostMessage struct {
	severity, code, id string
	quote              bool
}

// lostMessages are the findings per kind of lost item: the first when the
// full render has it and the crawler's does not, the second (when the
// kind has one) when only the crawler's render has it.
var lostMessages = map[string][2]lostMessage{
	LostLink:   {{finding.Warning, CodeRenderLinkLost, "render-link-lost", false}},
	LostJSONLD: {{finding.Critical, CodeRenderJSONLDLost, "render-jsonld-lost", false}},
	LostCanonical: {
		{finding.Critical, CodeRenderCanonicalLost, "render-canonical-lost", false},
		{finding.Warning, CodeRenderCanonicalOnlyGoog, "render-canonical-only-google", false}},
	LostNoindex: {
		{finding.Warning, CodeRenderNoindexLost, "render-noindex-lost", false},
		{finding.Critical, CodeRenderNoindexOnlyGoog, "render-noindex-only-google", false}},
	LostTitle:    {{finding.Critical, CodeRenderTitleLost, "render-title-lost", true}},
	LostH1:       {{finding.Warning, CodeRenderH1Lost, "render-h1-lost", true}},
	LostHreflang: {{finding.Warning, CodeRenderHreflangLost, "render-hreflang-lost", false}},
	LostText:     {{finding.Warning, CodeRenderTextLost, "render-text-lost", false}},
}

// lostFinding says what losing one item costs the crawler.
func lostFinding(fs *findings, l RenderedLost) {
	m, ok := lostMessages[l.Kind]
	if !ok {
		return
	}
	msg := m[0]
	if l.Only == "google" && m[1].code != "" {
		msg = m[1]
	}
	value := l.Value
	if msg.quote {
		value = strconv.Quote(value)
	}
	fs.add(msg.severity, msg.code, l.Offset, msg.id, "Value", value)
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
// severity and code, and the message (in the findings area) that says why
// several scripts did not run.
var scriptWhys = map[string]struct{ severity, code, id string }{
	ScriptCut:     {finding.Warning, CodeRenderScriptCut, "scripts-not-run-cut"},
	ScriptBlocked: {finding.Warning, CodeRenderScriptBlocked, "scripts-not-run-blocked"},
	ScriptFailed:  {finding.Info, CodeRenderScriptFailed, "scripts-not-run-failed"},
}

// maxScriptsNamed is how many scripts a grouped finding names.
const maxScriptsNamed = 5

// scriptsFinding says which scripts did not run in the crawler's render
// for one kind of reason (why): one script's own reason, or one finding
// for them all that names the first few, the Rendered view listing each
// with its reason, so that a page of forty cut scripts reads one line.
func scriptsFinding(fs *findings, why string, scripts []RenderedScript) {
	if len(scripts) == 0 {
		return
	}
	w := scriptWhys[why]
	first := scripts[0]
	if len(scripts) == 1 {
		if first.Inline {
			fs.addSentence(w.severity, w.code, scriptOffset(first), "inline-script-not-run",
				"Offset", first.Offset, "Reason", lowerFirst(first.Reason))
			return
		}
		fs.addSentence(w.severity, w.code, scriptOffset(first), "script-not-run",
			"URL", first.URL, "Reason", lowerFirst(first.Reason))
		return
	}
	names := make([]string, len(scripts))
	for i, s := range scripts {
		names[i] = scriptLabel(s)
	}
	fs.add(w.severity, w.code, scriptOffset(first), w.id, "Count", len(scripts), "Scripts", resources.ListAtMost(names, maxScriptsNamed))
}

// scriptLabel names a script in a list: its URL, or "the inline script at
// byte N".
func scriptLabel(s RenderedScript) string {
	if s.Inline {
		return i18n.T("findings.inline-script-at", "Offset", s.Offset)
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
		fs.add(finding.Critical, CodeRenderJSNoindex, nil, "render-js-noindex", "Robots", strconv.Quote(g.MetaRobots))
	}
	if g.Canonical != "" && srcCanonical == "" {
		fs.add(finding.Warning, CodeRenderJSCanonical, nil, "render-js-canonical", "Canonical", g.Canonical)
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
		fs.addMessage(finding.Warning, CodeRenderFailed, nil, s)
	}
	for _, s := range rd.NoteSentences(pg) {
		fs.addMessage(finding.Info, CodeRenderNote, nil, s)
	}
}

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || len(s) > 1 && s[1] >= 'A' && s[1] <= 'Z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}
