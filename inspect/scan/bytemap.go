package scan

import (
	"bytes"
	"fmt"
	"html"
	"iter"
	"sort"
	"strings"
)

// SpanKind says what a run of body bytes is made of. Its text form (used in
// JSON) is one of the names listed with the constants.
type SpanKind uint8

// Span kinds. Every body byte belongs to exactly one span of one kind.
const (
	SpanMarkup       SpanKind = iota // "markup": tags, attributes, doctype
	SpanText                         // "text": text content, title and textarea text
	SpanWhitespace                   // "whitespace": text tokens made only of white space
	SpanComment                      // "comment": <!-- ... --> and bogus comments
	SpanInlineScript                 // "inline-script": content of <script> elements
	SpanJSONLD                       // "json-ld": content of <script type="application/ld+json">
	SpanInlineStyle                  // "inline-style": <style> content and style="" values
	SpanDataURI                      // "data-uri": data: URIs in attributes and in CSS url()
	SpanInlineSVG                    // "inline-svg": an inline <svg> element, start tag to end tag
	// NumSpanKinds counts the kinds above, for arrays indexed by kind.
	NumSpanKinds
)

var spanKindNames = [NumSpanKinds]string{
	SpanMarkup:       "markup",
	SpanText:         "text",
	SpanWhitespace:   "whitespace",
	SpanComment:      "comment",
	SpanInlineScript: "inline-script",
	SpanJSONLD:       "json-ld",
	SpanInlineStyle:  "inline-style",
	SpanDataURI:      "data-uri",
	SpanInlineSVG:    "inline-svg",
}

// SpanKinds lists every span kind in a fixed order, for legends and tables.
var SpanKinds = []SpanKind{
	SpanInlineScript, SpanJSONLD, SpanInlineStyle, SpanDataURI, SpanInlineSVG,
	SpanComment, SpanMarkup, SpanText, SpanWhitespace,
}

// String returns the kind's name, e.g. "inline-script".
func (k SpanKind) String() string {
	if k < NumSpanKinds {
		return spanKindNames[k]
	}
	return fmt.Sprintf("SpanKind(%d)", uint8(k))
}

// MarshalText encodes the kind as its name.
func (k SpanKind) MarshalText() ([]byte, error) {
	if k >= NumSpanKinds {
		return nil, fmt.Errorf("inspect: unknown span kind %d", uint8(k))
	}
	return []byte(spanKindNames[k]), nil
}

// UnmarshalText decodes a kind name.
func (k *SpanKind) UnmarshalText(b []byte) error {
	for i, n := range spanKindNames {
		if n == string(b) {
			*k = SpanKind(i)
			return nil
		}
	}
	return fmt.Errorf("inspect: unknown span kind %q", b)
}

// Span is a run of body bytes of one kind: Offset inclusive, End exclusive,
// both byte offsets into the decoded body.
type Span struct {
	Kind   SpanKind `json:"kind"`
	Offset int64    `json:"offset"`
	End    int64    `json:"end"`
}

// Len returns the span's length in bytes.
func (s Span) Len() int64 { return s.End - s.Offset }

// Composition maps a span kind name to its total bytes. Its values add up to
// the body length exactly.
type Composition map[string]int64

// ByteMap is the byte map of a body: contiguous spans, each of one kind,
// covering every byte once, neighbours of the same kind merged. A big page
// has millions of spans, so each is stored in 8 bytes (its end offset with
// its kind in the top byte), in blocks of fixed size so that the map grows
// without copying, and read through methods. The zero ByteMap maps an
// empty body.
type ByteMap struct {
	blocks [][]uint64 // every block holds spanBlock spans but the last
	n      int
}

const (
	kindShift = 56
	endMask   = 1<<kindShift - 1

	// spanBlockBits sizes a block: 32,768 spans, 256 KiB.
	spanBlockBits = 15
	spanBlock     = 1 << spanBlockBits
)

func (m *ByteMap) word(i int) uint64   { return m.blocks[i>>spanBlockBits][i&(spanBlock-1)] }
func (m *ByteMap) end(i int) int64     { return int64(m.word(i) & endMask) }
func (m *ByteMap) kind(i int) SpanKind { return SpanKind(m.word(i) >> kindShift) }

// push appends a span word. The first block grows as a slice does, so
// that a small page keeps a small map; the next ones are made whole.
func (m *ByteMap) push(w uint64) {
	k := len(m.blocks) - 1
	if k < 0 || len(m.blocks[k]) == spanBlock {
		size := spanBlock
		if k < 0 {
			size = 64
		}
		m.blocks = append(m.blocks, make([]uint64, 0, size))
		k++
	}
	m.blocks[k] = append(m.blocks[k], w)
	m.n++
}

// Len returns the number of spans.
func (m *ByteMap) Len() int { return m.n }

// Size returns the number of bytes mapped: the body length.
func (m *ByteMap) Size() int64 {
	if m.n == 0 {
		return 0
	}
	return m.end(m.n - 1)
}

// At returns span i, 0 <= i < Len().
func (m *ByteMap) At(i int) Span {
	s := Span{Kind: m.kind(i), End: m.end(i)}
	if i > 0 {
		s.Offset = m.end(i - 1)
	}
	return s
}

// Find returns the index of the span holding byte offset off, found by
// binary search, and false when off is outside the body.
func (m *ByteMap) Find(off int64) (int, bool) {
	i := sort.Search(m.n, func(i int) bool { return m.end(i) > off })
	return i, off >= 0 && i < m.n
}

// Spans returns all spans as a slice (24 bytes each: for big pages prefer
// All, At, Find and Coarsen).
func (m *ByteMap) Spans() []Span {
	out := make([]Span, 0, m.n)
	for s := range m.All() {
		out = append(out, s)
	}
	return out
}

// All yields the spans in order. It reads the stored words block by block,
// several times faster than At over the millions of spans of a big page.
func (m *ByteMap) All() iter.Seq[Span] {
	return func(yield func(Span) bool) {
		var start int64
		for _, block := range m.blocks {
			for _, w := range block {
				end := int64(w & endMask)
				if !yield(Span{Kind: SpanKind(w >> kindShift), Offset: start, End: end}) {
					return
				}
				start = end
			}
		}
	}
}

// Composition sums the bytes per kind; every kind is present, zero or
// not, so that JSON output has a stable shape.
func (m *ByteMap) Composition() Composition {
	var sums [NumSpanKinds]int64
	for s := range m.All() {
		sums[s.Kind] += s.Len()
	}
	c := make(Composition, NumSpanKinds)
	for k, n := range sums {
		c[spanKindNames[k]] = n
	}
	return c
}

// Append appends a span to m, merging it into the last one when both have
// the same kind and touch. Spans must come in order; an empty one is
// dropped. The pass builds its maps itself; Append builds one by hand.
func (m *ByteMap) Append(k SpanKind, start, end int64) { m.add(k, start, end) }

// add appends a span, merging it into the previous one when both have the
// same kind and touch. Spans arrive in order; an empty one is dropped.
func (m *ByteMap) add(k SpanKind, start, end int64) {
	if end <= start || end > endMask {
		return
	}
	w := uint64(end) | uint64(k)<<kindShift
	if nb := len(m.blocks); nb > 0 {
		last := m.blocks[nb-1] // never empty
		if lw := last[len(last)-1]; SpanKind(lw>>kindShift) == k && int64(lw&endMask) == start {
			last[len(last)-1] = w
			return
		}
	}
	m.push(w)
}

// spanWriter feeds a ByteMap, or nothing when off (the prefix pass).
type spanWriter struct {
	m  ByteMap
	on bool
}

func (w *spanWriter) add(k SpanKind, start, end int64) {
	if w.on {
		w.m.add(k, start, end)
	}
}

// carve is a sub-range of a token, relative to the token's first byte, that
// has its own kind (a data: URI inside a tag, a style="" value).
type carve struct {
	start, end int
	kind       SpanKind
}

// addToken records a token of base kind starting at off, with carves (in
// order, not overlapping) cut out of it.
func (w *spanWriter) addToken(base SpanKind, off int64, n int, carves []carve) {
	at := 0
	for _, c := range carves {
		if c.start < at || c.end > n || c.end <= c.start {
			continue // defensive: never let a bad carve break coverage
		}
		w.add(base, off+int64(at), off+int64(c.start))
		w.add(c.kind, off+int64(c.start), off+int64(c.end))
		at = c.end
	}
	w.add(base, off+int64(at), off+int64(n))
}

// Coarsen reduces the map to at most about n segments for drawing a ruler
// n pixels wide: the body is cut into n equal slices, each slice takes the
// kind that holds most of its bytes, and neighbouring slices of the same
// kind are merged. The segments still cover the body exactly.
func (m *ByteMap) Coarsen(n int) []Span {
	if n <= 0 || m.n == 0 {
		return nil
	}
	if m.n <= n {
		return m.Spans()
	}
	total := m.Size()
	var out ByteMap
	i := 0
	for b := 0; b < n; b++ {
		lo, hi := total*int64(b)/int64(n), total*int64(b+1)/int64(n)
		if hi <= lo {
			continue
		}
		var sums [NumSpanKinds]int64
		for i < m.n {
			s := m.At(i)
			sums[s.Kind] += min(s.End, hi) - max(s.Offset, lo)
			if s.End > hi {
				break
			}
			i++
		}
		out.add(dominant(sums), lo, hi)
	}
	return out.Spans()
}

func dominant(sums [NumSpanKinds]int64) SpanKind {
	best := SpanMarkup
	for k, v := range sums {
		if v > sums[best] {
			best = SpanKind(k)
		}
	}
	return best
}

// dataURIStart returns where a data: URI starts in an attribute value
// (after leading white space), or -1 when the value is not one.
func dataURIStart(val []byte) int {
	i := 0
	for i < len(val) && isSpace(val[i]) {
		i++
	}
	if HasPrefixFold(val[i:], "data:") {
		return i
	}
	head := val[i:min(len(val), i+64)]
	if len(head) > 0 && head[0] == '&' || len(head) > 4 && HasPrefixFold(head, "data") && head[4] == '&' {
		// "data&colon;..." is still a data: URI once references are decoded.
		u := strings.TrimSpace(html.UnescapeString(string(head)))
		if len(u) >= 5 && strings.EqualFold(u[:5], "data:") {
			return i
		}
	}
	return -1
}

// cssDataURIs appends carves for the data: URIs inside CSS url() found in
// css, which starts at index base of its token. With outer, the CSS around
// them is carved as inline-style too (for style="" values).
func cssDataURIs(dst []carve, css []byte, base int, outer bool) []carve {
	at := 0
	for at < len(css) {
		j := bytes.Index(css[at:], []byte("data:"))
		if j < 0 {
			break
		}
		s := at + j
		quote, ok := URLOpen(css[:s], "&quot;")
		if !ok {
			if outer {
				dst = appendCarve(dst, base+at, base+s+5, SpanInlineStyle)
			}
			at = s + 5
			continue
		}
		e := urlClose(css, s, quote)
		if outer {
			dst = appendCarve(dst, base+at, base+s, SpanInlineStyle)
		}
		dst = appendCarve(dst, base+s, base+e, SpanDataURI)
		at = e
	}
	if outer {
		dst = appendCarve(dst, base+at, base+len(css), SpanInlineStyle)
	}
	return dst
}

func appendCarve(dst []carve, start, end int, k SpanKind) []carve {
	if end <= start {
		return dst
	}
	return append(dst, carve{start: start, end: end, kind: k})
}

// URLOpen reports whether before ends with "url(", optional white space and
// an optional quote, and returns that quote ("" when none). entity, when not
// "", is a quote written as a character reference that counts too
// ("&quot;" inside a style attribute).
func URLOpen(before []byte, entity string) (quote string, ok bool) {
	b := bytes.TrimRight(before, " \t\n\r\f")
	switch {
	case entity != "" && bytes.HasSuffix(b, []byte(entity)):
		quote, b = entity, b[:len(b)-len(entity)]
	case bytes.HasSuffix(b, []byte(`"`)), bytes.HasSuffix(b, []byte("'")):
		quote, b = string(b[len(b)-1:]), b[:len(b)-1]
	}
	b = bytes.TrimRight(b, " \t\n\r\f")
	if len(b) < 4 || b[len(b)-1] != '(' {
		return "", false
	}
	return quote, EqualFold(b[len(b)-4:len(b)-1], "url")
}

// urlClose returns the end of a url() value that starts at s.
func urlClose(css []byte, s int, quote string) int {
	end := quote
	if end == "" {
		end = ")"
	}
	if i := bytes.Index(css[s:], []byte(end)); i >= 0 {
		return s + i
	}
	return len(css)
}

// tagCarves returns the carves of a start tag: its data: URIs and, outside
// SVG, its style="" values.
func (p *pass) tagCarves(raw []byte, svg bool) []carve {
	p.carves = p.carves[:0]
	for _, v := range p.vals {
		if v.style {
			p.carves = cssDataURIs(p.carves, raw[v.vs:v.ve], v.vs, !svg)
		} else {
			p.carves = append(p.carves, carve{start: v.vs, end: v.ve, kind: SpanDataURI})
		}
	}
	return p.carves
}

// CheckSpans reports how spans fail the byte map's invariant: in order,
// not empty, neighbours of different kinds, covering [0, bodyLen)
// exactly; nil when they hold it. The fuzzers check every map with it.
func CheckSpans(spans []Span, bodyLen int64) error {
	at := int64(0)
	for i, s := range spans {
		if s.Offset != at || s.End <= s.Offset {
			return fmt.Errorf("span %d (%s %d-%d) does not continue at %d", i, s.Kind, s.Offset, s.End, at)
		}
		if i > 0 && spans[i-1].Kind == s.Kind {
			return fmt.Errorf("spans %d and %d both %s: not merged", i-1, i, s.Kind)
		}
		at = s.End
	}
	if at != bodyLen {
		return fmt.Errorf("spans end at %d, body has %d bytes", at, bodyLen)
	}
	return nil
}
