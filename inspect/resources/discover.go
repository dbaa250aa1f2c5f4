package resources

import (
	"bytes"
	"net/url"

	"golang.org/x/net/html"
)

// Discover lists the resources an HTML page references, in
// document order, without fetching anything: scripts, stylesheets,
// preloads, iframes and the @import rules of inline <style> elements, and,
// as excluded, images, media, fonts, icons, manifests, plugins and data:
// URIs. A URL referenced more than once is listed once, at its first
// reference, with References counting them all. Relative URLs resolve
// against the first <base href> before them, else pageURL (the final URL
// of the page). cutoff is the page's cutoff offset in body, nil when
// nothing is cut. Stylesheets are not fetched, so their own references
// are not listed; Fetch does that. The body is untrusted; any input is
// safe. It may be called from any goroutine.
func Discover(pageURL string, body []byte, cutoff *int64) []Resource {
	d := newDiscoverer(pageURL, cutoff)
	d.page(body)
	return d.resources()
}

// pageTag is the start tag being looked at: its offsets and the
// attributes discovery reads.
type pageTag struct {
	start, end int64
	attrs      resAttrs
}

// resAttrs are the attribute values discovery needs from one tag.
type resAttrs struct {
	src, href, rel, as, srcset, typ, poster, data string
	nomodule                                      bool
}

// page runs one tokenizer pass over body. Offsets are the sum of the
// lengths of the raw tokens, so they are byte offsets into body; the
// tokenizer reads the contents of <script>, <style>, <noscript>, <iframe>
// and the like as raw text, as a browser with scripting enabled does, so
// markup inside <noscript> is not listed.
func (d *discoverer) page(body []byte) {
	z := html.NewTokenizer(bytes.NewReader(body))
	var off int64
	inStyle := false
	for {
		tt := z.Next()
		start := off
		off += int64(len(z.Raw()))
		switch tt {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			inStyle = tt == html.StartTagToken && string(name) == "style"
			d.startTag(z, name, hasAttr, tt == html.SelfClosingTagToken, start, off)
		case html.EndTagToken:
			name, _ := z.TagName()
			d.endTag(name)
			inStyle = false
		case html.TextToken:
			if inStyle {
				d.inlineStyle(z.Raw(), start)
			}
			inStyle = false
		default:
			inStyle = false
		}
	}
}

// startTag lists the references of one start tag. It reads attributes
// only for the tags that can hold a reference.
func (d *discoverer) startTag(z *html.Tokenizer, name []byte, hasAttr, selfClosing bool, start, end int64) {
	switch string(name) {
	case "picture":
		d.inPicture += resBoolInt(!selfClosing)
		return
	case "video", "audio":
		d.inMedia += resBoolInt(!selfClosing)
	case "base", "script", "link", "iframe", "frame", "img", "source", "track", "embed", "object":
	default:
		return
	}
	if !hasAttr {
		return
	}
	t := pageTag{start: start, end: end, attrs: readTagAttrs(z)}
	switch string(name) {
	case "base":
		d.baseTag(t.attrs.href)
	case "script":
		d.scriptTag(t)
	case "link":
		d.linkTag(t)
	default:
		d.mediaTag(string(name), t)
	}
}

func (d *discoverer) endTag(name []byte) {
	switch string(name) {
	case "picture":
		d.inPicture = max(d.inPicture-1, 0)
	case "video", "audio":
		d.inMedia = max(d.inMedia-1, 0)
	}
}

// readTagAttrs copies the attribute values discovery uses. The first of
// duplicated attributes wins, as in browsers.
func readTagAttrs(z *html.Tokenizer) resAttrs {
	var a resAttrs
	var seen uint8 // one bit per field of a, by its position in fields
	fields := [...]*string{&a.src, &a.href, &a.rel, &a.as, &a.srcset, &a.typ, &a.poster, &a.data}
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		i := -1
		switch string(k) {
		case "src":
			i = 0
		case "href":
			i = 1
		case "rel":
			i = 2
		case "as":
			i = 3
		case "srcset":
			i = 4
		case "type":
			i = 5
		case "poster":
			i = 6
		case "data":
			i = 7
		case "nomodule":
			a.nomodule = true
		}
		if i >= 0 && seen&(1<<i) == 0 {
			seen |= 1 << i
			*fields[i] = string(v)
		}
	}
	return a
}

// baseTag sets the base URL from the first <base href>.
func (d *discoverer) baseTag(href string) {
	if d.baseSet || href == "" {
		return
	}
	d.baseSet = true
	if u, err := d.base.Parse(cleanURLAttr(href)); err == nil && resIsHTTP(u.Scheme) {
		d.base, d.resolved = u, nil
	}
}

func resBoolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func resIsHTTP(scheme string) bool { return scheme == "http" || scheme == "https" }

// resParseBase parses the page URL; a page URL that does not parse (a local
// file) leaves relative references unresolved.
func resParseBase(pageURL string) *url.URL {
	u, err := url.Parse(pageURL)
	if err != nil {
		return &url.URL{}
	}
	return u
}
