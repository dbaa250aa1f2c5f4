package fetch

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"io"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// maxCodings bounds how many stacked content codings are undone.
const maxCodings = 4

// decodeError is a content-coding failure, as opposed to a transport one.
type decodeError struct {
	coding string
	err    error
}

func (e *decodeError) Error() string { return e.coding + " decoding failed: " + e.err.Error() }

func (e *decodeError) Unwrap() error { return e.err }

// contentDecoder returns a reader of the body with the content codings
// named in contentEncoding undone, last applied first. When a coding is
// unknown, or there are too many, it returns wire unchanged and the sentence
// saying why, said when called.
func contentDecoder(wire io.Reader, contentEncoding string) (io.Reader, func() string) {
	var codings []string
	for c := range strings.SplitSeq(contentEncoding, ",") {
		c = strings.ToLower(strings.TrimSpace(c))
		switch c {
		case "", "identity":
		case "gzip", "x-gzip", "deflate", "br":
			codings = append(codings, c)
		default:
			return wire, i18n.Later("fetch.unknown-encoding", "Coding", strconv.Quote(c))
		}
	}
	if len(codings) > maxCodings {
		return wire, i18n.Later("fetch.stacked-encodings", "N", strconv.Itoa(len(codings)))
	}
	r := wire
	for i := len(codings) - 1; i >= 0; i-- {
		r = &lazyDecoder{src: r, coding: codings[i]}
	}
	return r, nil
}

// lazyDecoder opens its decompressor on the first Read, so that an empty
// body decodes to an empty body and header errors surface as read errors.
type lazyDecoder struct {
	src    io.Reader
	coding string
	r      io.Reader
	err    error
}

func (d *lazyDecoder) Read(p []byte) (int, error) {
	if d.r == nil && d.err == nil {
		d.r, d.err = openDecoder(d.coding, d.src)
	}
	if d.err != nil {
		return 0, d.err
	}
	n, err := d.r.Read(p)
	if err != nil && err != io.EOF {
		err = d.wrap(err)
	}
	return n, err
}

// wrap marks err as a decoding failure unless it came from below.
func (d *lazyDecoder) wrap(err error) error {
	if _, ok := err.(*decodeError); ok {
		return err
	}
	return &decodeError{coding: d.coding, err: err}
}

// openDecoder starts decoding src as coding.
func openDecoder(coding string, src io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(src, 32<<10)
	head, err := br.Peek(2)
	if len(head) == 0 && err == io.EOF {
		return eofReader{}, nil
	}
	if len(head) == 0 && err != nil {
		return nil, err
	}
	var r io.Reader
	switch coding {
	case "gzip", "x-gzip":
		r, err = gzip.NewReader(br)
	case "deflate":
		r, err = deflateReader(br, head)
	default:
		r = brotli.NewReader(br)
	}
	if err != nil {
		return nil, &decodeError{coding: coding, err: err}
	}
	return r, nil
}

// deflateReader reads "deflate" data, which should be zlib-wrapped (RFC
// 1950) but is raw deflate (RFC 1951) from some servers; browsers accept
// both, so the zlib header decides.
func deflateReader(br *bufio.Reader, head []byte) (io.Reader, error) {
	if len(head) == 2 && head[0]&0x0f == 8 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 {
		return zlib.NewReader(br)
	}
	return flate.NewReader(br), nil
}
