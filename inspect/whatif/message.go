package whatif

import (
	"slices"
	"strings"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// message states an advice: what moving moved[k] of the total[k] elements
// of each kind does, by the simulation's result r. It never calls a fix
// enough unless r keeps what the base lost, nor short of it when r does.
func (p *Plan) message(moved, total [numKinds]int, r Result) string {
	msg := p.outcome(moved, total, r)
	if size := int64(len(p.page.Body)); p.Scope < size {
		msg += " (What to move was looked for in the first " + prose.Thousands(p.Scope) + " bytes of the " +
			prose.Thousands(size) + "-byte body.)"
	}
	return msg
}

// outcome is message without the note on the scope.
func (p *Plan) outcome(moved, total [numKinds]int, r Result) string {
	base := p.base
	var rescued, still, gone, newly []string
	for _, k := range base.Lost {
		switch {
		case slices.Contains(r.Kept, k):
			rescued = append(rescued, k)
		case slices.Contains(r.Lost, k):
			still = append(still, k)
		default:
			gone = append(gone, k) // the edit changed how the page parses
		}
	}
	for _, k := range r.Lost {
		if !slices.Contains(base.Lost, k) {
			newly = append(newly, k)
		}
	}
	var after []string
	if len(still) > 0 {
		after = append(after, p.elements(still)+" "+isAre(p, still)+" still past the cutoff")
	}
	if len(gone) > 0 {
		after = append(after, p.elements(gone)+" "+isAre(p, gone)+" then missing from the page")
	}
	if len(newly) > 0 {
		after = append(after, p.elements(newly)+", kept today, "+isAre(p, newly)+" then past the cutoff")
	}
	act := actions(moved, total)
	switch {
	case len(rescued) == 0:
		return act + " is not enough: " + strings.Join(after, "; ") + "."
	case r.CutoffOffset == nil && len(after) == 0:
		return act + " keeps " + p.elements(rescued) + ": the body is then " + prose.Thousands(r.BodyBytes) +
			" bytes, and nothing is cut."
	case len(after) > 0:
		return act + " keeps " + p.elements(rescued) + "; " + strings.Join(after, "; ") + "."
	}
	return act + " keeps " + p.elements(rescued) + "."
}

// isAre is the verb agreeing with the elements of kinds.
func isAre(p *Plan, kinds []string) string {
	if len(kinds) == 1 && p.count(kinds[0]) == 1 {
		return "is"
	}
	return "are"
}

// count is how many elements of a critical kind decide whether it is kept.
func (p *Plan) count(kind string) int {
	n := 0
	for i := range p.page.Critical {
		if c := &p.page.Critical[i]; c.Kind == kind && counts(c) {
			n++
		}
	}
	return n
}

// elements names critical kinds in a sentence: "the canonical link, the
// JSON-LD blocks and the h1 heading".
func (p *Plan) elements(kinds []string) string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = "the " + p.page.Label(k)
		if p.count(k) > 1 {
			names[i] += "s"
		}
	}
	return joinAnd(names)
}

// actions says what the moves do, one clause per verb: "Moving the 4
// <style> elements and 11 of the 20 inline scripts out, serving 3 data:
// URIs as files and removing the 12 HTML comments".
func actions(moved, total [numKinds]int) string {
	var clauses, out []string
	for _, k := range []Kind{Styles, Scripts} {
		if moved[k] > 0 {
			out = append(out, counted(k, moved[k], total[k]))
		}
	}
	if len(out) > 0 {
		clauses = append(clauses, "moving "+joinAnd(out)+" out")
	}
	for _, v := range []struct {
		kind       Kind
		verb, tail string
	}{
		{StyleAttributes, "moving ", " to classes"},
		{DataURIs, "serving ", " as files"},
		{Comments, "removing ", ""},
		{Whitespace, "collapsing ", ""},
	} {
		if moved[v.kind] > 0 {
			clauses = append(clauses, v.verb+counted(v.kind, moved[v.kind], total[v.kind])+v.tail)
		}
	}
	s := joinAnd(clauses)
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// counted names n of the total elements of kind k: "the 4 <style>
// elements" when n is all of them, "11 of the 20 inline scripts" else.
func counted(k Kind, n, total int) string {
	one, many := nouns(k)
	switch {
	case n >= total && n == 1:
		return "the " + one
	case n >= total:
		return "the " + prose.Thousands(int64(n)) + " " + many
	}
	return prose.Thousands(int64(n)) + " of the " + prose.Thousands(int64(total)) + " " + many
}

// nouns names one element of kind k, and several.
func nouns(k Kind) (one, many string) {
	switch k {
	case Styles:
		return "<style> element", "<style> elements"
	case Scripts:
		return "inline script", "inline scripts"
	case StyleAttributes:
		return "style attribute", "style attributes"
	case DataURIs:
		return "data: URI", "data: URIs"
	case Comments:
		return "HTML comment", "HTML comments"
	}
	return "run of white space", "runs of white space"
}

// joinAnd joins items as a list in a sentence: "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
