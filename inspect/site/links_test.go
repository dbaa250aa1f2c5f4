package site

import (
	"bytes"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestExtractLinksAsParsed checks the links read from the analysis's
// anchors, with the fast path for root paths, against a second tokenizer
// pass whose every href goes through url.Parse, ResolveReference and
// Normalise: the same links, in the same order, on either side of the
// cutoff.
func TestExtractLinksAsParsed(t *testing.T) {
	hrefs := []string{
		"/a", "/a/b?q=1", "/a#frag", "/a?x=1&amp;copy=2", "/a?x=1&copy=2", "/a?x=1&copy;", "/a/./b", "/a/../b",
		"/a//b", "//site.test/c", "//other.test/c", "/A%20B", "/a b", "/é", "/a?q=é", "/a?q=%zz", "/a#%zz",
		"rel", "./rel", "../up", "?only=query", "#top", "", " /spaced ", "HTTP://SITE.TEST:80/up", "https://site.test/s",
		"http://site.test:8080/p", "mailto:x@y", "javascript:void(0)", "/a\\b", "/a'b(c)*!", "/a:b@c;d=e,f+g$h",
		"/a?b#c#d", "/bad-fragment#%zz", "/&#x61;", "/a&lt;b", "http://user:pw@site.test/u",
	}
	for _, base := range []string{"", `<base href="/dir/">`, `<base href="//other.test/">`} {
		var b strings.Builder
		b.WriteString("<html><head>" + base + "</head><body>")
		for i, h := range hrefs {
			if i == len(hrefs)/2 {
				b.WriteString("<!-- CUT -->")
			}
			q := `"`
			if strings.Contains(h, `"`) {
				q = "'"
			}
			b.WriteString("<a href=" + q + h + q + ">x</a>")
		}
		for _, h := range hrefs[:5] {
			b.WriteString(`<a class=x HREF='` + h + `'>again</a>`)
		}
		b.WriteString("</body></html>")
		body := b.String()
		cut := int64(strings.Index(body, "<!-- CUT -->"))
		page, _ := url.Parse("http://site.test/dir/page")
		same := func(n string) bool { return hostOf(n) == "http://site.test" }
		got := extractLinks([]byte(body), anchorsOf(body), page, cut, same)
		want := parsedLinks(body, page, cut, same)
		if !slices.Equal(got.kept, want.kept) || !slices.Equal(got.lostOnly, want.lostOnly) {
			t.Errorf("base %q:\nkept %q\nwant %q\nlost %q\nwant %q", base, got.kept, want.kept, got.lostOnly, want.lostOnly)
		}
	}
}

// FuzzExtractLinks compares the links of a page with one href, before and
// after the cutoff, on both roads (see TestExtractLinksAsParsed).
func FuzzExtractLinks(f *testing.F) {
	for _, h := range []string{"/a", "/a?q=1#f", "/a/../b", "//site.test/x", "rel", "/a%20b", "/a\tb", "/é?é#é"} {
		f.Add(h)
	}
	page, _ := url.Parse("http://site.test/dir/page")
	same := func(n string) bool { return hostOf(n) == "http://site.test" }
	f.Fuzz(func(t *testing.T, href string) {
		a := `<a href="` + html.EscapeString(href) + `">x</a>`
		body := "<html><body>" + a + "<!-- CUT -->" + a + `<a href="/other` + html.EscapeString(href) + `">y</a></body></html>`
		cut := int64(strings.Index(body, "<!-- CUT -->"))
		got := extractLinks([]byte(body), anchorsOf(body), page, cut, same)
		want := parsedLinks(body, page, cut, same)
		if !slices.Equal(got.kept, want.kept) || !slices.Equal(got.lostOnly, want.lostOnly) {
			t.Errorf("href %q:\nkept %q\nwant %q\nlost %q\nwant %q", href, got.kept, want.kept, got.lostOnly, want.lostOnly)
		}
	})
}

// parsedLinks is what extractLinks reads, by the slow road: the tokenizer
// and url.Parse for every link.
func parsedLinks(body string, page *url.URL, cut int64, inScope func(string) bool) pageLinks {
	z := html.NewTokenizer(strings.NewReader(body))
	base, baseSet := page, false
	seen := map[string]int8{}
	var out pageLinks
	var off int64
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		end := off + int64(len(z.Raw()))
		off = end
		name, hasAttr := z.TagName()
		if tt != html.StartTagToken || !hasAttr {
			continue
		}
		href, ok := hrefAttr(z)
		if !ok {
			continue
		}
		ref, err := url.Parse(string(bytes.TrimSpace(href)))
		if err != nil {
			continue
		}
		switch atom.Lookup(name) {
		case atom.Base:
			if !baseSet {
				base, baseSet = page.ResolveReference(ref), true
			}
		case atom.A:
			n, err := normaliseURL(base.ResolveReference(ref))
			if err != nil || !inScope(n) {
				continue
			}
			switch kept := end <= cut; {
			case kept && seen[n] != 1:
				out.kept, seen[n] = append(out.kept, n), 1
			case !kept && seen[n] == 0:
				out.lostOnly, seen[n] = append(out.lostOnly, n), 2
			}
		}
	}
	out.lostOnly = dropKept(out.lostOnly, seen)
	return out
}

func hrefAttr(z *html.Tokenizer) ([]byte, bool) {
	for {
		key, val, more := z.TagAttr()
		if string(key) == "href" {
			return val, true
		}
		if !more {
			return nil, false
		}
	}
}
