package demosite

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"

	"github.com/andybalholm/brotli"
)

// big serves /big, encoded with enc ("", "gzip" or "br"). The encoded
// variants are the same decoded bytes, compressed once and kept, and are
// sent whatever the request's Accept-Encoding says: the route names the
// encoding.
func (s *site) big(enc string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := s.bigBytes(r, enc)
		if err != nil {
			fail(w, err)
			return
		}
		if enc != "" {
			w.Header().Set("Content-Encoding", enc)
		}
		serve(w, r, typeHTML, body)
	}
}

// bigBytes returns /big's body for the request's origin, encoded with enc.
func (s *site) bigBytes(r *http.Request, enc string) ([]byte, error) {
	page, err := s.rendered(r, "big.html")
	if err != nil || enc == "" {
		return page, err
	}
	return s.cache.get("big.html "+enc+" "+originOf(r).host, func() ([]byte, error) {
		return compress(page, enc)
	})
}

// brotliLevel is brotli's second-fastest level: still fast, and smaller
// than gzip, as brotli is expected to be.
const brotliLevel = 1

// compress encodes b with gzip or brotli at a fast level, as servers
// that compress on the fly commonly do (nginx's default gzip level is 1).
// The page still shrinks to about half.
func compress(b []byte, enc string) ([]byte, error) {
	var out bytes.Buffer
	var zw io.WriteCloser
	if enc == "br" {
		zw = brotli.NewWriterLevel(&out, brotliLevel)
	} else {
		// No name and no time in the header: the same bytes every run.
		zw, _ = gzip.NewWriterLevel(&out, gzip.BestSpeed) // a valid level cannot fail
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
