package demosite

import "net/http"

// robots serves robots.txt. The second host (localhost) gets a file of its
// own that blocks /cdn/ for googlebot; every other host gets the teaching
// file with groups for googlebot, googlebot-image, adsbot-google and *.
func (s *site) robots(w http.ResponseWriter, r *http.Request) {
	name := "robots.txt"
	if originOf(r).isSecond() {
		name = "robots-second.txt"
	}
	body, err := s.rendered(r, name)
	if err != nil {
		fail(w, err)
		return
	}
	serve(w, r, typeText, body)
}

// sitemap serves the sitemap that robots.txt names.
func (s *site) sitemap(w http.ResponseWriter, r *http.Request) {
	body, err := s.rendered(r, "sitemap.xml")
	if err != nil {
		fail(w, err)
		return
	}
	serve(w, r, typeXML, body)
}
