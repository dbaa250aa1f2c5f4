package scan

import (
	"maps"
	"slices"
)

// The kept prefix is the body up to the cutoff, parsed as a complete
// document. Its tokens are the full document's tokens up to shortly before
// the cutoff: a token ends either on its own last byte ('>' of a tag or a
// comment) or where the tokenizer sees what starts the next one, which it
// finds by looking at most forkLookahead bytes ahead ("<a" after text,
// "</noscript" and a delimiter after raw text). So the full pass, at the
// last token boundary at least forkLookahead bytes before the cutoff, holds
// exactly the state the prefix's own pass would hold there. It forks a copy
// of itself there, and the copy reads the remaining bytes up to the cutoff
// with a tokenizer of its own: at most one token and the look-ahead, and
// then the end of its input.

// forkLookahead is the most bytes past a token's end that the tokenizer
// reads to end it: "</" plus the longest raw-text element name that has an
// end tag ("noframes", "noscript", "textarea") plus a delimiter is 11.
const forkLookahead = 16

// forkBefore forks the kept prefix's pass when the token of n bytes about
// to be handled at p.off would end within forkLookahead bytes of the
// cutoff, or past it; n is 0 at the end of the input. Only the full pass
// of a cut body forks, and only once.
func (p *pass) forkBefore(n int) {
	if p.cutoff < 0 || p.kept != nil {
		return
	}
	if n > 0 && p.off+int64(n) <= p.cutoff-forkLookahead {
		return
	}
	if p.src != nil {
		// Over an arriving body, whether there is a kept prefix at all is
		// known once the body passes the cutoff or ends before it.
		p.body, _ = p.src.waitLen(p.cutoff + 1)
		if int64(len(p.body)) <= p.cutoff {
			p.cutoff = -1
			return
		}
	}
	k := p.clone()
	k.body = p.body[:p.cutoff]
	k.full, k.cutoff = false, -1
	k.resume(p.tokenAt)
	p.kept = k
}

// clone copies the pass's state, sharing nothing the two passes change
// afterwards. The copy keeps no byte map and no lost examples: those are
// the full document's.
func (p *pass) clone() *pass {
	k := *p
	k.z, k.rs, k.kept, k.src, k.visit = nil, nil, nil, nil, nil
	k.bm = spanWriter{}
	k.name, k.vals, k.carves = nil, nil, nil
	k.lostLinks, k.lostHeadings = nil, nil
	k.st.els = slices.Clone(p.st.els)
	k.jsonld = slices.Clone(p.jsonld)
	k.hc.buf = slices.Clone(p.hc.buf)
	k.interned = maps.Clone(p.interned)
	k.crit = slices.Clone(p.crit)
	for i := range k.crit {
		// Clipped, so that an append on either side never writes into
		// the other's flags.
		k.crit[i].Flags = slices.Clip(k.crit[i].Flags)
	}
	return &k
}

// resume continues a forked pass at p.off to the end of its input. When
// the latest token (at tokenAt) was a raw-text start tag, the tokenizer
// must be in raw-text mode: it reads that tag again, which was handled
// already, so that its state is the full tokenizer's.
func (p *pass) resume(tokenAt int64) {
	if p.rawParent != 0 {
		p.restartAt(tokenAt)
		p.z.Next()
	} else {
		p.restartAt(p.off)
	}
	p.afterToken()
	p.loop()
}
