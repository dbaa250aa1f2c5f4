package fetch

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httputil"
	"strconv"
	"strings"
)

// errConflictingLength is returned for a response whose Content-Length
// values disagree; browsers refuse such responses too.
var errConflictingLength error = &sentinel{"", "fetch.err-conflicting-length"}

// bodyFraming returns a reader of the response body as transferred, with
// the transfer coding removed, and its length when Content-Length gives it
// (-1 otherwise), following RFC 9112 section 6.3 for a response to GET.
func bodyFraming(br *bufio.Reader, h *responseHead) (io.Reader, int64, error) {
	if h.status < 200 || h.status == http.StatusNoContent || h.status == http.StatusNotModified {
		return eofReader{}, 0, nil
	}
	if te := headerList(h.header, "Transfer-Encoding"); len(te) > 0 {
		if strings.EqualFold(te[len(te)-1], "chunked") {
			return httputil.NewChunkedReader(br), -1, nil
		}
		return br, -1, nil
	}
	n, err := contentLength(h.header)
	if err != nil || n < 0 {
		return br, -1, err
	}
	return &exactReader{r: br, left: n}, n, nil
}

// contentLength returns the Content-Length, -1 when it is missing or not a
// number, and an error when several values disagree.
func contentLength(hdr http.Header) (int64, error) {
	n := int64(-1)
	for _, v := range headerList(hdr, "Content-Length") {
		m, err := strconv.ParseInt(v, 10, 64)
		if err != nil || m < 0 {
			return -1, nil
		}
		if n >= 0 && m != n {
			return -1, errConflictingLength
		}
		n = m
	}
	return n, nil
}

// headerList splits every value of a comma-separated header into trimmed,
// non-empty elements.
func headerList(hdr http.Header, name string) []string {
	var out []string
	for _, v := range hdr.Values(name) {
		for elem := range strings.SplitSeq(v, ",") {
			if elem = strings.TrimSpace(elem); elem != "" {
				out = append(out, elem)
			}
		}
	}
	return out
}

// exactReader reads exactly left bytes and reports io.ErrUnexpectedEOF
// when the connection ends before them.
type exactReader struct {
	r    io.Reader
	left int64
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	n, err := e.r.Read(p)
	e.left -= int64(n)
	if err == io.EOF && e.left > 0 {
		err = io.ErrUnexpectedEOF
	}
	if err == nil && e.left == 0 {
		err = io.EOF
	}
	return n, err
}

// eofReader is an empty body.
type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
