package scan

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A pass is one tokenizer run over a document. Everything is learnt in that
// single run from the tokens' raw bytes, whose lengths give every offset;
// no DOM is built and no per-token allocation is made. When the body is
// cut, the full pass forks a copy of itself just before the cutoff, and the
// copy reads the last few bytes up to the cutoff as the end of its input:
// that is the kept prefix parsed as a complete document, without
// tokenizing the prefix a second time (see fork.go).
type pass struct {
	body   []byte
	src    *Stream // the body while it arrives (body then holds what has come); nil when whole
	steps  Steps   // tokens from these sizes on are stepped over
	full   bool    // the full document: record spans, values and lost examples
	cutoff int64   // full pass: the cutoff offset, -1 when nothing is cut
	tokens []string
	links  linkResolver

	z       *html.Tokenizer
	stale   bool // z is behind p.off: tokens were stepped over since it read
	off     int64
	tokenAt int64   // where the latest token handled starts
	kept    *pass   // full pass: the kept prefix's pass, once forked
	visit   Visitor // full pass: told of every token; nil when none
	rs      *restarter
	st      stack
	head    headState
	bm      spanWriter

	stepped, tokenized int // tokens read by the pass itself, and by z

	name     []byte    // scratch for tag names
	vals     []attrVal // scratch: data: and style="" values of the current tag
	carves   []carve   // scratch: carves of the current token
	interned map[string]string

	// What the next token is: the content of a raw-text element (script,
	// style, title, ...), and for which critical element.
	rawParent atom.Atom
	rawTitle  int // critical index of the title whose text is next, or -1
	rawJSON   int // jsonld index of the block whose content is next, or -1

	// Role to give the element being pushed, set by the start tag handlers.
	role    uint8
	roleIdx int

	crit                          []Critical
	seenTitle, seenDesc, seenMain bool
	seenBase, seenH1              bool
	canonicals                    int
	jsonld                        []jsonLDBlock
	hc                            headingCollector
	last                          lastLink

	internal, external int
	headings           [6]int
	textBytes          int64
	lostLinks          []Link
	lostHeadings       []Heading
	keepAnchors        bool // full pass: record anchors (Input.Links)
	anchors            Anchors
	svgTitles          int
	// noscriptBreak is the offset of the first <noscript> in the head whose
	// content ends the head when scripting is off, -1 when none; noscriptWhat
	// names that content.
	noscriptBreak int64
	noscriptWhat  string
	open          []string // elements open at the end of the input
	openStack     []elem   // the same elements, with their offsets
	openIn        string   // "comment" or "tag" when the input ends inside one
	openInAt      int64    // where that comment or tag starts
}

// attrVal is an attribute value of interest to the byte map.
type attrVal struct {
	vs, ve int
	style  bool // a style="" value; otherwise a data: URI
}

// lastLink is the latest internal <a href> seen.
type lastLink struct {
	seq          int // 0 when none
	off, end     int64
	hrefS, hrefE int64 // the href value's bounds in the body
	tagEnd       int64
}

// maxExamples bounds the lost links and headings listed by name.
const maxExamples = 50

func newPass(body []byte, full bool, cutoff int64, tokens []string, links linkResolver) *pass {
	p := &pass{
		body: body, steps: DefaultSteps, full: full, cutoff: cutoff, tokens: tokens, links: links,
		st: stack{svgRoot: -1}, head: newHeadState(), bm: spanWriter{on: full},
		rawTitle: -1, rawJSON: -1, noscriptBreak: -1,
	}
	return p
}

func (p *pass) run() {
	p.restartAt(0)
	p.loop()
}

// loop reads the tokens to the end of the input, then ends the pass: the
// pass reads those it may itself (stepOver), and p.z the others, restarted
// at the token when tokens were stepped over since it last read.
func (p *pass) loop() {
	for {
		if p.stepOver() {
			continue
		}
		if p.stale {
			p.restartAt(p.off)
			p.allowCDATA()
		}
		tt := p.z.Next()
		p.refresh()
		if tt == html.ErrorToken {
			break
		}
		p.tokenized++
		raw := p.z.Raw()
		p.forkBefore(len(raw))
		p.token(tt, raw)
		p.advance(len(raw))
		p.afterToken()
	}
	p.forkBefore(0)
	p.eof()
}

// steppedOver moves past a token of n bytes the pass read itself, leaving
// the tokenizer behind (see loop).
func (p *pass) steppedOver(n int) {
	p.advance(n)
	p.stale = true
	p.stepped++
}

// advance moves past a token of n bytes that was just handled.
func (p *pass) advance(n int) {
	p.tokenAt = p.off
	p.off += int64(n)
}

// afterToken prepares the tokenizer for the next token: a big raw-text
// content is stepped over, CDATA is allowed in foreign content.
func (p *pass) afterToken() {
	if p.rawParent != 0 {
		p.stepOverRaw()
	}
	if !p.stale {
		p.allowCDATA()
	}
}

// allowCDATA lets the tokenizer read CDATA sections in foreign content.
func (p *pass) allowCDATA() {
	t := p.st.top()
	p.z.AllowCDATA(t != nil && t.ns != nsHTML)
}

// token handles one token starting at p.off.
func (p *pass) token(tt html.TokenType, raw []byte) {
	p.visitToken(tt, raw)
	rp, rt, rj := p.rawParent, p.rawTitle, p.rawJSON
	p.rawParent, p.rawTitle, p.rawJSON = 0, -1, -1
	switch tt {
	case html.TextToken:
		p.text(raw, rp, rt, rj)
	case html.StartTagToken, html.SelfClosingTagToken:
		p.startTag(raw, tt == html.SelfClosingTagToken)
	case html.EndTagToken:
		p.endTag(raw)
	case html.CommentToken:
		p.comment(raw)
	default:
		p.bm.add(p.kind(SpanMarkup), p.off, p.off+int64(len(raw)))
	}
}

// stepOverRaw reads a big raw-text content (at least p.steps.raw bytes)
// itself, as one text token, so that the tokenizer never buffers it; the
// tokenizer is restarted after it when next needed. Smaller contents are
// left to the tokenizer.
func (p *pass) stepOverRaw() {
	rest := p.ahead(p.steps.raw)
	tag := p.rawParent.String()
	if len(rest) < p.steps.raw || firstEndTag(rest[:p.steps.raw], tag) >= 0 {
		return
	}
	rest, n := p.rawEnd(rest, tag)
	if n < p.steps.raw {
		return
	}
	p.forkBefore(n)
	p.token(html.TextToken, rest[:n])
	p.steppedOver(n)
}

// kind returns k, or inline-svg inside an inline <svg>.
func (p *pass) kind(k SpanKind) SpanKind {
	if p.st.svgRoot >= 0 {
		return SpanInlineSVG
	}
	return k
}

func (p *pass) comment(raw []byte) {
	n := int64(len(raw))
	p.bm.add(p.kind(SpanComment), p.off, p.off+n)
	if p.off+n == int64(len(p.body)) && !commentClosed(raw) {
		p.openIn, p.openInAt = "comment", p.off
	}
}

func commentClosed(raw []byte) bool {
	if bytes.HasPrefix(raw, []byte("<!--")) {
		return bytes.HasSuffix(raw, []byte("-->")) || bytes.HasSuffix(raw, []byte("--!>"))
	}
	return bytes.HasSuffix(raw, []byte(">"))
}

// leadingSpace counts the white space a text token starts with; a byte
// order mark at the very start of the body counts too, since the parser
// never sees it.
func leadingSpace(raw []byte, atStart bool) int {
	i := 0
	if atStart && bytes.HasPrefix(raw, []byte("\xef\xbb\xbf")) {
		i = 3
	}
	for i < len(raw) && isSpace(raw[i]) {
		i++
	}
	return i
}

func (p *pass) text(raw []byte, rp atom.Atom, rt, rj int) {
	n := len(raw)
	lead := leadingSpace(raw, p.off == 0)
	kind := SpanText
	if lead == n {
		kind = SpanWhitespace
	}
	p.carves = p.carves[:0]
	switch rp {
	case atom.Script:
		kind = SpanInlineScript
		if rj >= 0 {
			kind = SpanJSONLD
			p.jsonLDText(rj, raw)
		}
	case atom.Style:
		kind = SpanInlineStyle
		if p.full {
			p.carves = cssDataURIs(p.carves, raw, 0, false)
		}
	case atom.Title:
		if rt >= 0 {
			p.crit[rt].Value = rawValue(raw)
		}
	case atom.Noscript:
		kind = SpanMarkup
		p.noscriptInHead(raw)
	case atom.Iframe, atom.Noembed, atom.Noframes:
		kind = SpanMarkup
	case 0:
		p.contentText(raw, lead)
	}
	if p.st.svgRoot >= 0 {
		kind = SpanInlineSVG
	}
	p.bm.addToken(kind, p.off, n, p.carves)
}

// contentText handles text that is page content (not inside a raw-text
// element): it may start the body, it counts as visible text, and it may
// belong to a heading.
func (p *pass) contentText(raw []byte, lead int) {
	t := p.st.top()
	htmlContent := t == nil || t.ns == nsHTML || t.htmlIntegration()
	if !htmlContent || p.st.tmpl > 0 {
		return
	}
	p.head.text(p.off, lead, len(raw))
	if lead < len(raw) && p.head.inBody() && p.st.svgRoot < 0 {
		p.textBytes += int64(len(raw))
	}
	p.hc.add(raw)
}

func (p *pass) startTag(raw []byte, selfClosing bool) {
	name, next := tagName(raw, p.name)
	p.name = name
	p.namedStartTag(raw, selfClosing, name, next, atom.Lookup(name))
}

// namedStartTag handles a start tag whose name (lower case, ending at
// index next of raw) and atom are known.
func (p *pass) namedStartTag(raw []byte, selfClosing bool, name []byte, next int, a atom.Atom) {
	off, end := p.off, p.off+int64(len(raw))
	var at tagAttrs
	p.vals = p.vals[:0]
	if attrsMatter(a, raw, p.full) {
		p.scanAttrs(raw, next, &at)
	}

	foreign := p.st.foreign(a)
	if foreign && (breaksOut(a) || a == atom.Font && at.fontBreak) {
		p.closeFrom(p.st.breakOutLen(), off, off)
		foreign = false
	}
	if foreign {
		p.foreignStart(a, name, &at, selfClosing, off)
	} else {
		p.htmlStart(a, name, &at, selfClosing, off, end)
	}
	svg := p.st.svgRoot >= 0 || a == atom.Svg
	p.bm.addToken(p.tagKind(svg), off, len(raw), p.tagCarves(raw, svg))
}

func (p *pass) tagKind(svg bool) SpanKind {
	if svg {
		return SpanInlineSVG
	}
	return SpanMarkup
}

func (p *pass) foreignStart(a atom.Atom, name []byte, at *tagAttrs, selfClosing bool, off int64) {
	// In foreign content <title>, <style> and <script> hold markup, not
	// raw text; the tokenizer cannot know that by itself.
	p.z.NextIsNotRawText()
	ns := p.st.foreignNS(a)
	if ns == nsSVG && a == atom.Title {
		p.svgTitles++
	}
	if selfClosing {
		return
	}
	e := elem{a: a, ns: ns, start: off}
	if a == 0 {
		e.name = p.intern(name)
	}
	if ns == nsMath && a == atom.AnnotationXml {
		enc := bytes.TrimSpace(at.encoding)
		e.htmlI = EqualFold(enc, "text/html") || EqualFold(enc, "application/xhtml+xml")
	}
	p.push(e)
}

func (p *pass) htmlStart(a atom.Atom, name []byte, at *tagAttrs, selfClosing bool, off, end int64) {
	if p.st.tmpl == 0 {
		p.head.start(off, a, name)
	}
	p.closeFrom(p.st.implied(a), off, off)
	p.role, p.roleIdx = roleNone, -1
	if p.st.tmpl == 0 {
		p.critical(a, at, off, end)
		p.content(a, at, off, end)
	}
	if rawText(a) {
		p.rawParent = a
	}
	switch {
	case a == atom.Html || a == atom.Head || a == atom.Body || isVoid(a):
		return
	case (a == atom.Svg || a == atom.Math) && selfClosing:
		return
	}
	e := elem{a: a, ns: nsHTML, start: off, role: p.role, idx: p.roleIdx}
	switch a {
	case 0:
		e.name = p.intern(name)
	case atom.Svg:
		e.ns = nsSVG
	case atom.Math:
		e.ns = nsMath
	case atom.Template:
		e.role = roleTemplate
	}
	p.push(e)
}

// rawText lists the elements whose content x/net/html's tokenizer reads
// as raw text (scripting enabled, as in a browser and Google's renderer).
func rawText(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Title, atom.Textarea, atom.Xmp, atom.Iframe,
		atom.Noembed, atom.Noframes, atom.Noscript, atom.Plaintext:
		return true
	}
	return false
}

func (p *pass) push(e elem) {
	if len(p.st.els) >= maxDepth {
		if e.role == roleHeading {
			p.hc.active = false
		}
		return
	}
	if e.ns == nsSVG && e.a == atom.Svg && p.st.svgRoot < 0 {
		p.st.svgRoot = len(p.st.els)
	}
	if e.role == roleTemplate {
		p.st.tmpl++
	}
	p.st.els = append(p.st.els, e)
}

// closeFrom closes the open elements from index i up: the element at i ends
// at endTarget (after its end tag), those above it at endOthers.
func (p *pass) closeFrom(i int, endTarget, endOthers int64) {
	for j := len(p.st.els) - 1; j >= i; j-- {
		end := endOthers
		if j == i {
			end = endTarget
		}
		p.closed(&p.st.els[j], end)
	}
	if i < len(p.st.els) {
		p.st.els = p.st.els[:i]
	}
	if p.st.svgRoot >= len(p.st.els) {
		p.st.svgRoot = -1
	}
}

func (p *pass) closed(e *elem, end int64) {
	switch e.role {
	case roleCritical:
		p.closeCritical(e.idx, end)
	case roleHeading:
		p.hc.finish(p, e.idx, end)
	case roleLink:
		if p.last.seq == e.idx {
			p.last.end = end
		}
	case roleTemplate:
		p.st.tmpl--
	}
}

func (p *pass) closeCritical(i int, end int64) {
	if i < 0 {
		return
	}
	c := &p.crit[i]
	c.End = end
	if c.Kind != ElementJSONLD {
		return
	}
	for j := len(p.jsonld) - 1; j >= 0; j-- {
		if b := &p.jsonld[j]; b.crit == i {
			if b.content == 0 && !c.HasFlag(FlagInvalidJSON) {
				c.Flags = append(c.Flags, FlagInvalidJSON)
			}
			return
		}
	}
}

func (p *pass) endTag(raw []byte) {
	off, end := p.off, p.off+int64(len(raw))
	name, _ := tagName(raw, p.name)
	p.name = name
	a := atom.Lookup(name)
	root := p.st.svgRoot
	if t := p.st.top(); p.st.tmpl == 0 && (t == nil || t.ns == nsHTML) {
		p.head.endTag(off, end, a, name)
	}
	i := p.st.matchEnd(a, name)
	if i >= 0 {
		p.closeFrom(i, end, off)
	}
	svg := root >= 0 && (i < 0 || i >= root)
	p.bm.add(p.tagKind(svg), off, end)
}

// intern returns name as a string, sharing one copy per distinct custom
// element name (bounded, so hostile pages cannot grow the table forever).
func (p *pass) intern(name []byte) string {
	if s, ok := p.interned[string(name)]; ok {
		return s
	}
	if p.interned == nil {
		p.interned = make(map[string]string)
	}
	if len(p.interned) >= 1024 {
		return "?"
	}
	s := string(name)
	p.interned[s] = s
	return s
}

func (p *pass) eof() {
	size := int64(len(p.body))
	if p.off < size {
		// A tag cut by the end of the input: the tokenizer drops it.
		p.bm.add(p.kind(SpanMarkup), p.off, size)
		p.openIn, p.openInAt = "tag", p.off
	}
	p.head.eof(size)
	p.open = p.openNames()
	p.openStack = append([]elem(nil), p.st.els...)
	p.closeFrom(0, size, size)
	p.hc.finish(p, p.hc.seq, size)
	p.finishLastLink()
	p.addHeadEnd()
	if p.visit != nil {
		p.visit.End(size)
	}
}

// openNames lists the elements open at the end of the input, outermost
// first, with the html, head and body elements the parser implies.
func (p *pass) openNames() []string {
	names := []string{"html"}
	switch p.head.mode {
	case modeInHead:
		names = append(names, "head")
	case modeInBody:
		names = append(names, "body")
	}
	for i := range p.st.els {
		e := &p.st.els[i]
		if e.a != 0 {
			names = append(names, e.a.String())
		} else {
			names = append(names, e.name)
		}
	}
	return names
}

// refresh takes in the bytes of a body that arrived since the last look.
func (p *pass) refresh() {
	if p.src != nil {
		p.body = p.src.snapshot()
	}
}

// ahead returns the body from p.off on: at least n bytes, unless the body
// ends sooner (over an arriving body, it waits for them).
func (p *pass) ahead(n int) []byte {
	if p.src != nil {
		p.body, _ = p.src.waitLen(p.off + int64(n))
	}
	return p.body[p.off:]
}

// rawEnd is rawTextEnd over rest, the body from p.off on. Over an arriving
// body an end found before the end of rest stands whatever follows; raw
// text that runs to the end of rest waits for more, at least doubling rest
// each time, until it ends or the body does. It returns the rest it read.
func (p *pass) rawEnd(rest []byte, tag string) ([]byte, int) {
	for {
		n := rawTextEnd(rest, tag)
		if n < len(rest) || p.src == nil {
			return rest, n
		}
		body, ended := p.src.waitLen(p.off + 2*int64(len(rest)) + readChunk)
		p.body = body
		if ended && len(body)-int(p.off) == len(rest) {
			return rest, n
		}
		rest = body[p.off:]
	}
}
