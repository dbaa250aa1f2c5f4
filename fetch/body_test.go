package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestUnknownLengthBody fetches bodies sent without a length (chunked) and
// compressed, small and big, and checks that each arrives whole in a buffer
// at most twice its size.
func TestUnknownLengthBody(t *testing.T) {
	for _, size := range []int{300, 70_000, 3_000_000} {
		page := htmlOfSize(size)
		for _, coding := range []string{"", "gzip"} {
			body := page
			if coding == "gzip" {
				body = compress(page, func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) })
			}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				if coding != "" {
					w.Header().Set("Content-Encoding", coding)
				}
				w.(http.Flusher).Flush() // no Content-Length: the body goes chunked
				w.Write(body)
			}))
			res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL+"/", mustProfile(t, DefaultProfileID), Options{Cap: 4_000_000})
			srv.Close()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(res.Body, page) || !res.ReadComplete {
				t.Errorf("%d bytes %q: got %d bytes, complete %v", size, coding, len(res.Body), res.ReadComplete)
			}
			if cap(res.Body) > 2*len(res.Body) && cap(res.Body) > initialBuffer {
				t.Errorf("%d bytes %q: the body keeps a %d-byte buffer", size, coding, cap(res.Body))
			}
		}
	}
}
