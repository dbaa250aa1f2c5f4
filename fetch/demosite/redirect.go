package demosite

import "net/http"

// hop is one redirect the demo answers: from a path, with a status, to a
// location.
type hop struct {
	from   string
	status int
	to     string
}

// hops are the redirect chain (/redirect: 301, 302, 307, then /clean) and
// the loop (/loop and /loop/2 point at each other).
var hops = []hop{
	{"/redirect", http.StatusMovedPermanently, "/redirect/2"},
	{"/redirect/2", http.StatusFound, "/redirect/3"},
	{"/redirect/3", http.StatusTemporaryRedirect, "/clean"},
	{"/loop", http.StatusFound, "/loop/2"},
	{"/loop/2", http.StatusFound, "/loop"},
}

// redirects registers every hop.
func redirects(mux *http.ServeMux) {
	for _, h := range hops {
		mux.HandleFunc("GET "+h.from, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, h.to, h.status)
		})
	}
}
