package render

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// element is one <script> element of the page's source.
type element struct {
	offset, end int64  // the element, start tag through end tag (end of body when unclosed)
	content     int64  // where its text starts
	src         string // the src attribute as written, "" for an inline script
	typ         string // the type attribute, lower case
	closed      bool   // its </script> is in the body
}

// pageSource is what one tokenizer pass over the page's body finds: its
// <script> elements and where each link URL first appears as an href.
type pageSource struct {
	scripts []element
	hrefs   map[string]int64 // resolved href (<a>, <link>) -> offset of its tag
}

// scanSource reads body with x/net/html's tokenizer (offsets are the sums
// of len(Raw())), resolving hrefs against pageURL.
func scanSource(body []byte, pageURL string) *pageSource {
	z := html.NewTokenizer(bytes.NewReader(body))
	src := &pageSource{hrefs: map[string]int64{}}
	var out []element
	var off int64
	open := -1
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		n := int64(len(z.Raw()))
		name, hasAttr := z.TagName()
		switch {
		case tt == html.StartTagToken && (string(name) == "a" || string(name) == "link") && hasAttr:
			src.href(z, pageURL, off)
		case tt == html.StartTagToken && string(name) == "script":
			e := element{offset: off, content: off + n, end: int64(len(body))}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "src":
					e.src = strings.TrimSpace(string(v))
				case "type":
					e.typ = strings.ToLower(strings.TrimSpace(string(v)))
				}
			}
			out = append(out, e)
			open = len(out) - 1
		case tt == html.EndTagToken && string(name) == "script" && open >= 0:
			out[open].end, out[open].closed = off+n, true
			open = -1
		}
		off += n
	}
	src.scripts = out
	return src
}

// href records the href of the current tag.
func (s *pageSource) href(z *html.Tokenizer, pageURL string, off int64) {
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		if string(k) == "href" {
			u := resolve(pageURL, strings.TrimSpace(string(v)))
			if _, ok := s.hrefs[u]; !ok {
				s.hrefs[u] = off
			}
			return
		}
	}
}

// classic reports whether a type attribute makes a script the browser
// runs (a classic script or a module).
func classic(typ string) bool {
	switch typ {
	case "", "text/javascript", "application/javascript", "module", "text/ecmascript",
		"application/ecmascript", "application/x-javascript", "text/x-javascript":
		return true
	}
	return false
}

// lineCol returns the 0-based line and column (in UTF-16 code units, as
// the JavaScript engine counts) of off in body.
func lineCol(body []byte, off int64) (int64, int64) {
	prefix := body[:min(off, int64(len(body)))]
	line := int64(bytes.Count(prefix, []byte{'\n'}))
	start := bytes.LastIndexByte(prefix, '\n') + 1
	var col int64
	for _, r := range string(prefix[start:]) {
		col++
		if r >= 0x10000 {
			col++
		}
	}
	return line, col
}
