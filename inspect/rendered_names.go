package inspect

import "github.com/cutoffapp/cutoff/internal/prose"

// Name is the render as every view names it in a sentence, after the
// captions of its screenshot: "the render of the kept bytes" (what the
// crawler kept of the page) or "the render of the whole page".
func (p *RenderedPage) Name() string {
	if p.Mode == "google" {
		return "the render of the kept bytes"
	}
	return "the render of the whole page"
}

// NoteSentences are the render's notes as sentences that say which render
// they are about: "In the render of the whole page, 727 more requests
// were made than the list of requests shows: it stops at 400."
func (p *RenderedPage) NoteSentences() []string {
	out := make([]string, 0, len(p.Notes))
	for _, n := range p.Notes {
		out = append(out, "In "+p.Name()+", "+lowerFirst(n))
	}
	return out
}

// FailureSentence says that the render failed and why, "" when it ran.
func (p *RenderedPage) FailureSentence() string {
	if p.Error == "" {
		return ""
	}
	return prose.Capitalize(p.Name()) + " failed: " + p.Error
}
