package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
)

const benchPageSize = 15_000_000

// benchFetch measures fetching and counting one page served with the
// given Content-Encoding ("" for none).
func benchFetch(b *testing.B, coding string) {
	page := htmlOfSize(benchPageSize)
	srv := servePageCoded(page, coding, true)
	defer srv.Close()
	p := mustProfile(b, DefaultProfileID)
	opt := Options{Cap: benchPageSize} // read the whole page, not just 4 x 2 MB
	f := &Fetcher{}
	b.SetBytes(benchPageSize)
	b.ReportAllocs()
	for b.Loop() {
		res, err := f.Fetch(context.Background(), srv.URL+"/", p, opt)
		if err != nil {
			b.Fatal(err)
		}
		if res.BodyBytes != benchPageSize || !res.Truncated || !bytes.Equal(res.Body[:64], page[:64]) {
			b.Fatalf("BodyBytes, Truncated = %d, %v", res.BodyBytes, res.Truncated)
		}
	}
}

// servePageCoded serves page at every path, compressed with coding ("" or
// "gzip"), with its Content-Length or, without withLength, chunked.
func servePageCoded(page []byte, coding string, withLength bool) *httptest.Server {
	body := page
	if coding == "gzip" {
		body = compress(page, func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) })
	}
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if coding != "" {
			w.Header().Set("Content-Encoding", coding)
		}
		if withLength {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		} else {
			w.(http.Flusher).Flush() // before any byte: the body goes chunked
		}
		w.Write(body)
	}))
}

func BenchmarkFetch15MB(b *testing.B) { benchFetch(b, "") }

func BenchmarkFetch15MBGzip(b *testing.B) { benchFetch(b, "gzip") }
