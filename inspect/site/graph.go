package site

import "sort"

// linkGraph counts, for every in-scope URL, the pages of the run that link
// to it before their cutoff and those that link to it only past it. It
// holds one small entry per distinct link target, not the pages' bodies.
type linkGraph struct {
	in map[string]*inLinks
}

type inLinks struct {
	kept, lost int32
	from       string // one page linking to it past its cutoff
}

func newLinkGraph() *linkGraph { return &linkGraph{in: map[string]*inLinks{}} }

// add records the links of page.
func (g *linkGraph) add(page string, kept, lostOnly []string) {
	for _, t := range kept {
		if t != page {
			g.entry(t).kept++
		}
	}
	for _, t := range lostOnly {
		if t == page {
			continue
		}
		e := g.entry(t)
		if e.lost++; e.from == "" {
			e.from = page
		}
	}
}

func (g *linkGraph) entry(t string) *inLinks {
	e := g.in[t]
	if e == nil {
		e = &inLinks{}
		g.in[t] = e
	}
	return e
}

// Orphan is a URL that the run's pages link to only past their cutoff: the
// crawler does not discover it from them.
type Orphan struct {
	URL string `json:"url"`
	// Pages counts the pages linking to it past their cutoff; From is one.
	Pages int    `json:"pages"`
	From  string `json:"from"`
}

// orphans lists, sorted by URL, the targets linked only past the cutoff
// for which keep says yes.
func (g *linkGraph) orphans(keep func(string) bool) []Orphan {
	out := []Orphan{}
	for u, e := range g.in {
		if e.kept == 0 && e.lost > 0 && keep(u) {
			out = append(out, Orphan{URL: u, Pages: int(e.lost), From: e.from})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].URL < out[j].URL })
	return out
}
