package inspect

import (
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// RenderName names the google render in a sentence: "Bingbot's render".
func (rd *Rendered) RenderName() string {
	return i18n.T("findings.render-name", "Crawler", rd.CrawlerName())
}

// PageName names one of the two renders in a sentence: "Bingbot's
// render of the kept bytes" or "the render of the whole page".
func (rd *Rendered) PageName(pg *RenderedPage) string {
	if pg != nil && pg.Mode == "full" {
		return i18n.T("findings.render-full-name")
	}
	return i18n.T("findings.render-kept-name", "Crawler", rd.CrawlerName())
}

// NoteSentences are a render's notes as sentences that say which render
// they are about, naming the profile's crawler: "In Bingbot's render of the
// kept bytes, the page made more requests than the render's cap."
func (rd *Rendered) NoteSentences(p *RenderedPage) []string {
	out := make([]string, 0, len(p.Notes))
	for _, n := range p.Notes {
		if p.Mode == "full" {
			out = append(out, i18n.T("findings.note-in-full", "Note", lowerFirst(n)))
			continue
		}
		out = append(out, i18n.T("findings.note-in-kept", "Crawler", rd.CrawlerName(), "Note", lowerFirst(n)))
	}
	return out
}

// FailureSentence says that a render failed and why, "" when it ran.
func (rd *Rendered) FailureSentence(p *RenderedPage) string {
	switch {
	case p.Error == "":
		return ""
	case p.Mode == "full":
		return i18n.T("findings.render-full-failed", "Error", p.Error)
	}
	return prose.Capitalize(i18n.T("findings.render-kept-failed", "Crawler", rd.CrawlerName(), "Error", p.Error))
}
