package robots

import (
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// AISpecs makes one column per AI crawler or control token of
// fetch.AITokens, each token evaluated on its own the way its vendor reads
// robots.txt (its own group, else "*"). Control and retired tokens carry a
// note, so a verdict for a token no crawler sends is not read as a fetch.
func AISpecs() []AgentSpec {
	toks := fetch.AITokens()
	specs := make([]AgentSpec, len(toks))
	for i, t := range toks {
		specs[i] = AgentSpec{Label: strings.ToLower(t.Token), Tokens: []string{strings.ToLower(t.Token)}}
		specs[i].Note = aiNote(t)
	}
	return specs
}

// aiNote says, in the language in use, what a token no crawler fetches
// with is: "Google-Extended: control token (fetches nothing)", "anthropic-ai:
// retired (now ClaudeBot, …)"; "" for a token a crawler fetches with.
func aiNote(t fetch.AIToken) string {
	switch {
	case t.Fetches:
		return ""
	case t.ReplacedBy != "":
		return i18n.T("robots.ai-note-retired", "Token", t.Token, "ReplacedBy", t.ReplacedBy)
	}
	return i18n.T("robots.ai-note-control", "Token", t.Token)
}

// Sitemaps returns the sitemap URLs the outcome's robots.txt lists, in file
// order, or nil when no file was parsed (site mode starts from them).
func (o *Outcome) Sitemaps() []string {
	if o == nil || o.Policy != PolicyParsed || o.File == nil {
		return nil
	}
	return append([]string(nil), o.File.Sitemaps...)
}
