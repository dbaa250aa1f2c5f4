package scan

import "golang.org/x/net/html/atom"

// The stack of open elements follows the HTML tree builder closely enough
// to know, for every token, whether it sits in foreign content (SVG, MathML)
// or in a <template>, when an element such as <h1>, <main> or <a> ends, and
// which elements are still open where a document is cut. It implements the
// rules that matter for those questions (implied end tags for p, li, dd, dt,
// headings, table parts, options, nested <a>; foreign content break-outs and
// integration points) and not the full algorithm (no adoption agency, no
// foster parenting), since those move nodes without moving bytes.

// maxDepth bounds the stack, as browsers bound tree depth, so that a page
// of a million unclosed <div>s costs no more than a few kilobytes here.
const maxDepth = 512

// Namespaces of open elements.
const (
	nsHTML uint8 = iota
	nsSVG
	nsMath
)

// Roles: why an open element matters when it closes.
const (
	roleNone uint8 = iota
	roleCritical
	roleHeading
	roleLink
	roleTemplate
)

type elem struct {
	a     atom.Atom
	name  string // set when a == 0 (custom elements)
	ns    uint8
	role  uint8
	htmlI bool  // a MathML annotation-xml that holds HTML
	start int64 // offset of the start tag
	idx   int   // index into the pass's critical slice, for roleCritical
}

func (e *elem) is(a atom.Atom, name []byte) bool {
	if e.a != a {
		return false
	}
	return a != 0 || e.name == string(name)
}

// htmlIntegration reports whether HTML start tags inside e are parsed as
// HTML (SVG foreignObject, desc, title; MathML annotation-xml with HTML).
func (e *elem) htmlIntegration() bool {
	switch e.ns {
	case nsSVG:
		return e.a == atom.Foreignobject || e.a == atom.Desc || e.a == atom.Title
	case nsMath:
		return e.htmlI
	}
	return false
}

func (e *elem) mathText() bool {
	if e.ns != nsMath {
		return false
	}
	switch e.a {
	case atom.Mi, atom.Mo, atom.Mn, atom.Ms, atom.Mtext:
		return true
	}
	return false
}

// isVoid reports HTML elements that never have content or an end tag.
func isVoid(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Basefont, atom.Bgsound, atom.Br, atom.Col, atom.Embed,
		atom.Frame, atom.Hr, atom.Img, atom.Input, atom.Keygen, atom.Link, atom.Meta,
		atom.Param, atom.Source, atom.Track, atom.Wbr, atom.Image:
		return true
	}
	return false
}

// closesP lists start tags that close an open <p> first.
func closesP(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details,
		atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure,
		atom.Footer, atom.Header, atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P,
		atom.Search, atom.Section, atom.Summary, atom.Ul, atom.Pre, atom.Listing, atom.Form,
		atom.Table, atom.Hr, atom.Xmp, atom.Plaintext, atom.Li, atom.Dd, atom.Dt,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// breaksOut lists start tags that end foreign content (the spec's list;
// <font> only with color, face or size, which the caller checks).
func breaksOut(a atom.Atom) bool {
	switch a {
	case atom.B, atom.Big, atom.Blockquote, atom.Body, atom.Br, atom.Center, atom.Code,
		atom.Dd, atom.Div, atom.Dl, atom.Dt, atom.Em, atom.Embed, atom.H1, atom.H2, atom.H3,
		atom.H4, atom.H5, atom.H6, atom.Head, atom.Hr, atom.I, atom.Img, atom.Li, atom.Listing,
		atom.Menu, atom.Meta, atom.Nobr, atom.Ol, atom.P, atom.Pre, atom.Ruby, atom.S,
		atom.Small, atom.Span, atom.Strong, atom.Strike, atom.Sub, atom.Sup, atom.Table,
		atom.Tt, atom.U, atom.Ul, atom.Var:
		return true
	}
	return false
}

// special lists elements that stop the search for a matching end tag of an
// ordinary element (a subset of the spec's "special" category).
func special(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Applet, atom.Article, atom.Aside, atom.Blockquote, atom.Button,
		atom.Caption, atom.Center, atom.Dd, atom.Details, atom.Dir, atom.Div, atom.Dl, atom.Dt,
		atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.H1, atom.H2,
		atom.H3, atom.H4, atom.H5, atom.H6, atom.Header, atom.Hgroup, atom.Iframe, atom.Li,
		atom.Listing, atom.Main, atom.Marquee, atom.Menu, atom.Nav, atom.Object, atom.Ol,
		atom.P, atom.Plaintext, atom.Pre, atom.Script, atom.Search, atom.Section, atom.Select,
		atom.Style, atom.Summary, atom.Table, atom.Tbody, atom.Td, atom.Template, atom.Textarea,
		atom.Tfoot, atom.Th, atom.Thead, atom.Title, atom.Tr, atom.Ul, atom.Xmp, atom.Noscript,
		atom.Noembed, atom.Noframes:
		return true
	}
	return false
}

// scopeBarrier reports elements that end an "in scope" search; button and
// list add <button> and <ol>/<ul>; table scope uses only html/table/template.
func scopeBarrier(e *elem, button, list, table bool) bool {
	if e.ns != nsHTML {
		return !table && (e.htmlIntegration() || e.mathText())
	}
	switch e.a {
	case atom.Table, atom.Template, atom.Html:
		return true
	case atom.Applet, atom.Caption, atom.Td, atom.Th, atom.Marquee, atom.Object:
		return !table
	case atom.Button:
		return button
	case atom.Ol, atom.Ul:
		return list
	}
	return false
}

// stack is the list of open elements, outermost first.
type stack struct {
	els     []elem
	svgRoot int // index of the outermost open <svg>, -1 when none
	tmpl    int // open <template> elements
}

func (s *stack) top() *elem {
	if len(s.els) == 0 {
		return nil
	}
	return &s.els[len(s.els)-1]
}

// atoms is a small set of element names, passed by value so that scope
// searches allocate nothing.
type atoms [6]atom.Atom

func (as *atoms) has(a atom.Atom) bool {
	if a == 0 {
		return false
	}
	for _, b := range as {
		if a == b {
			return true
		}
	}
	return false
}

var headings = atoms{atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6}

// inScope returns the index of the nearest open HTML element in set, or -1
// when a scope barrier comes first.
func (s *stack) inScope(set atoms, button, list, table bool) int {
	for i := len(s.els) - 1; i >= 0; i-- {
		e := &s.els[i]
		if e.ns == nsHTML && set.has(e.a) {
			return i
		}
		if scopeBarrier(e, button, list, table) {
			return -1
		}
	}
	return -1
}

// foreign reports whether a start tag named a (with a <font> break-out
// attribute or not) is in foreign content, given the current node.
func (s *stack) foreign(a atom.Atom) bool {
	t := s.top()
	if t == nil || t.ns == nsHTML || t.htmlIntegration() {
		return false
	}
	return !t.mathText() || a == atom.Mglyph || a == atom.Malignmark
}

// foreignNS is the namespace a foreign start tag gets inside the current
// node.
func (s *stack) foreignNS(a atom.Atom) uint8 {
	t := s.top()
	if t.ns == nsMath && t.a == atom.AnnotationXml && a == atom.Svg {
		return nsSVG
	}
	return t.ns
}

// breakOutLen is how many elements a break-out start tag pops: down to the
// first HTML element or integration point.
func (s *stack) breakOutLen() int {
	n := len(s.els)
	for n > 0 {
		e := &s.els[n-1]
		if e.ns == nsHTML || e.htmlIntegration() || e.mathText() {
			break
		}
		n--
	}
	return n
}

// matchEnd finds the element an end tag named a/name closes, following the
// foreign-content walk and then the HTML rules. It returns -1 to ignore the
// end tag.
func (s *stack) matchEnd(a atom.Atom, name []byte) int {
	i := len(s.els) - 1
	for ; i >= 0 && s.els[i].ns != nsHTML; i-- {
		if s.els[i].is(a, name) {
			return i
		}
	}
	switch {
	case a == atom.P:
		return s.inScope(atoms{atom.P}, true, false, false)
	case a == atom.Li:
		return s.inScope(atoms{atom.Li}, false, true, false)
	case a == atom.Dd || a == atom.Dt:
		return s.inScope(atoms{a}, false, false, false)
	case isHeading(a):
		return s.inScope(headings, false, false, false)
	case a == atom.Template:
		return s.lastHTML(atom.Template, 0)
	case a == atom.Tr || a == atom.Td || a == atom.Th || a == atom.Tbody || a == atom.Thead ||
		a == atom.Tfoot || a == atom.Caption || a == atom.Table:
		return s.inScope(atoms{a}, false, false, true)
	case a != 0 && (special(a) || formatting(a)):
		return s.inScope(atoms{a}, false, false, false)
	}
	for ; i >= 0; i-- {
		e := &s.els[i]
		if e.ns == nsHTML && e.is(a, name) {
			return i
		}
		if e.ns == nsHTML && special(e.a) {
			return -1
		}
	}
	return -1
}

func (s *stack) lastHTML(a atom.Atom, from int) int {
	for i := len(s.els) - 1; i >= from; i-- {
		if s.els[i].ns == nsHTML && s.els[i].a == a {
			return i
		}
	}
	return -1
}

func formatting(a atom.Atom) bool {
	switch a {
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr,
		atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return true
	}
	return false
}

// implied returns how many elements stay open when an HTML start tag named
// a arrives: the elements above that index are closed by it.
func (s *stack) implied(a atom.Atom) int {
	n := len(s.els)
	switch {
	case a == atom.Li:
		n = cut(n, s.inScope(atoms{atom.Li}, false, true, false))
	case a == atom.Dd || a == atom.Dt:
		n = cut(n, s.inScope(atoms{atom.Dd, atom.Dt}, false, false, false))
	case a == atom.A:
		n = cut(n, s.inScope(atoms{atom.A}, false, false, true))
	case a == atom.Button:
		n = cut(n, s.inScope(atoms{atom.Button}, false, false, false))
	case a == atom.Option || a == atom.Optgroup:
		n = s.closeTop(n, atom.Option)
		if a == atom.Optgroup {
			n = s.closeTop(n, atom.Optgroup)
		}
	case a == atom.Tr:
		n = cut(n, s.inScope(atoms{atom.Tr}, false, false, true))
	case a == atom.Td || a == atom.Th:
		n = cut(n, s.inScope(atoms{atom.Td, atom.Th}, false, false, true))
	case a == atom.Tbody || a == atom.Thead || a == atom.Tfoot:
		n = cut(n, s.inScope(atoms{atom.Tbody, atom.Thead, atom.Tfoot}, false, false, true))
	}
	if closesP(a) {
		sub := stack{els: s.els[:n]}
		n = cut(n, sub.inScope(atoms{atom.P}, true, false, false))
	}
	if isHeading(a) && n > 0 && s.els[n-1].ns == nsHTML && isHeading(s.els[n-1].a) {
		n--
	}
	return n
}

// cut returns i when an element was found (it and all above it close),
// otherwise n.
func cut(n, i int) int {
	if i >= 0 && i < n {
		return i
	}
	return n
}

func (s *stack) closeTop(n int, a atom.Atom) int {
	if n > 0 && s.els[n-1].ns == nsHTML && s.els[n-1].a == a {
		return n - 1
	}
	return n
}
