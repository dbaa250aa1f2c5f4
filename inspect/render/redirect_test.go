package render

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRedirectHopsAreRequestsOfTheirOwn renders a page whose XHR is
// redirected to a URL its robots.txt disallows: the browser asks for the
// second hop itself, so robots.txt is checked for it and the google
// render does not fetch it, and both hops are listed.
func TestRedirectHopsAreRequestsOfTheirOwn(t *testing.T) {
	needBrowser(t)
	page := htmlPage(`fetch('/go').then(r => r.text()).then(v => { document.title = 'got ' + v; }, () => { document.title = 'failed'; });`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte(page))
		case "/robots.txt":
			_, _ = w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
		case "/go":
			http.Redirect(w, r, "/private/data.json", http.StatusFound)
		case "/private/data.json":
			_, _ = w.Write([]byte("secret"))
		}
	}))
	defer srv.Close()
	_, r := inspectAndRender(t, srv.URL+"/", 0, Options{NoScreenshots: true})
	reqs := byURL(r.Requests)
	if q := reqs[srv.URL+"/go"]; q == nil || q.Status != http.StatusFound {
		t.Errorf("first hop: %+v", q)
	}
	if q := reqs[srv.URL+"/private/data.json"]; q == nil || !q.BlockedByRobots || q.ServedBytes != 0 {
		t.Errorf("second hop: %+v", q)
	}
	if r.Google.Title != "failed" {
		t.Errorf("google title %q: the disallowed hop was read", r.Google.Title)
	}
	if !strings.HasPrefix(r.Full.Title, "got secret") {
		t.Errorf("full title %q: the full render follows the redirect", r.Full.Title)
	}
}
