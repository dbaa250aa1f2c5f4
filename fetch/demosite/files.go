package demosite

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/cutoffapp/cutoff/assets"
)

// fileTypes maps the extensions of the demo's static files to their
// Content-Type.
var fileTypes = map[string]string{
	".css":  typeCSS,
	".js":   typeJS,
	".html": typeHTML,
	".txt":  typeText,
}

// file serves a static file from the demo files, under the same path as
// its URL (/static/site.css is demo/static/site.css). Anything missing,
// including /static/missing.js on purpose, is 404.
func file(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	body, err := fs.ReadFile(demoFS, name)
	contentType, known := fileTypes[path.Ext(name)]
	if err != nil || !known {
		http.NotFound(w, r)
		return
	}
	serve(w, r, contentType, body)
}

// icon serves Cutoff's icon, which stands in for every image of the demo.
func icon(w http.ResponseWriter, r *http.Request) {
	serve(w, r, typePNG, assets.Icon)
}

// bundle serves the demo's 3 MB script.
func (s *site) bundle(w http.ResponseWriter, r *http.Request) {
	body, err := s.cache.get("bundle.js", func() ([]byte, error) {
		return renderFile("bundle.js", nil)
	})
	if err != nil {
		fail(w, err)
		return
	}
	serve(w, r, typeJS, body)
}

// fontSize is the size of /static/font.woff2 in bytes.
const fontSize = 24_000

// font serves a stand-in web font: the WOFF2 signature and noise. Nothing
// renders it; crawlers only see that a font is referenced.
func (s *site) font(w http.ResponseWriter, r *http.Request) {
	body, _ := s.cache.get("font.woff2", func() ([]byte, error) {
		b := make([]byte, fontSize)
		newGen("font.woff2").noise(b)
		copy(b, "wOF2")
		return b, nil
	})
	serve(w, r, typeFont, body)
}
