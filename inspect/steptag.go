package inspect

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// stepOverTag reads a start tag at p.off (of at least p.steps.tag bytes)
// itself, as the tokenizer would, and restarts the tokenizer after it; it
// reports whether it did. The tokenizer reads attribute values byte by
// byte, which makes a tag holding a data: URI of a few kilobytes the
// costliest token of a page, and it makes a string of every attribute
// name; attrIter follows the same rules with bytes.IndexByte and no
// allocation, so that the pass costs about what a bare tokenizer pass
// does. Tags of raw-text elements are left to the tokenizer, which must
// see them to read the content after them as raw text, and so are tags the
// input ends in.
func (p *pass) stepOverTag() bool {
	p.refresh()
	rest := p.body[p.off:]
	n := p.steps.tag
	if p.rawParent != 0 || len(rest) < max(n, 2) || rest[0] != '<' || !isLetter(rest[1]) ||
		bytes.IndexByte(rest[:n], '>') >= 0 {
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
	p.namedStartTag(rest[:n], tt == html.SelfClosingTagToken, name, next, a)
	p.advance(n)
	p.restartAt(p.off)
	p.afterToken()
	return true
}

func isLetter(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
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
