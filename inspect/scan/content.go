package scan

import "golang.org/x/net/html/atom"

// Link is a link found in the page: an <a href> a crawler can follow.
type Link struct {
	Offset   int64  `json:"offset"` // offset of the <a> start tag
	Href     string `json:"href"`   // as written, entities decoded
	Internal bool   `json:"internal"`
}

// Heading is a heading element (h1 to h6) and its text.
type Heading struct {
	Level  int    `json:"level"`
	Offset int64  `json:"offset"`
	Text   string `json:"text"`
}

// content counts the links and headings a start tag opens, for the impact
// comparison, and keeps the last internal link.
func (p *pass) content(a atom.Atom, at *tagAttrs, off, end int64) {
	switch {
	case a == atom.A && at.hasHref:
		p.anchor(at, off, end)
	case isHeading(a):
		p.heading(a, off, end)
	}
}

func (p *pass) anchor(at *tagAttrs, off, end int64) {
	p.recordAnchor(at, off, end, false)
	cls := p.links.classify(at.href)
	switch cls {
	case linkNone:
		return
	case linkInternal:
		p.internal++
		hs := off + int64(at.hrefAt)
		p.last = lastLink{
			seq: p.last.seq + 1, off: off, end: end, tagEnd: end,
			hrefS: hs, hrefE: hs + int64(len(at.href)),
		}
		p.role, p.roleIdx = roleLink, p.last.seq
	case linkExternal:
		p.external++
	}
	if p.full && p.cutoff >= 0 && end > p.cutoff && len(p.lostLinks) < MaxLostListed {
		p.lostLinks = append(p.lostLinks, Link{Offset: off, Href: rawValue(at.href), Internal: cls == linkInternal})
	}
}

func (p *pass) heading(a atom.Atom, off, end int64) {
	level := headingLevel(a)
	p.headings[level-1]++
	h1 := -1
	if a == atom.H1 && !p.seenH1 {
		p.seenH1 = true
		h1 = p.addCritical(ElementH1, off, end, "", "", false)
	}
	example := p.full && p.cutoff >= 0 && end > p.cutoff && len(p.lostHeadings) < MaxLostListed
	if h1 < 0 && !example {
		return
	}
	p.hc.finish(p, p.hc.seq, off)
	p.hc.start(level, off, h1, example)
	p.role, p.roleIdx = roleHeading, p.hc.seq
}

// MaxLostListed bounds the lost links and headings the impact lists one by
// one (the window lists them virtualised, with copy and export): every one
// on real pages, yet a few MB at most on a hostile page of links, so the
// peak memory stays under twice the document.
const MaxLostListed = 20_000

func headingLevel(a atom.Atom) int {
	switch a {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	}
	return 6
}

// headingCollector gathers the text of the heading being read, for the
// first h1's value and for headings listed as lost.
type headingCollector struct {
	seq     int
	active  bool
	level   int
	off     int64
	crit    int // critical index of the h1, or -1
	example bool
	buf     []byte
}

func (h *headingCollector) start(level int, off int64, crit int, example bool) {
	h.seq++
	h.active, h.level, h.off, h.crit, h.example = true, level, off, crit, example
	h.buf = h.buf[:0]
}

func (h *headingCollector) add(raw []byte) {
	if h.active && len(h.buf) <= maxValue {
		h.buf = append(h.buf, raw[:min(len(raw), maxValue+1-len(h.buf))]...)
	}
}

// finish ends heading seq at end, if it is the one being collected.
func (h *headingCollector) finish(p *pass, seq int, end int64) {
	if !h.active || seq != h.seq {
		return
	}
	h.active = false
	text := rawValue(h.buf)
	if h.crit >= 0 {
		p.crit[h.crit].Value = text
		p.crit[h.crit].End = end
	}
	if h.example {
		p.lostHeadings = append(p.lostHeadings, Heading{Level: h.level, Offset: h.off, Text: text})
	}
}

// finishLastLink turns the last internal link into a critical element.
func (p *pass) finishLastLink() {
	l := p.last
	if l.seq == 0 {
		return
	}
	href := rawValue(p.body[l.hrefS:l.hrefE])
	i := p.addCritical(ElementLastInternalLink, l.off, l.end, href, "", false)
	if i >= 0 {
		p.crit[i].tagEnd = l.tagEnd
	}
}
