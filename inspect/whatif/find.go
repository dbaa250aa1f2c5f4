package whatif

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"slices"
	"strconv"

	"github.com/cutoffapp/cutoff/inspect/scan"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Element is one movable element of a page and the edit that moves it.
type Element struct {
	Kind Kind `json:"kind"`
	Move Move `json:"move"`
	// Parent is the index, in the same list, of the element whose move
	// takes this one along (the <style> element or style attribute that
	// holds this data: URI); -1 when none. An element and its parent are
	// never both applied: the parent's move wins.
	Parent int `json:"parent"`
}

// Find lists the movable elements of body in document order (by start,
// an element before the ones it holds), each with the move that takes it
// out, keeping only moves that make the body smaller. It reads body once
// with the HTML tokenizer; body is not modified.
func Find(body []byte) []Element { return FindWithin(body, int64(len(body))) }

// findMargin is how far past its scope FindWithin reads, so that an
// element that ends within the scope is read whole (white space runs on,
// a raw-text element closes) as it is in the whole body.
const findMargin = 64 << 10

// FindWithin is Find for the elements that end within the first scope
// bytes of body: it reads no further than findMargin past them.
func FindWithin(body []byte, scope int64) []Element {
	els, _ := findWithin(body, scope)
	return els
}

// findWithin is FindWithin that also returns the moves that change no
// token but the one they lie in, nor anything the page's pass reads of it
// (see finder.neutral).
func findWithin(body []byte, scope int64) ([]Element, map[Move]bool) {
	read := body
	if scope < int64(len(body)) {
		read = body[:min(int64(len(body)), scope+findMargin)]
	}
	f := &finder{body: read}
	f.run()
	return f.elements(scope), f.neutral
}

// elements returns the elements found that end within the first scope
// bytes, in document order, their parents linked.
func (f *finder) elements(scope int64) []Element {
	if f.found == nil {
		return nil
	}
	out := make([]Element, 0, len(f.found))
	for _, r := range f.found {
		if r.end <= scope {
			out = append(out, f.element(r))
		}
	}
	linkParents(out)
	return out
}

// found is a movable element as the finder records it: with no pointer,
// so that a long list of them costs the garbage collector nothing and
// grows without write barriers.
type found struct {
	start, end int64
	repl       int32 // the replacement: an index into finder.repls
	kind       Kind
}

// commonRepls are the replacements every finder's repls start with.
var commonRepls = []string{"", " ", "\n"}

// element is the Element that r records, with no parent.
func (f *finder) element(r found) Element {
	return Element{Kind: r.kind, Move: Move{Start: r.start, End: r.end, Replacement: f.repls[r.repl]}, Parent: -1}
}

// documentOrder orders elements by start, an element before the ones it
// holds.
func documentOrder(a, b found) int {
	return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(b.end, a.end))
}

// linkParents sets each element's Parent to the nearest element whose range
// holds it. Elements arrive sorted by start, outer ones first.
func linkParents(els []Element) {
	var open []int
	for i := range els {
		m := els[i].Move
		for len(open) > 0 && els[open[len(open)-1]].Move.End <= m.Start {
			open = open[:len(open)-1]
		}
		els[i].Parent = -1
		if len(open) > 0 {
			els[i].Parent = open[len(open)-1]
		}
		open = append(open, i)
	}
}

// finder walks the tokens of a body and collects its movable elements.
type finder struct {
	body  []byte
	found []found  // the elements, in document order (documentOrder)
	repls []string // their replacements, commonRepls first
	attrs []attr
	// scripts, styles, classes and uris count the assets named so far,
	// so that each replacement names a file (or class) of its own.
	scripts, styles, classes, uris int
	pre                            int         // depth of <pre> and <listing>, where white space counts
	foreign                        int         // depth of <svg> and <math>, where tags are not HTML's
	raw                            *rawElement // the raw-text element whose content comes next
	// neutral holds the [start, end) of the moves that change nothing the
	// page's pass reads but offsets: a data: URI inside a quoted value
	// that the pass does not read, or inside CSS where no end tag can
	// form. Simulations of such moves alone need no pass (Plan.predict).
	neutral map[Move]bool
}

// rawElement is a <script>, <style> or other raw-text element whose start
// tag was read.
type rawElement struct {
	start   int64 // offset of the start tag
	kind    Kind  // Scripts or Styles when the element is movable
	movable bool
	css     bool   // its content is CSS whose data: URIs are movable
	replace string // the replacement of the whole element
}

func (f *finder) run() {
	z := html.NewTokenizer(bytes.NewReader(f.body))
	var off int64
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			f.endRaw(int64(len(f.body)))
			return
		}
		n := int64(len(z.Raw()))
		if f.token(tt, off, n) && f.foreign > 0 {
			z.NextIsNotRawText()
		}
		off += n
	}
}

// token handles the token of type tt at [off, off+n) of f.body, and
// reports whether it is a start tag whose name makes the tokenizer read
// raw text next.
func (f *finder) token(tt html.TokenType, off, n int64) bool {
	switch tt {
	case html.StartTagToken, html.SelfClosingTagToken:
		name := tagAtom(f.body[off+1 : off+n])
		return f.startTag(name, off, off+n, tt == html.SelfClosingTagToken)
	case html.EndTagToken:
		f.endTag(tagAtom(f.body[off+2:off+n]), off+n)
	case html.TextToken:
		f.text(off, off+n)
	case html.CommentToken:
		f.comment(off, off+n)
	}
	return false
}

// tagAtom returns the atom of the tag name at the start of b (what follows
// "<" or "</"), 0 when it is not a known name. The tokenizer's TagName
// would copy every name.
func tagAtom(b []byte) atom.Atom {
	var buf [16]byte
	n := 0
	for n < len(b) && !isSpace(b[n]) && b[n] != '/' && b[n] != '>' {
		if n == len(buf) {
			return 0 // longer than any name that matters here
		}
		c := b[n]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	return atom.Lookup(buf[:n])
}

// rawText reports whether the tokenizer reads raw text after a start tag
// of this name.
func rawText(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Textarea, atom.Title, atom.Xmp,
		atom.Iframe, atom.Noembed, atom.Noframes, atom.Noscript, atom.Plaintext:
		return true
	}
	return false
}

// startTag handles a start tag at [start, end) and reports whether its
// name makes the tokenizer read raw text next.
func (f *finder) startTag(name atom.Atom, start, end int64, selfClosing bool) bool {
	tag := f.body[start:end]
	raw := rawText(name)
	if raw || mayMove(tag) {
		f.attrs = scanAttrs(tag, f.attrs[:0])
		f.tagMoves(tag, start)
	}
	if f.foreign > 0 && breaksOutOfForeign(name) {
		f.foreign = 0
	}
	switch name {
	case atom.Pre, atom.Listing:
		if !selfClosing {
			f.pre++
		}
	case atom.Svg, atom.Math:
		if !selfClosing {
			f.foreign++
		}
	}
	if raw && f.foreign == 0 {
		f.raw = f.rawElement(name, tag, start)
	}
	return raw
}

// mayMove reports whether a start tag may hold a move: a style attribute
// or a data: URI, whose names it then holds in some case.
func mayMove(tag []byte) bool {
	return scan.HasDataColon(tag) || scan.ContainsFold(tag, 'y', "style")
}

// breaksOutOfForeign reports whether an HTML start tag of this name ends
// SVG or MathML content, as the tree builder reads it.
func breaksOutOfForeign(a atom.Atom) bool {
	switch a {
	case atom.B, atom.Big, atom.Blockquote, atom.Body, atom.Br, atom.Center, atom.Code, atom.Dd,
		atom.Div, atom.Dl, atom.Dt, atom.Em, atom.Embed, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5,
		atom.H6, atom.Head, atom.Hr, atom.I, atom.Img, atom.Li, atom.Listing, atom.Menu, atom.Meta,
		atom.Nobr, atom.Ol, atom.P, atom.Pre, atom.Ruby, atom.S, atom.Small, atom.Span, atom.Strong,
		atom.Strike, atom.Sub, atom.Sup, atom.Table, atom.Tt, atom.U, atom.Ul, atom.Var:
		return true
	}
	return false
}

// rawElement describes the raw-text element that a start tag opens.
func (f *finder) rawElement(name atom.Atom, tag []byte, start int64) *rawElement {
	r := &rawElement{start: start}
	switch name {
	case atom.Script:
		if f.attr("src") == nil && isJavaScript(f.attr("type"), tag) {
			f.scripts++
			r.kind, r.movable = Scripts, true
			r.replace = "<script" + string(scriptAttrs(tag)) + ` src="/assets/inline-` + strconv.Itoa(f.scripts) + `.js"></script>`
		}
	case atom.Style:
		f.styles++
		r.kind, r.movable, r.css = Styles, true, true
		r.replace = `<link rel="stylesheet" href="/assets/inline-` + strconv.Itoa(f.styles) + `.css"`
		if a := f.attr("media"); a != nil {
			r.replace += " " + string(tag[a.start:a.end])
		}
		r.replace += ">"
	}
	return r
}

// attr returns the first attribute of the current tag named name (lower
// case), or nil.
func (f *finder) attr(name string) *attr {
	for i := range f.attrs {
		if f.attrs[i].is(name) {
			return &f.attrs[i]
		}
	}
	return nil
}

// scriptAttrs returns the attributes part of a <script> start tag: what
// follows the name, without the closing '>' (or "/>").
func scriptAttrs(tag []byte) []byte {
	t := bytes.TrimSuffix(tag[len("<script"):], []byte(">"))
	t = bytes.TrimSuffix(t, []byte("/"))
	return bytes.TrimRight(t, " \t\n\r\f")
}

// javaScriptTypes are the type values under which a browser runs a
// script: the JavaScript MIME types and "module".
var javaScriptTypes = map[string]bool{
	"": true, "module": true, "text/javascript": true, "application/javascript": true,
	"application/ecmascript": true, "application/x-ecmascript": true, "application/x-javascript": true,
	"text/ecmascript": true, "text/javascript1.0": true, "text/javascript1.1": true,
	"text/javascript1.2": true, "text/javascript1.3": true, "text/javascript1.4": true,
	"text/javascript1.5": true, "text/jscript": true, "text/livescript": true,
	"text/x-ecmascript": true, "text/x-javascript": true,
}

// isJavaScript reports whether a script with the type attribute typ (nil
// when absent) is run as JavaScript: JSON-LD and other data blocks are not,
// and they stay in the page.
func isJavaScript(typ *attr, tag []byte) bool {
	if typ == nil {
		return true
	}
	v := bytes.ToLower(bytes.TrimSpace(typ.value(tag)))
	return javaScriptTypes[string(v)]
}

// endTag handles an end tag that ends at end.
func (f *finder) endTag(name atom.Atom, end int64) {
	if f.raw != nil {
		f.endRaw(end)
		return
	}
	switch name {
	case atom.Pre, atom.Listing:
		f.pre = max(f.pre-1, 0)
	case atom.Svg, atom.Math:
		f.foreign = max(f.foreign-1, 0)
	}
}

// endRaw closes the open raw-text element at end (its end tag's end, or
// the body's end when it has none).
func (f *finder) endRaw(end int64) {
	r := f.raw
	if r == nil {
		return
	}
	f.raw = nil
	if r.movable {
		f.add(r.kind, r.start, end, r.replace)
	}
}

// text handles a text token at [start, end): the content of a raw-text
// element, or text whose runs of white space a minifier collapses.
func (f *finder) text(start, end int64) {
	if r := f.raw; r != nil {
		if r.css {
			f.cssDataURIs(start, end, "", nil)
		}
		return
	}
	if f.pre > 0 {
		return
	}
	f.whitespaceRuns(start, end)
}

// whitespaceRuns adds a move for every run of two or more white-space
// characters in the text at [start, end).
func (f *finder) whitespaceRuns(start, end int64) {
	t := f.body[start:end]
	for i := 0; i+1 < len(t); {
		if i = pairFrom(t, i); i+1 == len(t) {
			break
		}
		if !spaceByte[t[i]] || !spaceByte[t[i+1]] {
			i++
			continue
		}
		j, newline := i, false
		for j < len(t) && spaceByte[t[j]] {
			newline = newline || t[j] == '\n' || t[j] == '\r'
			j++
		}
		repl := " "
		if newline {
			repl = "\n"
		}
		f.add(Whitespace, start+int64(i), start+int64(j), repl)
		i = j
	}
}

// pairFrom returns the first index from i on, a multiple of 8 bytes
// further, at or before which two bytes in a row may both be white space,
// but where the byte before is none; i itself when fewer than 9 bytes
// remain. Most text has single spaces: it is passed over eight bytes at a
// time, looking at the bytes below '!' of each word at once.
func pairFrom(t []byte, i int) int {
	const (
		low7  = 0x7f7f7f7f7f7f7f7f
		below = 0x5f5f5f5f5f5f5f5f // + a byte's low 7 bits: 0x80 or more from '!' (0x21) up
		high  = 0x8080808080808080
	)
	for i+9 <= len(t) {
		w := binary.LittleEndian.Uint64(t[i:])
		m := ^((w&low7 + below) | w) & high // the top bit of each byte below '!'
		if m&(m>>8) != 0 || m>>63 != 0 && t[i+8] < '!' {
			break
		}
		i += 8
	}
	return i
}

// spaceByte tells the HTML white-space bytes.
var spaceByte = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true}

// comment handles a comment token at [start, end). Conditional comments
// stay: minifiers keep them, and old browsers read them.
func (f *finder) comment(start, end int64) {
	raw := f.body[start:end]
	if !bytes.HasPrefix(raw, []byte("<!--")) {
		return // a bogus comment such as <?xml ...>, not the author's comment
	}
	inner := bytes.TrimLeft(raw[4:], " \t\n\r\f")
	if scan.HasPrefixFold(inner, "[if") || scan.HasPrefixFold(inner, "<![endif") || scan.HasPrefixFold(inner, "[endif") {
		return
	}
	f.add(Comments, start, end, "")
}

// add records an element when its move makes the body smaller, and
// reports whether it did.
func (f *finder) add(k Kind, start, end int64, replacement string) bool {
	m := Move{Start: start, End: end, Replacement: replacement}
	if m.Saved() <= 0 {
		return false
	}
	if len(f.found) == cap(f.found) {
		// Doubled: append grows a long list by a quarter, which allocates
		// five times its final size along the way.
		f.found = slices.Grow(f.found, max(len(f.found), 256))
	}
	if f.repls == nil {
		f.repls = slices.Clone(commonRepls)
	}
	repl := slices.Index(f.repls[:len(commonRepls)], replacement)
	if repl < 0 {
		repl = len(f.repls)
		f.repls = append(f.repls, replacement)
	}
	rec := found{start: start, end: end, repl: int32(repl), kind: k}
	f.found = append(f.found, rec)
	if n := len(f.found); n > 1 && documentOrder(rec, f.found[n-2]) < 0 {
		// An element found after some it holds (a <style> element ends
		// after its data: URIs) goes before them, a few places back.
		i, _ := slices.BinarySearchFunc(f.found[:n-1], rec, documentOrder)
		copy(f.found[i+1:], f.found[i:n-1])
		f.found[i] = rec
	}
	return true
}
