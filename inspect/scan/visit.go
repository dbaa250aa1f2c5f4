package scan

import (
	"net/url"

	"golang.org/x/net/html"
)

// Visitor is told of every token of a full pass, in order, so that a room
// that reads tokens (inspect/whatif's movable elements) reads the pass's
// own instead of tokenizing the body a second time. Start gets, before
// the first token, the body's expected size (its length when the pass
// reads it whole, the announced one while it arrives, 0 when not known)
// and whether the cutoff may cut it: false when there is no cutoff or the
// expected size already ends before it.
// Token gets the token's type, the body as read so far (it holds the
// token whole), and the token's bytes [off, off+len(raw)); End gets the
// size of the body once the pass has read all of it. Neither may keep raw
// or body past the call but as the body's own bytes (which never change).
type Visitor interface {
	Start(expected int64, mayCut bool)
	Token(tt html.TokenType, body []byte, off int64, raw []byte)
	End(size int64)
}

// RunVisiting is Run with v told of every token of the full pass (not of
// the kept prefix's).
func RunVisiting(body []byte, cutoff int64, tokens []string, base *url.URL, steps Steps, anchors bool, v Visitor) *Result {
	full := newPass(body, true, cutoff, tokens, newLinkResolver(base))
	full.steps = steps
	full.keepAnchors = anchors
	full.visit = v
	if v != nil {
		v.Start(int64(len(body)), mayCut(int64(len(body)), cutoff))
	}
	full.run()
	return full.result()
}

// mayCut reports whether a body of the expected size (0: not known) may
// be cut at cutoff (-1: nothing is cut).
func mayCut(expected, cutoff int64) bool {
	return cutoff >= 0 && (expected == 0 || expected > cutoff)
}

// visitToken tells the visitor, if any, of the token raw at p.off.
func (p *pass) visitToken(tt html.TokenType, raw []byte) {
	if p.visit != nil {
		p.visit.Token(tt, p.body, p.off, raw)
	}
}
