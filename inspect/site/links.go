package site

import (
	"bytes"
	"net/url"

	"golang.org/x/net/html"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// pageLinks are a page's in-scope links, normalised, each once.
type pageLinks struct {
	kept     []string // in the kept prefix: the crawler sees them
	lostOnly []string // only past the cutoff: the crawler never sees them
}

// The links kept per page and per side (kept, lost only) are bounded in
// count and in bytes, so that a page of a million links, or of links a
// kilobyte long, cannot grow a run's memory: a real page's links, a few
// thousand of some 100 bytes, stay well within both.
const (
	maxPageLinks     = 5000
	maxPageLinkBytes = 256 << 10
)

// linkSide is one side of a page's links with what it holds.
type linkSide struct {
	links []string
	bytes int
}

func (s *linkSide) add(n string) {
	if len(s.links) < maxPageLinks && s.bytes+len(n) <= maxPageLinkBytes {
		s.links = append(s.links, n)
		s.bytes += len(n)
	}
}

// linkReader reads the links of one page from the anchors its analysis
// located: no second tokenizer pass.
type linkReader struct {
	body    []byte
	base    *url.URL // what relative hrefs resolve against
	origin  []byte   // the base's normalised scheme and host, when in scope; nil otherwise
	inScope func(string) bool
	seen    map[string]int8 // 1 kept, 2 lost
	buf     []byte
}

// extractLinks reads the <a href> links of body located by anchors (see
// scan.Anchors). A link is kept when its start tag ends at or before
// cut; cut < 0 means nothing is cut. <base href> changes how relative
// hrefs resolve, as in a browser. inScope says which normalised URLs
// count.
func extractLinks(body []byte, anchors scan.Anchors, page *url.URL, cut int64, inScope func(string) bool) pageLinks {
	lr := linkReader{body: body, base: page, inScope: inScope, seen: map[string]int8{}}
	if b := anchors.Base; b.HrefEnd > b.HrefStart {
		if ref, err := url.Parse(string(lr.href(b))); err == nil {
			lr.base = page.ResolveReference(ref)
		}
	}
	if o, err := normaliseURL(&url.URL{Scheme: lr.base.Scheme, Host: lr.base.Host}); err == nil && inScope(o) {
		lr.origin = []byte(o[:len(o)-1]) // without the path "/"
	}
	var kept, lost linkSide
	for _, a := range anchors.Links {
		n, ok := lr.resolve(lr.href(a))
		if !ok {
			continue
		}
		switch k := cut < 0 || a.TagEnd <= cut; {
		case k && lr.seen[string(n)] != 1:
			s := string(n)
			kept.add(s)
			lr.seen[s] = 1
		case !k && lr.seen[string(n)] == 0:
			s := string(n)
			lost.add(s)
			lr.seen[s] = 2
		}
	}
	return pageLinks{kept: kept.links, lostOnly: dropKept(lost.links, lr.seen)}
}

// href is an anchor's value as the tokenizer gives it (character
// references decoded by the rules for attributes, which leave "&copy=" in
// a query alone; NUL and carriage returns replaced), surrounding space
// removed. The few values with a "&", a NUL or a carriage return are read
// by the tokenizer from their start tag.
func (lr *linkReader) href(a scan.Anchor) []byte {
	v := lr.body[a.HrefStart:a.HrefEnd]
	if !bytes.ContainsAny(v, "&\x00\r") {
		return bytes.TrimSpace(v)
	}
	z := html.NewTokenizer(bytes.NewReader(lr.body[a.TagStart:a.TagEnd]))
	z.Next()
	for {
		key, val, more := z.TagAttr()
		if string(key) == "href" {
			return bytes.TrimSpace(val)
		}
		if !more {
			return nil
		}
	}
}

// resolve returns href resolved and normalised when it is in scope, in a
// buffer the next call reuses. A path from the root of the base's host, the
// common case, is joined to the host without parsing (fastPath); any other
// href goes through url.Parse and Normalise.
func (lr *linkReader) resolve(href []byte) ([]byte, bool) {
	if fastPath(href) {
		if lr.origin == nil {
			return nil, false
		}
		lr.buf = append(append(lr.buf[:0], lr.origin...), href...)
		if i := bytes.IndexByte(lr.buf, '#'); i >= 0 {
			lr.buf = lr.buf[:i]
		}
		return lr.buf, true
	}
	ref, err := url.Parse(string(href))
	if err != nil {
		return nil, false
	}
	n, err := normaliseURL(lr.base.ResolveReference(ref))
	if err != nil || !lr.inScope(n) {
		return nil, false
	}
	lr.buf = append(lr.buf[:0], n...)
	return lr.buf, true
}

// fastPath says whether href is a path from the root that url.Parse,
// ResolveReference and Normalise leave as written: it starts with one "/",
// its path holds only characters that need no escaping and no empty or
// dot segment, and its query and fragment only printable ASCII.
func fastPath(href []byte) bool {
	if len(href) == 0 || href[0] != '/' {
		return false
	}
	for i, c := range href {
		switch {
		case c == '?' || c == '#':
			return printable(href[i+1:])
		case c == '/' && i+1 < len(href) && (href[i+1] == '/' || href[i+1] == '.'):
			return false
		case !pathByte(c):
			return false
		}
	}
	return true
}

func pathByte(c byte) bool { return pathBytes[c] }

// pathBytes are the bytes a path keeps as written: letters, digits and
// "-._~!$&'()*+,;=:@/".
var pathBytes = func() (t [256]bool) {
	for c := range t {
		b := byte(c)
		t[c] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' ||
			bytes.IndexByte([]byte("-._~!$&'()*+,;=:@/"), b) >= 0
	}
	return t
}()

func printable(b []byte) bool {
	for _, c := range b {
		if c <= ' ' || c >= 0x7f || c == '%' {
			return false
		}
	}
	return true
}

// dropKept removes the lost links that also appear before the cutoff.
func dropKept(lost []string, seen map[string]int8) []string {
	out := lost[:0]
	for _, n := range lost {
		if seen[n] == 2 {
			out = append(out, n)
		}
	}
	return out
}
