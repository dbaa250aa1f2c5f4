package scan

import (
	"bytes"
	"html"
	"net/url"
	"strings"
)

// linkClass says whether an href leads a crawler to a page on the same site.
type linkClass uint8

const (
	linkNone     linkClass = iota // not a crawlable link: fragment, mailto:, javascript:, empty
	linkInternal                  // same host (www. ignored)
	linkExternal                  // another host
)

// siteHost returns u's host in the form hosts are compared: lower case, no
// port, no trailing dot, no leading "www.".
func siteHost(u *url.URL) string {
	if u == nil {
		return ""
	}
	return normHost(u.Hostname())
}

func normHost(h string) string {
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	return strings.TrimPrefix(h, "www.")
}

// linkResolver classifies hrefs without parsing each into a url.URL: the
// only question is which host a link points to, and pages carry tens of
// thousands of links.
type linkResolver struct {
	page string // siteHost of the page
	rel  string // host relative links resolve to (the <base> host, or page)
}

// newLinkResolver resolves the links of the page at u (nil when unknown:
// then only relative links count as internal).
func newLinkResolver(u *url.URL) linkResolver {
	h := siteHost(u)
	return linkResolver{page: h, rel: h}
}

func (r *linkResolver) setBase(href []byte) {
	h, ok := hrefHost(bytes.TrimSpace(href))
	if ok && len(h) > 0 {
		r.rel = normHost(string(h))
	}
}

func (r *linkResolver) classify(href []byte) linkClass {
	href = bytes.Trim(href, " \t\n\r\f")
	if len(href) == 0 || href[0] == '#' {
		return linkNone
	}
	if schemeObscured(href) {
		href = bytes.Map(dropTabOrNewline, []byte(html.UnescapeString(string(href))))
	}
	h, ok := hrefHost(href)
	if bytes.IndexByte(h, '&') >= 0 {
		// Only a character reference inside the host changes the answer;
		// the common "&amp;" in a query string does not.
		h, ok = hrefHost([]byte(html.UnescapeString(string(href))))
	}
	switch {
	case !ok:
		return linkNone
	case len(h) == 0 && r.rel == r.page, len(h) > 0 && sameHost(h, r.page):
		return linkInternal
	}
	return linkExternal
}

// schemeObscured reports whether the part of href before its path, query
// or fragment holds a character reference or a tab or newline, which the
// URL parser reads through: "javascript&colon;void(0)" and
// "java&#115;cript:" are javascript: URLs, not relative links. The common
// "&amp;" in a query string is past that part and costs nothing.
func schemeObscured(href []byte) bool {
	head := href
	if i := bytes.IndexAny(head, "/?#"); i >= 0 {
		head = head[:i]
	}
	return bytes.ContainsAny(head, "&\t\n\r")
}

// dropTabOrNewline drops the characters the URL parser removes from
// anywhere in a URL.
func dropTabOrNewline(r rune) rune {
	if r == '\t' || r == '\n' || r == '\r' {
		return -1
	}
	return r
}

// sameHost compares a raw host with a normalised one without allocating.
func sameHost(b []byte, norm string) bool {
	b = bytes.TrimSuffix(b, []byte("."))
	if HasPrefixFold(b, "www.") {
		b = b[4:]
	}
	return EqualFold(b, norm)
}

// hrefHost returns the host an href names as written (port and user info
// removed), empty for a relative href, and false when the href is not an
// http(s) link.
func hrefHost(href []byte) ([]byte, bool) {
	if n := schemeLen(href); n > 0 {
		scheme := href[:n]
		if !EqualFold(scheme, "http") && !EqualFold(scheme, "https") {
			return nil, false
		}
		href = href[n+1:]
	}
	if len(href) < 2 || !isSlash(href[0]) || !isSlash(href[1]) {
		return nil, true
	}
	auth := href[2:]
	if i := bytes.IndexAny(auth, "/\\?#"); i >= 0 {
		auth = auth[:i]
	}
	if i := bytes.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	if i := bytes.LastIndexByte(auth, ':'); i >= 0 && bytes.IndexByte(auth[i:], ']') < 0 {
		auth = auth[:i]
	}
	return auth, true
}

func isSlash(c byte) bool { return c == '/' || c == '\\' }

// schemeLen returns the length of href's scheme (before ":"), or 0 when
// href has none.
func schemeLen(href []byte) int {
	for i, c := range href {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':' && i > 0:
			return i
		default:
			return 0
		}
	}
	return 0
}
