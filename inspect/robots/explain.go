package robots

import (
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
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
// language, mode, token list and ignoreStar, then shared: every URL checked
// for the same crawler gets the same groups and the same explanation, in
// the language in use when it was checked.
func (f *File) selection(mode byte, tokens []string, ignoreStar bool) selection {
	if f.selections == nil {
		return f.selectFresh(mode, tokens, ignoreStar)
	}
	key := i18n.Current().Code() + selectionKey(mode, tokens, ignoreStar)
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
			trace = append(trace, i18n.T("robots.trace-no-group-names", "Names", tokenName(t)))
			continue
		}
		sel := selection{groups: gs, token: t, phrase: i18n.T("robots.group-for", "Names", tokenName(t))}
		sel.trace = append(trace, f.groupTrace(tokenName(t), gs))
		if i > 0 {
			sel.note = i18n.T("robots.note-fallback", "Names", orList(tokens[:i]), "Token", tokenName(t))
		}
		sel.trace = append(sel.trace, f.starIgnoredTrace(i18n.T("robots.star-unused-specific", "Names", tokenName(t)))...)
		return sel
	}
	return f.selectStar(orList(tokens), ignoreStar, trace)
}

// selectAny picks the groups naming any of the tokens, else "*".
func (f *File) selectAny(tokens []string) selection {
	gs := f.groupsFor(tokens...)
	if len(gs) == 0 {
		return f.selectStar(orList(tokens), false, []string{i18n.T("robots.trace-no-group-names", "Names", orList(tokens))})
	}
	var named []string
	for _, t := range tokens {
		if len(f.groupsFor(t)) > 0 {
			named = append(named, t)
		}
	}
	sel := selection{groups: gs, token: strings.Join(named, ","), phrase: i18n.T("robots.groups-for", "Names", orList(named))}
	sel.trace = append(sel.trace, f.groupTrace(orList(named), gs))
	sel.trace = append(sel.trace, f.starIgnoredTrace(i18n.T("robots.star-unused-named", "Names", orList(named)))...)
	return sel
}

// selectStar picks the "*" group when no specific group applies.
func (f *File) selectStar(names string, ignoreStar bool, trace []string) selection {
	switch {
	case ignoreStar:
		sel := selection{none: i18n.T("robots.none-star-ignored", "Names", names), trace: trace}
		sel.trace = append(sel.trace, f.starIgnoredTrace(i18n.T("robots.star-unused-ignored"))...)
		return sel
	case len(f.star) == 0:
		return selection{none: i18n.T("robots.none-no-star", "Names", names), trace: trace}
	}
	sel := selection{groups: f.star, token: "*", phrase: i18n.T("robots.star-group"), trace: trace}
	sel.note = i18n.T("robots.note-star", "Names", names)
	sel.trace = append(sel.trace, f.groupTrace("*", f.star))
	return sel
}

// groupTrace describes the groups found for a name.
func (f *File) groupTrace(name string, gs []int) string {
	if name == "*" {
		name = i18n.T("robots.star-group")
	} else {
		name = i18n.T("robots.group-for", "Names", name)
	}
	if len(gs) == 1 {
		return i18n.T("robots.trace-using-group", "Group", name, "Line", strconv.Itoa(f.Groups[gs[0]].FirstLine()))
	}
	return i18n.T("robots.trace-using-merged", "Group", name, "Count", strconv.Itoa(len(gs)), "Lines", f.groupLines(gs))
}

// starIgnoredTrace says the "*" group exists but is not used, if it exists.
func (f *File) starIgnoredTrace(why string) []string {
	if len(f.star) == 0 {
		return nil
	}
	return []string{i18n.T("robots.trace-star-unused", "Lines", f.groupLines(f.star), "Why", why)}
}

func (f *File) groupLines(gs []int) string {
	parts := make([]string, 0, min(len(gs), maxListed))
	for _, g := range gs[:min(len(gs), maxListed)] {
		parts = append(parts, strconv.Itoa(f.Groups[g].FirstLine()))
	}
	if len(gs) > maxListed {
		parts = append(parts, i18n.T("robots.and-more", "Count", strconv.Itoa(len(gs)-maxListed)))
	}
	return i18n.List(parts)
}

// reason writes the one-sentence explanation of a verdict.
func reason(v *Verdict, sel selection, d decision) string {
	if len(sel.groups) == 0 {
		return i18n.T("robots.reason-no-group", "Why", sel.none)
	}
	note := ""
	if sel.note != "" {
		note = i18n.T("robots.reason-note", "Note", sel.note)
	}
	if d.win < 0 {
		return i18n.T("robots.reason-no-match", "Group", sel.phrase, "Path", quote(v.Path), "Empty", emptyNote(d), "Note", note)
	}
	w := d.matches[d.win]
	line, rule := strconv.Itoa(w.Line), quote(w.Rule)
	if d.tie {
		l := tiedDisallow(d)
		return i18n.T("robots.reason-tie", "Line", line, "Rule", rule, "OtherLine", strconv.Itoa(l.Line), "OtherRule", quote(l.Rule),
			"Path", quote(v.Path), "Length", strconv.Itoa(w.Priority), "Group", sel.phrase, "Note", note)
	}
	if n := countDeciding(d); n > 1 {
		id := "robots.reason-longest-allowed"
		if !d.allowed {
			id = "robots.reason-longest-disallowed"
		}
		return i18n.T(id, "Line", line, "Rule", rule, "Count", strconv.Itoa(n), "Group", sel.phrase, "Path", quote(v.Path), "Note", note)
	}
	id := "robots.reason-only-allowed"
	if !d.allowed {
		id = "robots.reason-only-disallowed"
	}
	return i18n.T(id, "Line", line, "Rule", rule, "Group", sel.phrase, "Path", quote(v.Path), "Note", note)
}

// emptyNote mentions empty rules that matched and were ignored.
func emptyNote(d decision) string {
	for _, m := range d.matches {
		if m.Priority == 0 {
			return i18n.T("robots.reason-empty-ignored")
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
			out = append(out, i18n.T("robots.trace-more-matches", "Count", strconv.Itoa(len(d.matches)-maxListed)))
			break
		}
		out = append(out, matchTrace(m))
	}
	switch {
	case d.win < 0:
		out = append(out, i18n.T("robots.trace-no-match"))
	case d.tie:
		l := tiedDisallow(d)
		out = append(out, i18n.T("robots.trace-tie", "Line", strconv.Itoa(d.matches[d.win].Line), "OtherLine", strconv.Itoa(l.Line), "Length", strconv.Itoa(l.Priority)))
	default:
		w := d.matches[d.win]
		id := "robots.trace-longest-allowed"
		if !d.allowed {
			id = "robots.trace-longest-disallowed"
		}
		out = append(out, i18n.T(id, "Line", strconv.Itoa(w.Line), "Length", strconv.Itoa(w.Priority)))
	}
	return out
}

// matchTrace describes one matching rule.
func matchTrace(m Match) string {
	line, rule, length := strconv.Itoa(m.Line), quote(m.Rule), strconv.Itoa(m.Priority)
	switch {
	case m.Priority == 0:
		return i18n.T("robots.trace-match-empty", "Line", line, "Rule", rule)
	case m.Directory:
		return i18n.T("robots.trace-match-directory", "Line", line, "Rule", rule, "Pattern", quote(m.Pattern), "Length", length)
	}
	return i18n.T("robots.trace-match", "Line", line, "Rule", rule, "Length", length)
}

// tokenName shows a token, or says it is empty.
func tokenName(t string) string {
	if t == "" {
		return i18n.T("robots.empty-token")
	}
	return t
}

// orList joins tokens as "a, b or c".
func orList(tokens []string) string {
	switch len(tokens) {
	case 0:
		return i18n.T("robots.this-crawler")
	case 1:
		return tokenName(tokens[0])
	}
	names := make([]string, len(tokens))
	for i, t := range tokens {
		names[i] = tokenName(t)
	}
	return i18n.T("robots.or-list", "Names", strings.Join(names[:len(names)-1], ", "), "Last", names[len(names)-1])
}

// quote shows a string in double quotes with control bytes escaped.
func quote(s string) string { return strconv.Quote(s) }
