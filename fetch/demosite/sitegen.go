package demosite

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// The demo's site section, for the Site mode: a sitemap index over a few
// hundred pages generated on request (never stored), of varied sizes.
const (
	sitePages   = 300 // /site/p/0 … /site/p/299
	siteBlocked = 12  // /private/site/0 … 11, disallowed for googlebot
	siteLimit   = 2_000_000
)

// siteSize is the size in bytes of /site/p/i: most pages small, a tenth
// near the limit (90 to 99 %), a tenth over it (2.1 to 3 MB).
func siteSize(i int) int {
	g := newGen("site-size-" + strconv.Itoa(i))
	switch k := (i * 37) % 100; {
	case k < 60:
		return g.between(12_000, 400_000)
	case k < 80:
		return g.between(400_000, 1_600_000)
	case k < 90:
		return g.between(1_820_000, 1_980_000)
	default:
		return g.between(2_100_000, 3_000_000)
	}
}

// siteOver reports whether /site/p/i is over Googlebot's limit.
func siteOver(i int) bool { return siteSize(i) > siteLimit }

// routesSite registers the site section's routes on mux.
func (s *site) routesSite(mux *http.ServeMux) {
	mux.HandleFunc("GET /site/sitemap.xml", s.siteIndex)
	mux.HandleFunc("GET /site/sitemap-pages.xml", s.sitePagesMap)
	mux.HandleFunc("GET /site/sitemap-more.xml.gz", s.siteMoreMap)
	mux.HandleFunc("GET /site/sitemap-private.xml", s.sitePrivateMap)
	mux.HandleFunc("GET /site/p/{n}", s.sitePage)
	mux.HandleFunc("GET /site/deep/{n}", s.siteDeep)
	mux.HandleFunc("GET /site/busy", s.siteBusy)
	mux.HandleFunc("GET /private/site/{n}", s.siteDeep)
}

func (s *site) siteIndex(w http.ResponseWriter, r *http.Request) {
	o := originOf(r).url()
	serve(w, r, typeXML, sitemapXML("sitemapindex", "sitemap",
		o+"/site/sitemap-pages.xml", o+"/site/sitemap-more.xml.gz", o+"/site/sitemap-private.xml"))
}

// sitePagesMap lists the first 200 pages and the page that answers 429.
func (s *site) sitePagesMap(w http.ResponseWriter, r *http.Request) {
	o := originOf(r).url()
	locs := []string{o + "/site/busy"}
	for i := range 200 {
		locs = append(locs, fmt.Sprintf("%s/site/p/%d", o, i))
	}
	serve(w, r, typeXML, sitemapXML("urlset", "url", locs...))
}

// siteMoreMap is gzip-compressed: the other pages and the deep pages that
// only bytes past a cutoff link to.
func (s *site) siteMoreMap(w http.ResponseWriter, r *http.Request) {
	o := originOf(r).url()
	var locs []string
	for i := 200; i < sitePages; i++ {
		locs = append(locs, fmt.Sprintf("%s/site/p/%d", o, i))
	}
	for i := range sitePages {
		if siteOver(i) {
			locs = append(locs, fmt.Sprintf("%s/site/deep/%d", o, i))
		}
	}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(sitemapXML("urlset", "url", locs...))
	zw.Close()
	serve(w, r, "application/gzip", b.Bytes())
}

func (s *site) sitePrivateMap(w http.ResponseWriter, r *http.Request) {
	o := originOf(r).url()
	var locs []string
	for i := range siteBlocked {
		locs = append(locs, fmt.Sprintf("%s/private/site/%d", o, i))
	}
	serve(w, r, typeXML, sitemapXML("urlset", "url", locs...))
}

// sitemapXML is a sitemap (urlset/url) or an index (sitemapindex/sitemap).
func sitemapXML(root, entry string, locs ...string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<%s xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n", root)
	for _, l := range locs {
		fmt.Fprintf(&b, "  <%s><loc>%s</loc></%s>\n", entry, l, entry)
	}
	fmt.Fprintf(&b, "</%s>\n", root)
	return []byte(b.String())
}

// sitePage generates /site/p/N: links to other pages in its first bytes;
// when over the limit, its canonical, JSON-LD and a link to /site/deep/N
// come after the cutoff.
func (s *site) sitePage(w http.ResponseWriter, r *http.Request) {
	i, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || i < 0 || i >= sitePages || r.PathValue("n") != strconv.Itoa(i) {
		s.notFound(w, r)
		return
	}
	body, err := sitePageBody(originOf(r).url(), i)
	if err != nil {
		fail(w, err)
		return
	}
	serve(w, r, typeHTML, body)
}

func sitePageBody(o string, i int) ([]byte, error) {
	size := siteSize(i)
	var b bytes.Buffer
	b.Grow(size)
	fmt.Fprintf(&b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Demo site page %d</title>\n", i)
	tail := siteTail(o, i)
	if !siteOver(i) {
		fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s/site/p/%d\">\n", o, i)
		tail = "</main></body></html>\n"
	}
	fmt.Fprintf(&b, "</head><body><h1>Demo site page %d</h1><nav>", i)
	for _, n := range []int{(i + 1) % sitePages, (i*7 + 3) % sitePages, (i + 10) % sitePages} {
		fmt.Fprintf(&b, "<a href=\"/site/p/%d\">page %d</a> ", n, n)
	}
	b.WriteString("</nav><main>\n")
	if err := newGen("site-page-"+strconv.Itoa(i)).fill(&b, "text", size-len(tail)); err != nil {
		return nil, err
	}
	b.WriteString(tail)
	return b.Bytes(), nil
}

// siteTail is what an over-limit page carries after its cutoff.
func siteTail(o string, i int) string {
	return fmt.Sprintf("<p><a href=\"/site/deep/%d\">More about page %d</a></p></main>\n"+
		"<link rel=\"canonical\" href=\"%s/site/p/%d\">\n"+
		"<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"Article\",\"headline\":\"Page %d\"}</script>\n"+
		"</body></html>\n", i, i, o, i, i)
}

// siteDeep is a small page: /site/deep/N (linked only past a cutoff) and
// /private/site/N (disallowed for googlebot).
func (s *site) siteDeep(w http.ResponseWriter, r *http.Request) {
	n := r.PathValue("n")
	if _, err := strconv.Atoi(n); err != nil || len(n) > 4 {
		s.notFound(w, r)
		return
	}
	serve(w, r, typeHTML, []byte("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Demo deep page "+n+
		"</title></head><body><h1>Deep page "+n+"</h1><p>Only bytes past a cutoff link here.</p></body></html>\n"))
}

// siteBusy answers 429 with Retry-After: 1 the first time, then a page.
func (s *site) siteBusy(w http.ResponseWriter, r *http.Request) {
	if s.busyServed.CompareAndSwap(false, true) {
		w.Header().Set("Retry-After", "1")
		serveStatus(w, r, http.StatusTooManyRequests, typeText, []byte("Too many requests: come back in a second.\n"))
		return
	}
	serve(w, r, typeHTML, []byte("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Busy page</title></head>"+
		"<body><h1>Busy page</h1><p>It answered 429 once, with Retry-After: 1.</p></body></html>\n"))
}
