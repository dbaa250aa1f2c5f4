package robots

import (
	"fmt"
	"strconv"
	"strings"
)

// selection is the set of groups that decides a verdict, and why.
type selection struct {
	groups []int  // indices in File.Groups, file order
	token  string // token whose groups these are, "*", or "" for none
	phrase string // "the group for googlebot", "the * group"
	note   string // why these groups when the choice was not direct
	none   string // when groups is empty: why no group applies
	trace  []string
}

// Selection modes.
const (
	modeChain = 'c' // the first token a group names, then "*"
	modeAny   = 'a' // every token's groups merged, then "*"
)

// selection returns the groups that apply to a crawler, computed once per
// mode, token list and ignoreStar, then shared: every URL checked for the
// same crawler gets the same groups and the same explanation.
func (f *File) selection(mode byte, tokens []string, ignoreStar bool) selection {
	if f.selections == nil {
		return f.selectFresh(mode, tokens, ignoreStar)
	}
	key := selectionKey(mode, tokens, ignoreStar)
	if sel, ok := f.selections.Load(key); ok {
		return sel.(selection)
	}
	sel := f.selectFresh(mode, tokens, ignoreStar)
	f.selections.Store(key, sel)
	return sel
}

// selectionKey encodes a selection request unambiguously: each token is
// length-prefixed, so no token content can imitate another list.
func selectionKey(mode byte, tokens []string, ignoreStar bool) string {
	var b strings.Builder
	b.WriteByte(mode)
	if ignoreStar {
		b.WriteByte('!')
	}
	for _, t := range tokens {
		b.WriteString(strconv.Itoa(len(t)))
		b.WriteByte(':')
		b.WriteString(t)
	}
	return b.String()
}

func (f *File) selectFresh(mode byte, tokens []string, ignoreStar bool) selection {
	if mode == modeAny {
		return f.selectAny(tokens)
	}
	return f.selectChain(tokens, ignoreStar)
}

// selectChain picks the groups of the first token some group names, else
// "*" unless ignoreStar.
func (f *File) selectChain(tokens []string, ignoreStar bool) selection {
	var trace []string
	for i, t := range tokens {
		gs := f.groupsFor(t)
		if len(gs) == 0 {
			trace = append(trace, "No group names "+tokenName(t)+".")
			continue
		}
		sel := selection{groups: gs, token: t, phrase: "the group for " + tokenName(t)}
		sel.trace = append(trace, f.groupTrace(tokenName(t), gs))
		if i > 0 {
			sel.note = orList(tokens[:i]) + " has no group of its own, so the crawler falls back to the group for " + tokenName(t)
		}
		sel.trace = append(sel.trace, f.starIgnoredTrace("a group names "+tokenName(t)+" and a specific group is never merged with *")...)
		return sel
	}
	return f.selectStar(orList(tokens), ignoreStar, trace)
}

// selectAny picks the groups naming any of the tokens, else "*".
func (f *File) selectAny(tokens []string) selection {
	gs := f.groupsFor(tokens...)
	if len(gs) == 0 {
		return f.selectStar(orList(tokens), false, []string{"No group names " + orList(tokens) + "."})
	}
	var named []string
	for _, t := range tokens {
		if len(f.groupsFor(t)) > 0 {
			named = append(named, t)
		}
	}
	sel := selection{groups: gs, token: strings.Join(named, ","), phrase: "the groups for " + orList(named)}
	sel.trace = append(sel.trace, f.groupTrace(orList(named), gs))
	sel.trace = append(sel.trace, f.starIgnoredTrace("a group names "+orList(named))...)
	return sel
}

// selectStar picks the "*" group when no specific group applies.
func (f *File) selectStar(names string, ignoreStar bool, trace []string) selection {
	switch {
	case ignoreStar:
		sel := selection{none: "no group names " + names + " and this crawler ignores the * group", trace: trace}
		sel.trace = append(sel.trace, f.starIgnoredTrace("this crawler obeys only groups that name it")...)
		return sel
	case len(f.star) == 0:
		return selection{none: "no group names " + names + " and there is no * group", trace: trace}
	}
	sel := selection{groups: f.star, token: "*", phrase: "the * group", trace: trace}
	sel.note = "no group names " + names + ", so the * group applies"
	sel.trace = append(sel.trace, f.groupTrace("*", f.star))
	return sel
}

// groupTrace describes the groups found for a name.
func (f *File) groupTrace(name string, gs []int) string {
	if name == "*" {
		name = "the * group"
	} else {
		name = "the group for " + name
	}
	if len(gs) == 1 {
		return fmt.Sprintf("Using %s at line %d.", name, f.Groups[gs[0]].FirstLine())
	}
	return fmt.Sprintf("Using %s, written %d times (lines %s): Google merges them into one.", name, len(gs), f.groupLines(gs))
}

// starIgnoredTrace says the "*" group exists but is not used, if it exists.
func (f *File) starIgnoredTrace(why string) []string {
	if len(f.star) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("The * group at line %s is not used: %s.", f.groupLines(f.star), why)}
}

func (f *File) groupLines(gs []int) string {
	parts := make([]string, 0, min(len(gs), maxListed))
	for _, g := range gs[:min(len(gs), maxListed)] {
		parts = append(parts, strconv.Itoa(f.Groups[g].FirstLine()))
	}
	if len(gs) > maxListed {
		parts = append(parts, fmt.Sprintf("and %d more", len(gs)-maxListed))
	}
	return strings.Join(parts, ", ")
}

// reason writes the one-sentence explanation of a verdict.
func reason(v *Verdict, sel selection, d decision) string {
	if len(sel.groups) == 0 {
		return "Allowed: " + sel.none + ", so nothing is blocked."
	}
	note := ""
	if sel.note != "" {
		note = "; " + sel.note
	}
	if d.win < 0 {
		return "Allowed: no rule in " + sel.phrase + " matches " + quote(v.Path) + emptyNote(d) + note + "."
	}
	w := d.matches[d.win]
	if d.tie {
		l := tiedDisallow(d)
		return fmt.Sprintf("Allowed: line %d %s and line %d %s both match %s with length %d in %s, and allow wins ties%s.",
			w.Line, quote(w.Rule), l.Line, quote(l.Rule), quote(v.Path), w.Priority, sel.phrase, note)
	}
	word := "Allowed"
	if !d.allowed {
		word = "Disallowed"
	}
	if n := countDeciding(d); n > 1 {
		return fmt.Sprintf("%s: line %d %s is the longest of the %d rules in %s that match %s%s.",
			word, w.Line, quote(w.Rule), n, sel.phrase, quote(v.Path), note)
	}
	return fmt.Sprintf("%s: line %d %s is the only rule in %s that matches %s%s.",
		word, w.Line, quote(w.Rule), sel.phrase, quote(v.Path), note)
}

// emptyNote mentions empty rules that matched and were ignored.
func emptyNote(d decision) string {
	for _, m := range d.matches {
		if m.Priority == 0 {
			return " (rules with an empty path are ignored)"
		}
	}
	return ""
}

// tiedDisallow returns the first disallow as long as the winning allow.
func tiedDisallow(d decision) Match {
	w := d.matches[d.win]
	for _, m := range d.matches {
		if !m.Allow && m.Priority == w.Priority {
			return m
		}
	}
	return w
}

// countDeciding counts the matches that could decide (non-empty ones).
func countDeciding(d decision) int {
	n := 0
	for _, m := range d.matches {
		if m.Priority > 0 {
			n++
		}
	}
	return n
}

// traceMatches lists the matching rules and the final step.
func traceMatches(d decision) []string {
	var out []string
	for i, m := range d.matches {
		if i == maxListed {
			out = append(out, fmt.Sprintf("… and %d more matching rules.", len(d.matches)-maxListed))
			break
		}
		out = append(out, matchTrace(m))
	}
	switch {
	case d.win < 0:
		out = append(out, "No rule with a path matches: the URL is allowed.")
	case d.tie:
		l := tiedDisallow(d)
		out = append(out, fmt.Sprintf("Allow (line %d) and disallow (line %d) tie at length %d: allow wins.", d.matches[d.win].Line, l.Line, l.Priority))
	default:
		w := d.matches[d.win]
		out = append(out, fmt.Sprintf("Longest match: line %d (length %d) decides: %s.", w.Line, w.Priority, allowedWord(d.allowed)))
	}
	return out
}

// matchTrace describes one matching rule.
func matchTrace(m Match) string {
	switch {
	case m.Priority == 0:
		return fmt.Sprintf("Line %d %s has an empty path: ignored.", m.Line, quote(m.Rule))
	case m.Directory:
		return fmt.Sprintf("Line %d %s matches as %s (length %d): Google reads index.htm and index.html as their directory.", m.Line, quote(m.Rule), quote(m.Pattern), m.Priority)
	}
	return fmt.Sprintf("Line %d %s matches (length %d).", m.Line, quote(m.Rule), m.Priority)
}

func allowedWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

// tokenName shows a token, or says it is empty.
func tokenName(t string) string {
	if t == "" {
		return `the empty token ""`
	}
	return t
}

// orList joins tokens as "a, b or c".
func orList(tokens []string) string {
	switch len(tokens) {
	case 0:
		return "this crawler"
	case 1:
		return tokenName(tokens[0])
	}
	names := make([]string, len(tokens))
	for i, t := range tokens {
		names[i] = tokenName(t)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// quote shows a string in double quotes with control bytes escaped.
func quote(s string) string { return strconv.Quote(s) }
