package fetch

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// Sizes of the test site's documents.
const (
	bigPageSize = 2_600_000
	pdfSize     = 70_000_000
	bombSize    = 1 << 30 // decoded size of /bomb
)

// smallPage is the body of /page.
const smallPage = "<!doctype html><html><head><title>Small page</title></head>" +
	"<body><h1>Hello</h1><p>A small clean page.</p></body></html>\n"

// htmlOfSize returns a deterministic HTML document of exactly n bytes.
func htmlOfSize(n int) []byte {
	const head = "<!doctype html><html><head><title>Big</title></head><body>\n"
	const tail = "</body></html>\n"
	var b bytes.Buffer
	b.Grow(n)
	b.WriteString(head)
	for i := 0; b.Len() < n-len(tail); i++ {
		fmt.Fprintf(&b, "<p id=\"p%d\">Paragraph %d of filler text for byte counting.</p>\n", i, i)
	}
	out := append(b.Bytes()[:min(b.Len(), n-len(tail))], tail...)
	return out[:n]
}

// encoded holds the site's precomputed encodings, built once per test binary.
var encoded = sync.OnceValue(func() map[string][]byte {
	page := htmlOfSize(bigPageSize)
	out := map[string][]byte{"big": page}
	out["gzip"] = compress(page, gzipWriter)
	out["deflate"] = compress(page, func(w io.Writer) io.WriteCloser { return zlib.NewWriter(w) })
	out["deflate-raw"] = compress(page, func(w io.Writer) io.WriteCloser {
		fw, _ := flate.NewWriter(w, flate.DefaultCompression)
		return fw
	})
	brw := func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, brotli.BestSpeed) }
	out["br"] = compress(page, brw)
	out["stacked"] = compress(out["gzip"], brw) // "Content-Encoding: gzip, br"
	out["bomb"] = gzipBomb(bombSize)
	return out
})

func gzipWriter(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) }

// compress returns data passed through the writer newW makes.
func compress(data []byte, newW func(io.Writer) io.WriteCloser) []byte {
	var b bytes.Buffer
	w := newW(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// gzipBomb returns a gzip stream that decodes to size zero bytes: the
// same 1 MiB member repeated, which is still one valid gzip body (RFC
// 1952 allows several members) and takes a moment to build.
func gzipBomb(size int) []byte {
	const member = 1 << 20
	one := compress(make([]byte, member), func(w io.Writer) io.WriteCloser {
		gw, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
		return gw
	})
	return bytes.Repeat(one, size/member)
}

// newSite starts the test site, closed when the test ends.
func newSite(t testing.TB) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(siteMux())
	t.Cleanup(srv.Close)
	return srv
}

// siteMux has one route per behaviour the fetch tests need.
func siteMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/page", servePage)
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	})
	for _, name := range []string{"big", "gzip", "deflate", "deflate-raw", "br", "stacked", "bomb"} {
		mux.HandleFunc("/"+name, serveEncoded(name))
	}
	mux.HandleFunc("/chunked", serveChunked)
	mux.HandleFunc("/redirect", redirectTo("/hop", http.StatusMovedPermanently))
	mux.HandleFunc("/hop", redirectTo("page", http.StatusFound)) // relative Location
	mux.HandleFunc("/loop", redirectTo("/loop", http.StatusFound))
	mux.HandleFunc("/to-ftp", redirectTo("ftp://example.com/file", http.StatusFound))
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(100 * time.Millisecond)
		servePage(w, r)
	})
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	mux.HandleFunc("/drip", serveDrip)
	mux.HandleFunc("/endless", serveEndless)
	mux.HandleFunc("/hugeheader", serveHugeHeader)
	mux.HandleFunc("/binary", serveBinary)
	mux.HandleFunc("/pdf", servePDF)
	mux.HandleFunc("/status/404", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not here", http.StatusNotFound)
	})
	mux.HandleFunc("/coded", serveCoded)
	return mux
}

func servePage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, smallPage)
}

// serveEncoded serves the precomputed body name with its Content-Encoding.
func serveEncoded(name string) http.HandlerFunc {
	codings := map[string]string{"gzip": "gzip", "deflate": "deflate", "deflate-raw": "deflate",
		"br": "br", "stacked": "gzip, br", "bomb": "gzip"}
	return func(w http.ResponseWriter, r *http.Request) {
		body := encoded()[name]
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if c := codings[name]; c != "" {
			w.Header().Set("Content-Encoding", c)
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}
}

// serveCoded serves ?body= with the Content-Encoding ?ce=, verbatim.
func serveCoded(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html")
	w.Header().Set("Content-Encoding", r.URL.Query().Get("ce"))
	io.WriteString(w, r.URL.Query().Get("body"))
}

// serveChunked sends the small page in flushed pieces, so net/http uses
// Transfer-Encoding: chunked.
func serveChunked(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html")
	for part := range strings.SplitAfterSeq(smallPage, ">") {
		io.WriteString(w, part)
		w.(http.Flusher).Flush()
	}
}

func redirectTo(location string, code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", location)
		w.WriteHeader(code)
	}
}

// serveDrip sends one byte every 20ms until the client goes away.
func serveDrip(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html")
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, err := io.WriteString(w, "x"); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
		}
	}
}

// serveEndless sends HTML forever.
func serveEndless(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html")
	chunk := bytes.Repeat([]byte("<p>more</p>\n"), 4096)
	for {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

// serveHugeHeader sends about 1.1 MiB of header fields.
func serveHugeHeader(w http.ResponseWriter, r *http.Request) {
	pad := strings.Repeat("h", 1000)
	for i := range 1100 {
		w.Header().Set("X-Pad-"+strconv.Itoa(i), pad)
	}
	servePage(w, r)
}

// serveBinary sends random bytes, invalid UTF-8 included, labelled as HTML.
func serveBinary(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 300_000)
	for i := range buf {
		buf[i] = byte(rng.UintN(256))
	}
	w.Write(buf)
}

// servePDF streams a 70 MB PDF-like file; ?type= overrides its type.
func servePDF(w http.ResponseWriter, r *http.Request) {
	ct := "application/pdf"
	if v, ok := r.URL.Query()["type"]; ok {
		ct = v[0]
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Length", strconv.Itoa(pdfSize))
	head := []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	w.Write(head)
	chunk := bytes.Repeat([]byte("0 0 0 rg\n"), 1<<14)
	for left := pdfSize - len(head); left > 0; {
		n := min(left, len(chunk))
		if _, err := w.Write(chunk[:n]); err != nil {
			return
		}
		left -= n
	}
}

// fetchSite fetches path from srv as the default profile.
func fetchSite(t *testing.T, srv *httptest.Server, path string, opt Options) *Result {
	t.Helper()
	res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL+path, mustProfile(t, DefaultProfileID), opt)
	if err != nil {
		t.Fatalf("Fetch(%s): %v", path, err)
	}
	return res
}

func mustProfile(t testing.TB, id string) Profile {
	t.Helper()
	p, ok := Lookup(id)
	if !ok {
		t.Fatalf("Lookup(%q) found nothing", id)
	}
	return p
}
