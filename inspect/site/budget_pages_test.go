package site_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// The two pages of the site benchmark, shaped as the pages the budget was
// first measured on: a news portal's home page (navigation, a mega menu,
// hundreds of teasers with responsive images, a footer) and a news article
// whose framework state, an inline JSON script, takes most of its bytes,
// so that its related links and footer lie past Googlebot's cutoff.
const (
	portalSize = 262_000
	newsSize   = 2_200_000
)

var (
	pagesOnce        sync.Once
	portalHTML, news []byte
)

// benchSitePage is the page served at benchPath(i): one in ten is the news
// article.
func benchSitePage(i int) []byte {
	pagesOnce.Do(func() {
		portalHTML = portalPage(portalSize)
		news = newsPage(newsSize)
	})
	if i%10 == 9 {
		return news
	}
	return portalHTML
}

func benchPath(i int) string {
	if i%10 == 9 {
		return "/news/" + strconv.Itoa(i)
	}
	return "/portal/" + strconv.Itoa(i)
}

// pageIndex is the i of benchPath(i).
func pageIndex(path string) (int, bool) {
	for _, prefix := range []string{"/news/", "/portal/"} {
		if rest, ok := strings.CutPrefix(path, prefix); ok {
			i, err := strconv.Atoi(rest)
			return i, err == nil && benchPath(i) == path
		}
	}
	return 0, false
}

// pageWriter builds a page from deterministic pseudo-random words.
type pageWriter struct {
	bytes.Buffer
	r *rand.Rand
}

func newPageWriter(seed uint64) *pageWriter {
	return &pageWriter{r: rand.New(rand.NewPCG(seed, 7))}
}

var benchWords = strings.Fields("council budget vote minister league final storm warning market shares " +
	"election result city transport strike weather weekend festival school report police court health " +
	"hospital energy price climate summit football transfer season review film music award science space")

func (w *pageWriter) words(n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = benchWords[w.r.IntN(len(benchWords))]
	}
	return strings.Join(out, " ")
}

func (w *pageWriter) slug() string { return strings.ReplaceAll(w.words(4+w.r.IntN(5)), " ", "-") }

var sections = strings.Fields("news world politics business sport culture science health travel opinion")

func (w *pageWriter) section() string { return sections[w.r.IntN(len(sections))] }

// head writes a head as large sites have: metadata, social tags, hreflang
// alternates, preloads, a stylesheet and configuration scripts.
func (w *pageWriter) head(title string, cssRules, scripts int) {
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", title)
	w.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(w, "<meta name=\"description\" content=\"%s\">\n<link rel=\"canonical\" href=\"/\">\n", w.words(25))
	for _, p := range []string{"og:title", "og:description", "og:image", "twitter:card", "twitter:title", "twitter:image"} {
		fmt.Fprintf(w, "<meta property=\"%s\" content=\"%s\">\n", p, w.words(8))
	}
	for _, l := range []string{"de", "fr", "es", "it", "nl", "pt", "pl", "sv"} {
		fmt.Fprintf(w, "<link rel=\"alternate\" hreflang=\"%s\" href=\"https://%s.portal.example/\">\n", l, l)
	}
	for i := range 12 {
		fmt.Fprintf(w, "<link rel=\"preload\" as=\"font\" href=\"/static/fonts/sans-%d.woff2\" crossorigin>\n", i)
	}
	w.WriteString("<style>\n")
	for i := range cssRules {
		fmt.Fprintf(w, ".c%d{display:flex;margin:0 auto;padding:%dpx 8px;color:#2%02d}\n", i, i%16, i%100)
	}
	w.WriteString("</style>\n")
	for i := range scripts {
		fmt.Fprintf(w, "<script>window.__cfg%d={\"ads\":{\"slots\":[%s]},\"flags\":\"%s\"};</script>\n",
			i, strings.Repeat("{\"id\":\"slot\",\"sizes\":[[300,250],[728,90]]},", 40), w.words(30))
	}
	w.WriteString("</head>\n")
}

// navigation writes n menu links.
func (w *pageWriter) navigation(n int) {
	w.WriteString("<header><nav class=\"menu\"><ul>\n")
	for i := range n {
		fmt.Fprintf(w, "<li class=\"menu-item\"><a href=\"/%s/%s-%d\" data-track=\"nav-%d\">%s</a></li>\n",
			w.section(), w.slug(), i, i, w.words(2))
	}
	w.WriteString("</ul></nav></header>\n")
}

// teaser writes one article teaser with a responsive image.
func (w *pageWriter) teaser(i int) {
	href := fmt.Sprintf("/%s/2026/12/%02d/%s-%d", w.section(), 1+i%28, w.slug(), 100000+i)
	img := fmt.Sprintf("https://img.portal.example/%d/%s", i, w.slug())
	fmt.Fprintf(w, "<article class=\"teaser\"><a href=\"%s\"><picture><source media=\"(min-width: 800px)\" "+
		"srcset=\"%s-800.webp 800w, %s-1200.webp 1200w\"><img src=\"%s-400.jpg\" alt=\"%s\" loading=\"lazy\" width=\"400\" height=\"225\">"+
		"</picture></a><h3><a href=\"%s\">%s</a></h3><p>%s</p><span class=\"meta\">%d min ago</span></article>\n",
		href, img, img, img, w.words(6), href, w.words(9), w.words(24), i%59)
}

// footer writes n links, some to other hosts.
func (w *pageWriter) footer(n int) {
	w.WriteString("<footer><ul>\n")
	for i := range n {
		if i%5 == 0 {
			fmt.Fprintf(w, "<li><a href=\"https://partner%d.example.org/%s\" rel=\"nofollow\">%s</a></li>\n", i%7, w.slug(), w.words(2))
			continue
		}
		fmt.Fprintf(w, "<li><a href=\"/about/%s\">%s</a></li>\n", w.slug(), w.words(3))
	}
	w.WriteString("</ul></footer>\n</body>\n</html>\n")
}

// exactly pads or trims the page to size bytes, keeping its closing tags.
func exactly(page []byte, end string, size int) []byte {
	if len(page)+len(end) > size {
		page = page[:size-len(end)]
	}
	out := append(page, bytes.Repeat([]byte("\n"), size-len(page)-len(end))...)
	return append(out, end...)
}

// portalPage is a portal's home page of size bytes.
func portalPage(size int) []byte {
	w := newPageWriter(1)
	w.head("Portal: the news of the day", 300, 4)
	w.WriteString("<body>\n")
	w.navigation(180)
	w.WriteString("<main>\n")
	foot := newPageWriter(2)
	foot.footer(120)
	for i := 0; w.Len() < size-foot.Len()-2048; i++ {
		w.teaser(i)
	}
	w.WriteString("</main>\n")
	return exactly(w.Bytes(), foot.String(), size)
}

// newsPage is a news article of size bytes: the article and its links
// first, then the framework's inline state, then related links and the
// footer, past the 2,000,000-byte cutoff.
func newsPage(size int) []byte {
	w := newPageWriter(3)
	w.head("A long story of the day", 600, 6)
	w.WriteString("<body>\n")
	w.navigation(120)
	w.WriteString("<main><article><h1>" + w.words(10) + "</h1>\n")
	for i := range 60 {
		fmt.Fprintf(w, "<p>%s <a href=\"/%s/%s\">%s</a> %s</p>\n", w.words(40), w.section(), w.slug(), w.words(3), w.words(30))
		if i%10 == 0 {
			fmt.Fprintf(w, "<figure><img src=\"https://img.portal.example/a/%d.jpg\" alt=\"%s\"><figcaption>%s</figcaption></figure>\n", i, w.words(5), w.words(12))
		}
	}
	w.WriteString("</article>\n")
	tail := newPageWriter(4)
	tail.WriteString("<aside class=\"related\">\n")
	for i := range 200 {
		tail.teaser(i)
	}
	tail.WriteString("</aside></main>\n")
	tail.footer(150)
	w.WriteString("<script id=\"__NEXT_DATA__\" type=\"application/json\">{\"props\":{\"pageProps\":{\"blocks\":[")
	for w.Len() < size-tail.Len()-64 {
		fmt.Fprintf(w, "{\"type\":\"paragraph\",\"html\":\"\\u003cp\\u003e%s\\u003c/p\\u003e\",\"id\":%d},", w.words(20), w.Len())
	}
	w.WriteString("{}]}}}</script>\n")
	return exactly(w.Bytes(), tail.String(), size)
}
