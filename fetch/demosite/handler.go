package demosite

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// Content types the demo serves. They are spelled out rather than looked up
// with mime.TypeByExtension, whose answers depend on the machine: header
// bytes count towards the cutoff, so they must be the same everywhere.
const (
	typeHTML = "text/html; charset=utf-8"
	typeText = "text/plain; charset=utf-8"
	typeXML  = "application/xml; charset=utf-8"
	typeCSS  = "text/css; charset=utf-8"
	typeJS   = "text/javascript; charset=utf-8"
	typePNG  = "image/png"
	typeFont = "font/woff2"
	typePDF  = "application/pdf"
)

// defaultDrip is how long /slow waits between pieces.
const defaultDrip = 100 * time.Millisecond

// site is one instance of the demo site with its cache of generated pages.
type site struct {
	cache cache
	drip  time.Duration // pause between the pieces of /slow
	// busyServed is set once /site/busy has answered 429.
	busyServed atomic.Bool
}

// Handler returns the demo site's handler. Absolute URLs in its pages are
// built from each request's Host header, so it works on any port. The
// handler keeps the pages it generates (a few megabytes per host name) for
// as long as it lives; it is safe for concurrent use.
func Handler() http.Handler {
	return (&site{drip: defaultDrip}).routes()
}

// routes registers every route listed in the package documentation.
func (s *site) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page("index.html"))
	mux.HandleFunc("GET /clean", s.page("clean.html"))
	mux.HandleFunc("GET /noindex", s.noindex)
	mux.HandleFunc("GET /big", s.big(""))
	mux.HandleFunc("GET /big-gzip", s.big("gzip"))
	mux.HandleFunc("GET /big-br", s.big("br"))
	mux.HandleFunc("GET /resources", s.page("resources.html"))
	mux.HandleFunc("GET /rendered", s.page("rendered.html"))
	mux.HandleFunc("GET /static/app.bundle.js", s.bundle)
	mux.HandleFunc("GET /static/font.woff2", s.font)
	mux.HandleFunc("GET /static/hero.png", icon)
	mux.HandleFunc("GET /static/hero-wide.png", icon)
	mux.HandleFunc("GET /favicon.ico", icon)
	mux.HandleFunc("GET /static/", file)
	mux.HandleFunc("GET /private/", file)
	mux.HandleFunc("GET /cdn/", file)
	mux.HandleFunc("GET /robots.txt", s.robots)
	mux.HandleFunc("GET /sitemap.xml", s.sitemap)
	redirects(mux)
	s.routesSite(mux)
	mux.HandleFunc("GET /report.pdf", pdf)
	mux.HandleFunc("GET /slow", s.slow)
	mux.HandleFunc("/", s.notFound)
	return mux
}

// serve answers 200 with body and its exact Content-Length.
func serve(w http.ResponseWriter, r *http.Request, contentType string, body []byte) {
	serveStatus(w, r, http.StatusOK, contentType, body)
}

// serveStatus answers status with body and its exact Content-Length.
func serveStatus(w http.ResponseWriter, r *http.Request, status int, contentType string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body) // an error means the client left; nothing to do
	}
}

// fail answers 500 when a page could not be generated, which only happens
// if an embedded template is broken.
func fail(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}

// rendered returns the template rendered for the request's origin, cached.
func (s *site) rendered(r *http.Request, name string) ([]byte, error) {
	o := originOf(r)
	return s.cache.get(name+" "+o.host, func() ([]byte, error) {
		return renderFile(name, o.vars())
	})
}

// page serves the template name as an HTML page.
func (s *site) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := s.rendered(r, name)
		if err != nil {
			fail(w, err)
			return
		}
		serve(w, r, typeHTML, body)
	}
}

// noindex serves a page that forbids indexing twice: in a header for
// googlebot and in its meta robots tag.
func (s *site) noindex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Robots-Tag", "googlebot: noindex")
	s.page("noindex.html")(w, r)
}

// notFound answers 404 with a small page linking to the index.
func (s *site) notFound(w http.ResponseWriter, r *http.Request) {
	body, err := s.rendered(r, "notfound.html")
	if err != nil {
		fail(w, err)
		return
	}
	serveStatus(w, r, http.StatusNotFound, typeHTML, body)
}
