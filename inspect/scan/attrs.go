package scan

import (
	"bytes"
	"strings"

	"golang.org/x/net/html/atom"
)

// The functions here read tag names and attributes straight from a tag
// token's raw bytes, following the same rules as x/net/html's tokenizer.
// Reading the raw bytes keeps the attribute values' positions (needed to
// place data: URIs on the byte map) and avoids the allocations that the
// tokenizer's TagName and TagAttr make for every call.

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}

// tagName returns the name of the start or end tag in raw, lower-cased into
// buf (which it may grow), and the index in raw just past the name.
func tagName(raw, buf []byte) (name []byte, next int) {
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	start := i
	if i < len(raw) {
		i++ // the tokenizer takes the first byte as part of the name, whatever it is
	}
	for i < len(raw) {
		c := raw[i]
		if isSpace(c) || c == '/' || c == '>' {
			break
		}
		i++
	}
	buf = buf[:0]
	for _, c := range raw[start:i] {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf, i
}

// attrIter walks the attributes of a start tag token.
type attrIter struct {
	raw []byte
	i   int
}

// next returns the next attribute's key and the bounds of its raw value in
// raw (vs == ve for an attribute without a value). Keys are as written; an
// empty key, which the tokenizer drops, is returned too, callers skip it.
func (it *attrIter) next() (key []byte, vs, ve int, ok bool) {
	raw := it.raw
	it.skipSpace()
	if it.i >= len(raw) || raw[it.i] == '>' {
		return nil, 0, 0, false
	}
	ks := it.i
	for it.i < len(raw) {
		c := raw[it.i]
		if c == '=' && it.i == ks {
			it.i++ // an "=" before the name starts is part of the name
			continue
		}
		if c == '=' || isSpace(c) || c == '/' || c == '>' {
			break
		}
		it.i++
	}
	key = raw[ks:it.i]
	vs, ve = it.value()
	return key, vs, ve, true
}

// value reads an optional "= value" after an attribute key.
func (it *attrIter) value() (vs, ve int) {
	raw := it.raw
	vs, ve = it.i, it.i
	it.skipSpace()
	if it.i >= len(raw) {
		return vs, ve
	}
	switch raw[it.i] {
	case '/':
		it.i++
		return vs, ve
	case '=':
		it.i++
	default:
		return vs, ve
	}
	it.skipSpace()
	if it.i >= len(raw) {
		return it.i, it.i
	}
	switch q := raw[it.i]; q {
	case '>':
		return it.i, it.i
	case '"', '\'':
		it.i++
		vs = it.i
		if j := bytes.IndexByte(raw[vs:], q); j >= 0 {
			it.i = vs + j + 1
			return vs, vs + j
		}
		it.i = len(raw)
		return vs, len(raw)
	}
	vs = it.i
	for it.i < len(raw) && !isSpace(raw[it.i]) && raw[it.i] != '>' {
		it.i++
	}
	return vs, it.i
}

func (it *attrIter) skipSpace() {
	for it.i < len(it.raw) && isSpace(it.raw[it.i]) {
		it.i++
	}
}

// EqualFold reports whether b equals the lower-case ASCII string s, ignoring
// ASCII case in b.
func EqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

// HasPrefixFold reports whether b starts with the lower-case ASCII string s,
// ignoring ASCII case in b.
func HasPrefixFold(b []byte, s string) bool {
	return len(b) >= len(s) && EqualFold(b[:len(s)], s)
}

// attrsMatter reports whether a start tag's attributes need reading: the
// tags the analysis reads, and in the full pass any tag that may hold a
// data: URI or a style attribute. Most tags are neither, and skipping them
// saves a tenth of the analysis time.
func attrsMatter(a atom.Atom, raw []byte, full bool) bool {
	switch a {
	case atom.A, atom.Link, atom.Meta, atom.Script, atom.Base, atom.Font, atom.AnnotationXml:
		return true
	}
	return full && (HasDataColon(raw) || ContainsFold(raw, 'y', "style") || bytes.IndexByte(raw, '&') >= 0)
}

// HasDataColon reports whether raw contains "data:" in any case.
func HasDataColon(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		j := bytes.IndexByte(raw[i:], ':')
		if j < 0 {
			return false
		}
		i += j
		if i >= 4 && EqualFold(raw[i-4:i], "data") {
			return true
		}
	}
	return false
}

// ContainsFold reports whether raw contains the lower-case word w in any case;
// c is a letter of w that narrows the search.
func ContainsFold(raw []byte, c byte, w string) bool {
	at := strings.IndexByte(w, c)
	// One loop over the bytes, c matched in either case by its 0x20 bit:
	// faster on tags than two IndexByte searches.
	for i := at; i+len(w)-at <= len(raw); i++ {
		if raw[i]|0x20 == c && EqualFold(raw[i-at:i-at+len(w)], w) {
			return true
		}
	}
	return false
}

// scanAttrs reads a start tag's attributes from raw, starting at index
// from: the ones the analysis needs go to at, data: URIs and style=""
// values to p.vals for the byte map.
func (p *pass) scanAttrs(raw []byte, from int, at *tagAttrs) {
	it := attrIter{raw: raw, i: from}
	for {
		key, vs, ve, ok := it.next()
		if !ok {
			return
		}
		if len(key) == 0 {
			continue
		}
		val := raw[vs:ve]
		at.set(key, val, vs)
		if !p.full {
			continue
		}
		if EqualFold(key, "style") {
			if ve > vs {
				p.vals = append(p.vals, attrVal{vs: vs, ve: ve, style: true})
			}
		} else if d := dataURIStart(val); d >= 0 {
			p.vals = append(p.vals, attrVal{vs: vs + d, ve: ve})
		}
	}
}
