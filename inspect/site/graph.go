package site

import (
	"encoding/binary"
	"hash/maphash"
	"sort"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// linkGraph counts, for every in-scope URL, the pages of the run that link
// to it before their cutoff and those that link to it only past it. It
// holds a target by a 64-bit hash of its URL, with its counts: about 40
// bytes per distinct target however long its URL, for at most
// maxGraphTargets targets (links to more are counted as skipped). A
// target's URL is kept only while every link to it lies past a cutoff (it
// may be reported as linked only past the cutoff), in one byte arena of at
// most maxOrphanNames bytes; beyond that such targets are counted, not
// named. Two URLs whose hashes collide (about one chance in 10^7 in a run
// of a million targets) would share their counts.
type linkGraph struct {
	seed     maphash.Seed
	in       map[uint64]inLinks
	names    []byte // URLs, each as its length (uvarint) and its bytes
	maxNames int    // maxOrphanNames, lower in tests
	maxIn    int    // maxGraphTargets, lower in tests
	skipped  int    // links to targets past maxIn
}

// inLinks are a target's counts; name and from are offsets in names plus
// one (0: not kept) of its URL and of one page linking to it past its
// cutoff.
type inLinks struct {
	kept, lost int32
	name, from uint32
}

// The graph's bounds: 32 MiB of URLs (some 300,000 of 100 bytes), and a
// million targets (some 40 MB), about a hundred new ones on each page of
// a 10,000-page crawl.
const (
	maxOrphanNames  = 32 << 20
	maxGraphTargets = 1_000_000
)

func newLinkGraph() *linkGraph {
	return &linkGraph{seed: maphash.MakeSeed(), in: map[uint64]inLinks{},
		maxNames: maxOrphanNames, maxIn: maxGraphTargets}
}

// entry returns the counts of target t and whether the graph holds it or
// has room for it.
func (g *linkGraph) entry(t string) (uint64, inLinks, bool) {
	h := maphash.String(g.seed, t)
	e, ok := g.in[h]
	if !ok && len(g.in) >= g.maxIn {
		g.skipped++
		return h, e, false
	}
	return h, e, true
}

// add records the links of page.
func (g *linkGraph) add(page string, kept, lostOnly []string) {
	for _, t := range kept {
		if t == page {
			continue
		}
		if h, e, ok := g.entry(t); ok {
			e.kept++
			g.in[h] = e
		}
	}
	var from uint32
	for _, t := range lostOnly {
		if t == page {
			continue
		}
		h, e, ok := g.entry(t)
		if !ok {
			continue
		}
		if e.lost++; e.kept == 0 && e.name == 0 {
			e.name = g.keep(t)
		}
		if e.from == 0 {
			if from == 0 {
				from = g.keep(page)
			}
			e.from = from
		}
		g.in[h] = e
	}
}

// keep appends s to names and returns its offset plus one, or 0 when names
// is full.
func (g *linkGraph) keep(s string) uint32 {
	if len(g.names)+binary.MaxVarintLen64+len(s) > g.maxNames {
		return 0
	}
	at := len(g.names)
	g.names = binary.AppendUvarint(g.names, uint64(len(s)))
	g.names = append(g.names, s...)
	return uint32(at) + 1
}

// name is the URL kept at offset at (plus one), "" for 0.
func (g *linkGraph) name(at uint32) string {
	if at == 0 {
		return ""
	}
	n, w := binary.Uvarint(g.names[at-1:])
	start := int(at-1) + w
	return string(g.names[start : start+int(n)])
}

// size is the bytes the graph holds: its entries and its names.
func (g *linkGraph) size() int {
	const entry = 8 + 16 // key and value; the map adds its slack
	return len(g.in)*entry + cap(g.names)
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
// for which keep says yes, and counts those it cannot name (see
// maxOrphanNames).
func (g *linkGraph) orphans(keep func(string) bool) (named []Orphan, unnamed int) {
	named = []Orphan{}
	for _, e := range g.in {
		if e.kept != 0 || e.lost == 0 {
			continue
		}
		if e.name == 0 {
			unnamed++
			continue
		}
		if u := g.name(e.name); keep(u) {
			named = append(named, Orphan{URL: u, Pages: int(e.lost), From: g.name(e.from)})
		}
	}
	sort.Slice(named, func(i, j int) bool { return named[i].URL < named[j].URL })
	return named, unnamed
}

// notes are the sentences that say what the graph's bounds left out:
// unnamed orphans (see orphans) and links to targets it had no room for.
func (g *linkGraph) notes(unnamed int) []string {
	var out []string
	if unnamed > 0 {
		out = append(out, i18n.T("site.note-orphans-unnamed", "Count", unnamed, "Bytes", g.maxNames))
	}
	if g.skipped > 0 {
		out = append(out, i18n.T("site.note-graph-full", "Max", g.maxIn, "Count", g.skipped))
	}
	return out
}
