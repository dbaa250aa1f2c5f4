// Package scan is the byte pass: it reads a page's body once, in order,
// with golang.org/x/net/html's tokenizer (stepping over raw text, tags and
// text itself where it can), following the tree builder's rules where they
// decide what an element is, and finds the byte map, the critical elements
// and, from a pass forked a few bytes before the cutoff, what the kept
// prefix parsed as a complete document keeps (the impact). It can read a
// body while it arrives (Stream). It knows nothing of findings, reports or
// the network: inspect.Analyze turns a Result into an Analysis.
package scan

import (
	"net/url"
	"strings"
)

// Result is what one pass over a page's body found. Offsets are byte
// offsets into the body. Run and Stream.ResultFor return the values it
// quotes (titles, hrefs, headings) as the page's bytes; Decode turns them
// into text once the body's charset is known.
type Result struct {
	// ByteMap holds the spans covering the body exactly.
	ByteMap ByteMap
	// Critical lists the critical elements in the order the pass met them;
	// BeyondCutoff, AtRisk and the cut flag are left to the caller, who
	// knows the limit's readings.
	Critical []Critical
	// Impact compares the full page with the kept prefix parsed as a
	// complete document; nil when nothing is cut.
	Impact *Impact
	// SVGTitles counts the <title> elements inside inline SVG.
	SVGTitles int
	// NoscriptAt is the offset of a head <noscript> that ends the head
	// when scripting is off, -1 when none; NoscriptWhat says what in it
	// does: "<img>", "text".
	NoscriptAt   int64
	NoscriptWhat string
	// Anchors locates the page's links when the pass was asked to record
	// them (Run's anchors); empty otherwise.
	Anchors Anchors
}

// Run reads body once, as the crawler whose robots.txt tokens (lower case,
// as LowerAll gives them) are tokens sees it, with the cutoff at body
// offset cutoff (-1 when nothing is cut); the kept prefix's pass forks
// from it shortly before the cutoff. base is the page's URL, to tell
// internal links from external ones; nil means only relative links are
// internal. steps is DefaultSteps but in tests. anchors asks the pass to
// record where every link is (Result.Anchors). The body is untrusted: Run
// never panics and its memory stays proportional to the body.
func Run(body []byte, cutoff int64, tokens []string, base *url.URL, steps Steps, anchors bool) *Result {
	full := newPass(body, true, cutoff, tokens, newLinkResolver(base))
	full.steps = steps
	full.keepAnchors = anchors
	full.run()
	return full.result()
}

// result is what the full pass p found.
func (p *pass) result() *Result {
	r := &Result{ByteMap: p.bm.m, Critical: p.crit, SVGTitles: p.svgTitles,
		NoscriptAt: p.noscriptBreak, NoscriptWhat: p.noscriptWhat, Anchors: p.anchors}
	if p.cutoff >= 0 {
		r.Impact = impact(p, p.kept, p.cutoff)
	}
	return r
}

// LowerAll lower-cases and trims robots.txt tokens, dropping empty ones,
// as the pass compares them.
func LowerAll(ss []string) []string {
	out := make([]string, 0, len(ss))
	for _, s := range ss {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// CriticalOnly reads body as Run does with nothing cut, but finds only the
// critical elements (without their JSON-LD types), with no byte map: what
// a what-if simulation needs of an edited body.
func CriticalOnly(body []byte, tokens []string, base *url.URL) []Critical {
	p := newPass(body, false, -1, tokens, newLinkResolver(base))
	p.run()
	return p.crit
}
