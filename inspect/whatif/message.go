package whatif

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// message states an advice: what moving moved[k] of the total[k] elements
// of each kind does, by the simulation's result r. It never calls a fix
// enough unless r keeps what the base lost, nor short of it when r does.
func (p *Plan) message(moved, total [numKinds]int, r Result) string {
	msg := p.outcome(moved, total, r)
	if size := int64(len(p.page.Body)); p.Scope < size {
		msg = i18n.T("whatif.within-scope", "Advice", msg, "Scope", p.Scope, "Size", size)
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
	for _, c := range []struct {
		id    string
		kinds []string
	}{{"still-lost", still}, {"missing", gone}, {"newly-lost", newly}} {
		if len(c.kinds) > 0 {
			after = append(after, i18n.T("whatif."+c.id+p.number(c.kinds), "Elements", p.elements(c.kinds)))
		}
	}
	act := actions(moved, total)
	then := strings.Join(after, i18n.T("whatif.clause-separator"))
	switch {
	case len(rescued) == 0:
		return i18n.T("whatif.not-enough", "Act", act, "After", then)
	case r.CutoffOffset == nil && len(after) == 0:
		return i18n.T("whatif.keeps-nothing-cut", "Act", act, "Kept", p.elements(rescued), "Bytes", r.BodyBytes)
	case len(after) > 0:
		return i18n.T("whatif.keeps-but", "Act", act, "Kept", p.elements(rescued), "After", then)
	}
	return i18n.T("whatif.keeps", "Act", act, "Kept", p.elements(rescued))
}

// number is the grammatical number of the elements of kinds, as the
// suffix of the messages that agree with it: "-one" for one element,
// "-many" else.
func (p *Plan) number(kinds []string) string {
	if len(kinds) == 1 && p.count(kinds[0]) == 1 {
		return "-one"
	}
	return "-many"
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

// elementIDs are the catalog names of the critical element kinds:
// "whatif.the-element-ID" names the one element of a kind,
// "whatif.the-elements-ID" all of several.
var elementIDs = map[string]string{
	"title": "title", "meta-description": "meta-description", "meta-robots": "meta-robots",
	"canonical": "canonical", "hreflang": "hreflang", "json-ld": "json-ld",
	"h1": "h1", "main": "main", "head-end": "head-end", "last-internal-link": "last-internal-link",
}

// elements names critical kinds in a sentence: "the canonical link, the
// JSON-LD blocks and the h1 heading". A kind the catalog does not name is
// named by the page's Label.
func (p *Plan) elements(kinds []string) string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		id, ok := elementIDs[k]
		switch {
		case !ok:
			names[i] = p.page.Label(k)
		case p.count(k) > 1:
			names[i] = i18n.T("whatif.the-elements-" + id)
		default:
			names[i] = i18n.T("whatif.the-element-" + id)
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
		clauses = append(clauses, i18n.T("whatif.act-move-out", "Elements", joinAnd(out)))
	}
	for _, v := range []struct {
		kind Kind
		act  string
	}{
		{StyleAttributes, "move-to-classes"},
		{DataURIs, "serve-as-files"},
		{Comments, "remove"},
		{Whitespace, "collapse"},
	} {
		if moved[v.kind] > 0 {
			clauses = append(clauses, i18n.T("whatif.act-"+v.act, "Elements", counted(v.kind, moved[v.kind], total[v.kind])))
		}
	}
	return prose.Capitalize(joinAnd(clauses))
}

// counted names n of the total elements of kind k: "the 4 <style>
// elements" when n is all of them, "11 of the 20 inline scripts" else.
func counted(k Kind, n, total int) string {
	name := kindNames[k]
	switch {
	case n >= total && n == 1:
		return i18n.T("whatif.the-one-" + name)
	case n >= total:
		return i18n.T("whatif.all-"+name, "Count", n)
	}
	return i18n.T("whatif.some-"+name, "Moved", n, "Count", total)
}

// nouns names one element of kind k, and several.
func nouns(k Kind) (one, many string) {
	name := kindNames[min(k, Whitespace)]
	return i18n.T("whatif.noun-one-" + name), i18n.T("whatif.noun-many-" + name)
}

// joinAnd joins items as a list in a sentence, the language's way: "a",
// "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return i18n.T("whatif.list-and", "Most", strings.Join(items[:len(items)-1], i18n.T("whatif.list-comma")),
		"Last", items[len(items)-1])
}

// errOutOfRange says that index i names no element of a plan of n.
func errOutOfRange(i, n int) error {
	return errors.New(i18n.T("whatif.element-out-of-range", "Index", raw(int64(i)), "Count", raw(int64(n))))
}

// raw writes n in plain digits, as an error about offsets quotes them.
func raw(n int64) string { return strconv.FormatInt(n, 10) }
