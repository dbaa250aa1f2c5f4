package inspect

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
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
		fs.add(finding.Warning, CodeRenderFailed, nil, "The page could not be rendered: %s", rd.Error)
		return fs.list
	}
	for _, l := range rd.Lost {
		lostFinding(fs, l)
	}
	var unchecked []RenderedScript
	for _, s := range rd.Scripts {
		if !s.Ran && s.RobotsUnchecked {
			unchecked = append(unchecked, s)
			continue
		}
		scriptFinding(fs, s)
	}
	uncheckedScripts(fs, unchecked)
	jsDirectives(fs, rd.Google, crit)
	for _, pg := range []*RenderedPage{rd.Google, rd.Full} {
		renderNotes(fs, pg)
	}
	fs.summarizeCapped()
	return fs.list
}

// lostMessage is the finding one kind of lost item gives; its format
// takes the item's value.
type lostMessage struct{ severity, code, format string }

// lostMessages are the findings per kind of lost item: the first when the
// full render has it and Google's does not, the second (when the kind has
// one) when only Google's render has it.
var lostMessages = map[string][2]lostMessage{
	LostLink: {{finding.Warning, CodeRenderLinkLost,
		"The link to %s exists only when the whole page is rendered: Google's renderer never sees it."}},
	LostJSONLD: {{finding.Critical, CodeRenderJSONLDLost,
		"The JSON-LD block of type %s is in the full render but missing or invalid in Google's: its structured data is lost."}},
	LostCanonical: {
		{finding.Critical, CodeRenderCanonicalLost,
			"The full render's canonical %s is not what Google's render ends up with: Google does not get it."},
		{finding.Warning, CodeRenderCanonicalOnlyGoog,
			"Only Google's render has the canonical %s; the full page drops or changes it."}},
	LostNoindex: {
		{finding.Warning, CodeRenderNoindexLost,
			"The full render has a noindex (%s) that Google's render never gets: Google may index the page."},
		{finding.Critical, CodeRenderNoindexOnlyGoog,
			"Google's render has a noindex (%s) that the full page does not: the page would drop out of the index."}},
	LostTitle:    {{finding.Critical, CodeRenderTitleLost, "The rendered title %q appears only in the full render."}},
	LostH1:       {{finding.Warning, CodeRenderH1Lost, "The heading %q appears only in the full render."}},
	LostHreflang: {{finding.Warning, CodeRenderHreflangLost, "The hreflang link %s appears only in the full render."}},
	LostText:     {{finding.Warning, CodeRenderTextLost, "Google's render has %s less than the full render."}},
}

// lostFinding says what losing one item costs.
func lostFinding(fs *findings, l RenderedLost) {
	m, ok := lostMessages[l.Kind]
	if !ok {
		return
	}
	msg := m[0]
	if l.Only == "google" && m[1].code != "" {
		msg = m[1]
	}
	fs.add(msg.severity, msg.code, l.Offset, msg.format, l.Value)
}

// scriptOffset is where a script's element stands in the body, nil when
// the analysis did not place it.
func scriptOffset(s RenderedScript) *int64 {
	if s.Offset < 0 {
		return nil
	}
	return offsetPtr(s.Offset)
}

// scriptFinding says why a script did not run in Google's render.
func scriptFinding(fs *findings, s RenderedScript) {
	if s.Ran {
		return
	}
	off := scriptOffset(s)
	name := s.URL
	if s.Inline {
		name = fmt.Sprintf("The inline script at byte %s", Bytes(s.Offset))
	}
	switch s.Why {
	case ScriptCut:
		fs.add(finding.Warning, CodeRenderScriptCut, off, "%s did not run in Google's render: %s", name, lowerFirst(s.Reason))
	case ScriptBlocked:
		fs.add(finding.Warning, CodeRenderScriptBlocked, off, "%s did not run in Google's render: %s", name, lowerFirst(s.Reason))
	default:
		fs.add(finding.Info, CodeRenderScriptFailed, off, "%s did not run in Google's render: %s", name, lowerFirst(s.Reason))
	}
}

// jsDirectives says when JavaScript adds a noindex or sets a canonical in
// Google's render that the kept source bytes do not have.
func jsDirectives(fs *findings, g *RenderedPage, crit []scan.Critical) {
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
		fs.add(finding.Critical, CodeRenderJSNoindex, nil,
			"JavaScript adds a noindex in Google's render (robots: %q): the source bytes have none, the rendered page does.", g.MetaRobots)
	}
	if g.Canonical != "" && srcCanonical == "" {
		fs.add(finding.Warning, CodeRenderJSCanonical, nil,
			"JavaScript sets the canonical %s in Google's render; the source bytes the crawler kept have none.", g.Canonical)
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
func renderNotes(fs *findings, pg *RenderedPage) {
	if pg == nil {
		return
	}
	if s := pg.FailureSentence(); s != "" {
		fs.add(finding.Warning, CodeRenderFailed, nil, "%s", s)
	}
	for _, s := range pg.NoteSentences() {
		fs.add(finding.Info, CodeRenderNote, nil, "%s", s)
	}
}

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || len(s) > 1 && s[1] >= 'A' && s[1] <= 'Z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}
