package site

import (
	"bytes"
	"net/url"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// pageLinks are a page's in-scope links, normalised, each once.
type pageLinks struct {
	kept     []string // in the kept prefix: the crawler sees them
	lostOnly []string // only past the cutoff: the crawler never sees them
}

// maxPageLinks bounds the links kept per page and per side, so that a page
// of a million links cannot grow a run's memory.
const maxPageLinks = 5000

// extractLinks reads the <a href> links of body with the HTML tokenizer. A
// link is kept when its start tag ends at or before cut (the tokenizer reads
// the same tag from the kept prefix); cut < 0 means nothing is cut. <base
// href> before the link changes how relative hrefs resolve, as in a browser.
// inScope says which normalised URLs count.
func extractLinks(body []byte, page *url.URL, cut int64, inScope func(string) bool) pageLinks {
	z := html.NewTokenizer(bytes.NewReader(body))
	base, baseSet := page, false
	seen := map[string]int8{} // 1 kept, 2 lost
	var out pageLinks
	var off int64
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		end := off + int64(len(z.Raw()))
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			name, hasAttr := z.TagName()
			switch a := atom.Lookup(name); {
			case a == atom.Base && !baseSet && hasAttr:
				if b := resolveAttr(z, page); b != nil {
					base, baseSet = b, true
				}
			case a == atom.A && hasAttr:
				addLink(&out, seen, resolveAttr(z, base), cut < 0 || end <= cut, inScope)
			}
		}
		off = end
	}
	out.lostOnly = dropKept(out.lostOnly, seen)
	return out
}

// resolveAttr resolves the tag's href against base; nil when it has none or
// it does not parse.
func resolveAttr(z *html.Tokenizer, base *url.URL) *url.URL {
	for {
		key, val, more := z.TagAttr()
		if string(key) == "href" {
			ref, err := url.Parse(string(bytes.TrimSpace(val)))
			if err != nil || base == nil {
				return nil
			}
			return base.ResolveReference(ref)
		}
		if !more {
			return nil
		}
	}
}

func addLink(out *pageLinks, seen map[string]int8, u *url.URL, kept bool, inScope func(string) bool) {
	if u == nil {
		return
	}
	n, err := normaliseURL(u)
	if err != nil || !inScope(n) {
		return
	}
	switch {
	case kept && seen[n] != 1:
		if len(out.kept) < maxPageLinks {
			out.kept = append(out.kept, n)
		}
		seen[n] = 1
	case !kept && seen[n] == 0:
		if len(out.lostOnly) < maxPageLinks {
			out.lostOnly = append(out.lostOnly, n)
		}
		seen[n] = 2
	}
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
