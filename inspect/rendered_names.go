package inspect

import "github.com/cutoffapp/cutoff/internal/prose"

// NoteSentences are a render's notes as sentences that say which render
// they are about, naming the profile's crawler: "In Bingbot's render of the
// kept bytes, the page made more requests than the render's cap."
func (rd *Rendered) NoteSentences(p *RenderedPage) []string {
	out := make([]string, 0, len(p.Notes))
	for _, n := range p.Notes {
		out = append(out, "In "+rd.PageName(p)+", "+lowerFirst(n))
	}
	return out
}

// FailureSentence says that a render failed and why, "" when it ran.
func (rd *Rendered) FailureSentence(p *RenderedPage) string {
	if p.Error == "" {
		return ""
	}
	return prose.Capitalize(rd.PageName(p)) + " failed: " + p.Error
}
