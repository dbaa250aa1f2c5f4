package scan

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The tokenizer reads every byte through a call, makes a string of every
// attribute name, and reads attribute values byte by byte, which makes a
// tag holding a data: URI of a few kilobytes the costliest token of a page.
// Outside raw text, the pass therefore reads start tags, end tags and text
// itself, by the tokenizer's rules, with bytes.IndexByte and no
// allocation, and leaves the rest (comments, doctypes, raw-text elements'
// tags, and any token whose end has not arrived or is the input's end) to
// the tokenizer, which is restarted at that token only when it is needed
// (see restart.go). The fuzzers check that every token is the same either
// way, so that the pass costs less than a bare tokenizer pass.

// stepOver reads the token at p.off itself when it may, as the tokenizer
// would, and reports whether it did.
func (p *pass) stepOver() bool {
	p.refresh()
	if p.rawParent != 0 {
		return false
	}
	rest := p.body[p.off:]
	switch {
	case len(rest) < 2:
		return false
	case rest[0] != '<' || !tagOpener(rest[1]):
		return p.stepOverText(rest)
	case isLetter(rest[1]):
		return p.stepOverTag(rest)
	case rest[1] == '/' && len(rest) > 2 && isLetter(rest[2]):
		return p.stepOverEndTag(rest)
	}
	return false
}

// tagOpener reports whether c, after a '<', ends the text before it: the
// '<' opens a start or end tag, a comment, a doctype or a processing
// instruction.
func tagOpener(c byte) bool {
	return isLetter(c) || c == '/' || c == '!' || c == '?'
}

func isLetter(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// stepOverText reads the text token that rest starts with, when rest holds
// the '<' and the byte after it that end it (p.steps.text bytes or more).
func (p *pass) stepOverText(rest []byte) bool {
	n := textLen(rest)
	if n < max(p.steps.text, 1) {
		return false
	}
	p.handleStepped(html.TextToken, rest[:n])
	return true
}

// textLen returns the length of the text token that b starts with, or 0
// when b ends before the byte that decides its end.
func textLen(b []byte) int {
	for i := 0; ; i++ {
		k := bytes.IndexByte(b[i:], '<')
		if k < 0 || i+k+1 >= len(b) {
			return 0
		}
		i += k
		if tagOpener(b[i+1]) {
			return i
		}
	}
}

// stepOverEndTag reads the end tag that rest starts with.
func (p *pass) stepOverEndTag(rest []byte) bool {
	if !p.tagLongEnough(rest) {
		return false
	}
	_, next := tagName(rest, p.name)
	n, _ := startTagLen(rest, next) // an end tag's attributes are read as a start tag's
	if n == 0 {
		return false
	}
	p.handleStepped(html.EndTagToken, rest[:n])
	return true
}

// handleStepped handles raw, a token of type tt at p.off read without the
// tokenizer, as the loop handles the tokenizer's tokens.
func (p *pass) handleStepped(tt html.TokenType, raw []byte) {
	p.forkBefore(len(raw))
	p.token(tt, raw)
	p.steppedOver(len(raw))
	p.afterToken()
}

// tagLongEnough reports whether the tag rest starts with is at least
// p.steps.tag bytes long (tests step over only some tags).
func (p *pass) tagLongEnough(rest []byte) bool {
	n := p.steps.tag
	return len(rest) >= n && bytes.IndexByte(rest[:n], '>') < 0
}

// stepOverTag reads the start tag that rest starts with. Tags of raw-text
// elements are left to the tokenizer, which must see them to read the
// content after them as raw text.
func (p *pass) stepOverTag(rest []byte) bool {
	if !p.tagLongEnough(rest) {
		return false
	}
	name, next := tagName(rest, p.name)
	p.name = name
	a := atom.Lookup(name)
	if rawText(a) {
		return false
	}
	n, lastValEnd := startTagLen(rest, next)
	if n == 0 {
		return false
	}
	tt := html.StartTagToken
	if rest[n-2] == '/' {
		// The tokenizer reads "/>" as self-closing unless the '/' ends
		// the value of the last attribute it keeps (first of its name):
		// leave that case to it.
		if lastValEnd == n-1 {
			return false
		}
		tt = html.SelfClosingTagToken
	}
	p.forkBefore(n)
	// What token does first: with no raw text pending, there is no
	// title or JSON-LD content pending either.
	p.rawTitle, p.rawJSON = -1, -1
	p.visitToken(tt, rest[:n])
	p.namedStartTag(rest[:n], tt == html.SelfClosingTagToken, name, next, a)
	p.steppedOver(n)
	p.afterToken()
	return true
}

// startTagLen returns the length of the start tag at the start of b, whose
// name ends at index next, through its '>', or 0 when b ends first; and
// where its last attribute's value ends (-1 when it has none).
func startTagLen(b []byte, next int) (n, lastValEnd int) {
	it := attrIter{raw: b, i: next}
	lastValEnd = -1
	for {
		_, _, ve, ok := it.next()
		if !ok {
			break
		}
		lastValEnd = ve
	}
	if it.i >= len(b) {
		return 0, -1
	}
	return it.i + 1, lastValEnd
}
