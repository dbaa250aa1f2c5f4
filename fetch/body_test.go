package fetch

import (
	"bytes"
	"context"
	"testing"
)

// TestUnknownLengthBody fetches bodies sent without a length (chunked) and
// compressed, small and big, and checks that each arrives whole in a buffer
// at most twice its size.
func TestUnknownLengthBody(t *testing.T) {
	for _, size := range []int{300, 70_000, 3_000_000} {
		page := htmlOfSize(size)
		for _, coding := range []string{"", "gzip"} {
			srv := servePageCoded(page, coding, false)
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
