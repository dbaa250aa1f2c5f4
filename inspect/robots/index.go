package robots

import (
	"iter"
	"slices"
	"strings"
)

// indexMinRules is the group size from which rules are indexed by literal
// prefix; smaller groups are scanned, which is faster for them.
const indexMinRules = 64

// ruleIndex finds the rules of a large group that can match a path without
// testing them all: a rule whose pattern starts with a literal prefix can
// only match paths that start with that prefix.
type ruleIndex struct {
	byPrefix map[string][]int // literal prefix -> positions in Group.Rules
	always   []int            // positions of rules to test for every path
}

// buildIndex indexes the rules of g when there are enough of them.
func (f *File) buildIndex(g *Group) {
	if len(g.Rules) < indexMinRules {
		return
	}
	ix := &ruleIndex{byPrefix: make(map[string][]int)}
	for pos, li := range g.Rules {
		// Every path starts with "/", so that prefix filters nothing.
		key := indexKey(&f.Lines[li])
		if key == "" || key == "/" {
			ix.always = append(ix.always, pos)
			continue
		}
		ix.byPrefix[key] = append(ix.byPrefix[key], pos)
	}
	g.index = ix
}

// indexKey is the literal prefix every path a rule can match starts with:
// the pattern up to its first '*' (or its end '$'), shortened for an allow
// rule to the directory Google derives from index.htm(l). "" means the rule
// must be tested for every path.
func indexKey(ln *Line) string {
	p := ln.Pattern
	if i := strings.IndexByte(p, '*'); i >= 0 {
		p = p[:i]
	} else {
		p = strings.TrimSuffix(p, "$")
	}
	if ln.Kind == KindAllow {
		if dir, ok := indexDirectory(ln.Pattern); ok {
			dir = strings.TrimSuffix(dir, "$")
			if len(dir) < len(p) {
				p = dir
			}
		}
	}
	return p
}

// prefixed returns, sorted, the positions of the rules whose literal
// prefix is a prefix of path.
func (ix *ruleIndex) prefixed(path string) []int {
	var out []int
	for l := 1; l <= len(path); l++ {
		out = append(out, ix.byPrefix[path[:l]]...)
	}
	slices.Sort(out)
	return out
}

// ruleLines yields the indices in File.Lines of the group's rules that may
// match path, in file order: every rule of a small group; for an indexed
// group, the rules to test always merged with those whose prefix fits.
func (g *Group) ruleLines(path string) iter.Seq[int] {
	return func(yield func(int) bool) {
		if g.index == nil {
			for _, li := range g.Rules {
				if !yield(li) {
					return
				}
			}
			return
		}
		always, fits := g.index.always, g.index.prefixed(path)
		for len(always) > 0 || len(fits) > 0 {
			var pos int
			if len(fits) == 0 || (len(always) > 0 && always[0] < fits[0]) {
				pos, always = always[0], always[1:]
			} else {
				pos, fits = fits[0], fits[1:]
			}
			if !yield(g.Rules[pos]) {
				return
			}
		}
	}
}
