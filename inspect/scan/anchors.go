package scan

// Anchors locates a page's <a href> links and its <base href> in the body,
// as the analysis's pass read them, for a caller that follows the links (a
// site run) without tokenizing the body a second time. Offsets are into the
// decoded body; a value is as written, character references not decoded.
// The pass records anchors only when asked (Run's anchors, NewStream's).
type Anchors struct {
	// Base is the first <base href>'s value; HrefStart == HrefEnd when
	// there is none.
	Base Anchor
	// Links are the <a href> start tags in document order, those inside
	// <template> left out as the tree builder leaves them out of the page;
	// at most MaxAnchors before the cutoff and as many past it.
	Links []Anchor
	// kept counts the Links before the cutoff.
	kept int
}

// MaxAnchors bounds the links Anchors records on each side of the cutoff,
// so that a page of millions of tiny links does not cost 32 bytes each:
// 50,000, ten times what a site run keeps of a page.
const MaxAnchors = 50_000

// Anchor is one href value and where its start tag is: the crawler sees
// the link when TagEnd is at or before the cutoff.
type Anchor struct {
	HrefStart, HrefEnd int64
	TagStart, TagEnd   int64
}

// recordAnchor records an <a> or <base> start tag's href when the pass keeps
// anchors.
func (p *pass) recordAnchor(at *tagAttrs, off, end int64, base bool) {
	if !p.full || !p.keepAnchors {
		return
	}
	s := off + int64(at.hrefAt)
	a := Anchor{HrefStart: s, HrefEnd: s + int64(len(at.href)), TagStart: off, TagEnd: end}
	if base {
		p.anchors.Base = a
		return
	}
	kept := p.cutoff < 0 || end <= p.cutoff
	if n := len(p.anchors.Links); kept && p.anchors.kept >= MaxAnchors || !kept && n-p.anchors.kept >= MaxAnchors {
		return
	}
	if kept {
		p.anchors.kept++
	}
	p.anchors.Links = append(p.anchors.Links, a)
}
