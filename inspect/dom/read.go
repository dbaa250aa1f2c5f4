package dom

import (
	"io"
	"net/url"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// Page is what Read takes from a document.
type Page struct {
	// Title is the text of the first <title>, white space collapsed.
	Title string
	// Robots lists every <meta name="robots"> and crawler-specific robots
	// meta ("googlebot", "googlebot-news", ...), in document order.
	Robots []Meta
	// Canonical is the first <link rel="canonical">'s href, resolved;
	// "" when there is none.
	Canonical string
	// Hreflang lists each <link rel="alternate" hreflang> as
	// "lang url", the URL resolved.
	Hreflang []string
	// JSONLD is the text of each <script type="application/ld+json">.
	JSONLD []string
	// Links counts the <a href> elements whose URL is not javascript:;
	// LinkList holds their resolved URLs, distinct, in document order, at
	// most Limits.Links of them.
	Links    int
	LinkList []string
	// H1 and H2 are the headings' texts, white space collapsed, each cut
	// at Limits.Text characters; H2 holds at most Limits.H2 of them.
	H1, H2 []string
}

// Meta is one robots meta tag: its name in lower case and its content.
type Meta struct {
	Name, Content string
}

// Limits bound what Read keeps; zero means no bound.
type Limits struct {
	Links int // URLs in LinkList
	Text  int // characters (code points) of a heading's text
	H2    int // h2 headings kept
}

// Read parses the HTML document r, whose URL is docURL (relative URLs
// resolve against its <base href>, else docURL), and takes what an
// indexer reads from it.
func Read(r io.Reader, docURL string, lim Limits) (*Page, error) {
	doc, err := goquery.NewDocumentFromReader(r)
	if err != nil {
		return nil, err
	}
	base := docURL
	if href, ok := doc.Find("base[href]").First().Attr("href"); ok {
		base = Resolve(docURL, href)
	}
	p := &Page{Robots: []Meta{}, Hreflang: []string{}, JSONLD: []string{}, LinkList: []string{},
		H1: []string{}, H2: []string{}}
	// The HTML title, not an SVG one.
	title := doc.Find("title").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return s.Nodes[0].Namespace == ""
	})
	p.Title = collapse(title.First().Text())
	doc.Find("meta[name]").Each(func(_ int, s *goquery.Selection) {
		name := strings.ToLower(strings.TrimSpace(s.AttrOr("name", "")))
		if name == "robots" || strings.HasPrefix(name, "googlebot") {
			p.Robots = append(p.Robots, Meta{Name: name, Content: s.AttrOr("content", "")})
		}
	})
	p.links(doc, base)
	p.headings(doc, lim)
	seen := map[string]bool{}
	doc.Find("a[href]").Each(func(_ int, s *goquery.Selection) { p.anchor(s, base, lim, seen) })
	doc.Find("script[type]").Each(func(_ int, s *goquery.Selection) {
		if strings.EqualFold(strings.TrimSpace(s.AttrOr("type", "")), "application/ld+json") {
			p.JSONLD = append(p.JSONLD, s.Text())
		}
	})
	return p, nil
}

// links reads the canonical and the hreflang alternates of <link>
// elements.
func (p *Page) links(doc *goquery.Document, base string) {
	canonical := false
	doc.Find("link[rel][href]").Each(func(_ int, s *goquery.Selection) {
		href := Resolve(base, s.AttrOr("href", ""))
		switch {
		case hasRel(s, "canonical") && !canonical:
			p.Canonical, canonical = href, true
		case hasRel(s, "alternate"):
			if lang, ok := s.Attr("hreflang"); ok {
				p.Hreflang = append(p.Hreflang, lang+" "+href)
			}
		}
	})
}

// hasRel reports whether the element's rel holds the keyword, in any case.
func hasRel(s *goquery.Selection, keyword string) bool {
	for _, k := range strings.Fields(s.AttrOr("rel", "")) {
		if strings.EqualFold(k, keyword) {
			return true
		}
	}
	return false
}

// anchor counts one <a href> and lists its URL unless seen.
func (p *Page) anchor(s *goquery.Selection, base string, lim Limits, seen map[string]bool) {
	u := Resolve(base, s.AttrOr("href", ""))
	if !crawlable(u) {
		return
	}
	p.Links++
	if lim.Links > 0 && len(p.LinkList) >= lim.Links {
		return
	}
	if !seen[u] {
		seen[u] = true
		p.LinkList = append(p.LinkList, u)
	}
}

// headings reads the h1 and h2 texts.
func (p *Page) headings(doc *goquery.Document, lim Limits) {
	doc.Find("h1").Each(func(_ int, s *goquery.Selection) {
		p.H1 = append(p.H1, cut(collapse(s.Text()), lim.Text))
	})
	doc.Find("h2").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if lim.H2 > 0 && len(p.H2) >= lim.H2 {
			return false
		}
		p.H2 = append(p.H2, cut(collapse(s.Text()), lim.Text))
		return true
	})
}

// crawlable reports whether a resolved link leads a crawler to a page:
// http(s) only. javascript:, mailto:, tel: and data: hrefs lead nowhere, so
// they are neither counted nor listed (nor lost). The scheme is read as a
// browser reads it, in any case, leading controls, tabs and newlines
// ignored (Resolve trims them).
func crawlable(resolved string) bool {
	scheme, _, ok := strings.Cut(strings.ToLower(urlText(resolved)), ":")
	return ok && (scheme == "http" || scheme == "https")
}

// urlText is href as the URL parser reads it: without leading and
// trailing C0 controls and spaces, and without tabs and newlines.
func urlText(href string) string {
	href = strings.TrimFunc(href, func(r rune) bool { return r <= ' ' })
	return strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(href)
}

// Resolve makes ref absolute against base, fragment kept, as a link's
// href property does; ref comes back as written (trimmed) when either
// does not parse.
func Resolve(base, ref string) string {
	u, err := resolveURL(base, ref)
	if err != nil {
		return urlText(ref)
	}
	return u.String()
}

// ResolveBare is Resolve without the fragment: the URL a crawler fetches.
func ResolveBare(base, ref string) string {
	u, err := resolveURL(base, ref)
	if err != nil {
		return urlText(ref)
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}

func resolveURL(base, ref string) (*url.URL, error) {
	b, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return b.Parse(urlText(ref))
}

// collapse trims s and makes each run of white space one space.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// cut keeps the first n characters (code points) of s; n <= 0 keeps all.
func cut(s string, n int) string {
	if n <= 0 {
		return s
	}
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
