package whatif

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// tagMoves adds the moves inside one start tag, which starts at body
// offset off: its style attribute to a class, and its data: URIs to files.
func (f *finder) tagMoves(tag []byte, off int64) {
	var style *attr
	for i := range f.attrs {
		a := &f.attrs[i]
		switch {
		case a.is("style"):
			if style == nil {
				style = a
				f.styleAttribute(tag, off, a)
			}
		case a.hasValue && holdsURL(a.name):
			f.attrDataURIs(tag, off, a)
		}
	}
}

// holdsURL reports whether an attribute of this name holds a URL (or, for
// srcset, URLs) that a data: URI can be swapped for: the ones naming
// images and files, and data-* attributes, where lazy loaders keep theirs.
func holdsURL(name []byte) bool {
	for _, n := range []string{"src", "srcset", "href", "xlink:href", "poster", "data", "background", "lowsrc"} {
		if scan.EqualFold(name, n) {
			return true
		}
	}
	return scan.HasPrefixFold(name, "data-")
}

// styleAttribute adds the move of a style attribute a to a class, and the
// data: URIs in its CSS. With a class attribute on the same tag, the move
// covers both and adds the new class to the existing ones.
func (f *finder) styleAttribute(tag []byte, off int64, a *attr) {
	if len(bytes.TrimSpace(a.value(tag))) == 0 {
		return
	}
	f.classes++
	name := "s-" + strconv.Itoa(f.classes)
	class := f.attr("class")
	start, end, repl := a.start, a.end, `class="`+name+`"`
	if class != nil && f.dataURIBetween(tag, class, a) {
		// One range cannot merge the class without taking the data: URI
		// along: the new class attribute goes in the style's place, and
		// the parser keeps the first. This saves fewer bytes than the real
		// fix, never more.
		repl = mergedClass(tag, class, name)
	} else if class != nil {
		merged := mergedClass(tag, class, name)
		if class.start < a.start {
			start, repl = class.start, merged+string(bytes.TrimRight(tag[class.end:a.start], " \t\n\r\f"))
		} else {
			end, repl = class.end, string(bytes.TrimLeft(tag[a.end:class.start], " \t\n\r\f"))+merged
		}
	}
	f.add(StyleAttributes, off+int64(start), off+int64(end), repl)
	quote := ""
	if a.quote != 0 && bytes.Contains(a.value(tag), []byte("&quot;")) {
		quote = "&quot;"
	}
	f.cssDataURIs(off+int64(a.vs), off+int64(a.ve), quote, a)
}

// dataURIBetween reports whether an attribute between a and b (in either
// order) holds a data: URI, which a move covering both would swallow.
func (f *finder) dataURIBetween(tag []byte, a, b *attr) bool {
	lo, hi := min(a.start, b.start), max(a.end, b.end)
	for i := range f.attrs {
		c := &f.attrs[i]
		if c.start > lo && c.end < hi && holdsURL(c.name) && bytes.Contains(c.value(tag), []byte("data:")) {
			return true
		}
	}
	return false
}

// mergedClass writes the class attribute c with the class name added.
func mergedClass(tag []byte, c *attr, name string) string {
	v := strings.TrimSpace(string(c.value(tag)))
	if v != "" {
		v += " "
	}
	v += name
	q := `"`
	if strings.Contains(v, `"`) {
		q = "'"
	}
	return string(c.name) + "=" + q + v + q
}

// attrDataURIs adds a move for each data: URI in the value of attribute a:
// the value itself, or for a srcset each candidate's URL.
func (f *finder) attrDataURIs(tag []byte, off int64, a *attr) {
	v := a.value(tag)
	// The pass reads no such value but href's; inside quotes, a URL with
	// no quote in it changes nothing but the value.
	neutral := a.quote != 0 && !a.is("href")
	if !a.is("srcset") && !a.is("data-srcset") {
		s := skipSpace(v, 0)
		if scan.HasPrefixFold(v[s:], "data:") {
			e := len(bytes.TrimRight(v, " \t\n\r\f"))
			f.dataURI(off+int64(a.vs+s), off+int64(a.vs+e), neutral)
		}
		return
	}
	// A srcset candidate is a URL up to white space, then an optional
	// descriptor, then a comma; a data: URI holds no white space.
	for i := 0; i < len(v); {
		i = skipSpace(v, i)
		for i < len(v) && v[i] == ',' {
			i = skipSpace(v, i+1)
		}
		j := i
		for j < len(v) && !isSpace(v[j]) {
			j++
		}
		if scan.HasPrefixFold(v[i:], "data:") {
			f.dataURI(off+int64(a.vs+i), off+int64(a.vs+j), neutral)
		}
		for j < len(v) && v[j] != ',' {
			j++ // the descriptor
		}
		i = j
	}
}

// cssDataURIs adds a move for each data: URI in a CSS url() in the body
// bytes [start, end); quote is "&quot;" when the CSS sits in an attribute
// that writes its quotes so; in is that attribute, nil for the content of
// a <style> element.
func (f *finder) cssDataURIs(start, end int64, quote string, in *attr) {
	css := f.body[start:end]
	for at := 0; at < len(css); {
		j := bytes.Index(css[at:], []byte("data:"))
		if j < 0 {
			return
		}
		s := at + j
		q, ok := scan.URLOpen(css[:s], quote)
		if !ok {
			at = s + len("data:")
			continue
		}
		e := urlClose(css, s, q)
		// In a quoted value (style="", which the pass does not read), a
		// file URL changes nothing but the value. In text, a token or an
		// end tag can only start at a '<': a file URL has none, so one
		// just before the URI is all that could make one ("</style").
		neutral := in != nil && in.quote != 0 ||
			in == nil && bytes.IndexByte(css[max(0, s-len("</style>")):s], '<') < 0
		f.dataURI(start+int64(s), start+int64(e), neutral)
		at = e
	}
}

// urlClose returns where the URL that starts at s in css ends: at its
// closing quote, or for an unquoted one at ')' less trailing white space.
func urlClose(css []byte, s int, quote string) int {
	if quote != "" {
		if i := bytes.Index(css[s:], []byte(quote)); i >= 0 {
			return s + i
		}
		return len(css)
	}
	e := len(css)
	if i := bytes.IndexByte(css[s:], ')'); i >= 0 {
		e = s + i
	}
	return s + len(bytes.TrimRight(css[s:e], " \t\n\r\f"))
}

// dataURI adds the move of the data: URI at [start, end) to a file URL;
// neutral says that the move changes nothing the page's pass reads (see
// finder.neutral).
func (f *finder) dataURI(start, end int64, neutral bool) {
	f.uris++
	m := Move{Start: start, End: end, Replacement: assetURL(f.body[start:end], f.uris)}
	if f.add(DataURIs, m.Start, m.End, m.Replacement) && neutral {
		if f.neutral == nil {
			f.neutral = map[Move]bool{}
		}
		f.neutral[m] = true
	}
}

// extensions maps a data: URI's media subtype to its file's extension.
var extensions = map[string]string{
	"png": "png", "jpeg": "jpg", "jpg": "jpg", "gif": "gif", "svg+xml": "svg", "webp": "webp",
	"avif": "avif", "x-icon": "ico", "vnd.microsoft.icon": "ico", "woff2": "woff2", "woff": "woff",
	"font-woff": "woff", "font-woff2": "woff2", "ttf": "ttf", "otf": "otf", "bmp": "bmp",
}

// assetURL names the file a data: URI would be served as: its media type
// gives the folder-free name's prefix and extension, n makes it unique.
func assetURL(uri []byte, n int) string {
	mime := uri[len("data:"):]
	if i := bytes.IndexAny(mime, ";,"); i >= 0 {
		mime = mime[:i]
	}
	typ, sub, _ := strings.Cut(strings.ToLower(strings.TrimSpace(string(mime))), "/")
	prefix := "file"
	switch typ {
	case "image":
		prefix = "img"
	case "font":
		prefix = "font"
	}
	ext := extensions[sub]
	if ext == "" {
		ext = "bin"
	}
	return "/assets/" + prefix + "-" + strconv.Itoa(n) + "." + ext
}
