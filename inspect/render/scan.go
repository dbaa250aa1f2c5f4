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

// scripts lists the <script> elements of body with their offsets, read
// with x/net/html's tokenizer (offsets are the sums of len(Raw())).
func scripts(body []byte) []element {
	z := html.NewTokenizer(bytes.NewReader(body))
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
	return out
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
