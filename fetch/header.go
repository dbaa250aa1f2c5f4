package fetch

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"
)

// responseHead is a parsed response head with its raw bytes.
type responseHead struct {
	proto      string // "HTTP/1.1"
	status     int
	statusLine string // the status line without its line ending
	header     http.Header
	// raw holds every head block read, informational (1xx) ones first,
	// exactly as received.
	raw []byte
	// interim counts the bytes of the informational blocks in raw.
	interim int64
}

// Errors of head parsing; the caller turns them into *Error.
var (
	errHeadTooLarge error = &sentinel{"", "fetch.err-head-too-large"}
	errHeadCut      error = &sentinel{"", "fetch.err-head-cut"}
	// errHTTP2Only: the server answered with an HTTP/2 frame (GOAWAY or
	// SETTINGS) instead of an HTTP/1.x status line.
	errHTTP2Only error = &sentinel{"", "fetch.err-http2-only"}
)

// headError marks a status line that is not HTTP.
type headError struct{ line string }

func (e *headError) Error() string { return "malformed status line " + strconv.Quote(e.line) }

// readHead reads the response head from br: any informational (1xx)
// blocks, then the final block. The raw bytes of all blocks together may
// not exceed limit. Parsing is as lenient as browsers are; the bytes
// counted are always the bytes received.
func readHead(br *bufio.Reader, limit int) (*responseHead, error) {
	h := &responseHead{}
	for {
		start := len(h.raw)
		block, err := readBlock(br, h.raw, limit)
		h.raw = block
		if err != nil {
			if errors.Is(err, io.EOF) && start > 0 {
				err = errHeadCut
			}
			return nil, err
		}
		if err := h.parse(block[start:]); err != nil {
			return nil, err
		}
		if h.status < 100 || h.status > 199 || h.status == http.StatusSwitchingProtocols {
			return h, nil
		}
		h.interim = int64(len(h.raw))
	}
}

// readBlock appends one head block (status line through the empty line)
// to raw. It returns io.EOF when the connection closed before any byte of
// the block, errHeadCut when it closed inside it.
func readBlock(br *bufio.Reader, raw []byte, limit int) ([]byte, error) {
	start, lineStart := len(raw), len(raw)
	for {
		chunk, err := br.ReadSlice('\n')
		if len(raw)+len(chunk) > limit {
			return raw, errHeadTooLarge
		}
		raw = append(raw, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(raw) == start:
			return raw, io.EOF
		case err == io.EOF && isHTTP2Frame(raw[start:]):
			return raw, errHTTP2Only
		case err == io.EOF:
			return raw, errHeadCut
		case err != nil:
			return raw, err
		}
		if lineStart == start && !bytes.HasPrefix(raw[start:], []byte("HTTP/")) {
			return raw, &headError{line: strings.TrimRight(string(raw[start:]), "\r\n")}
		}
		if line := raw[lineStart:]; len(bytes.TrimRight(line, "\r\n")) == 0 {
			return raw, nil
		}
		lineStart = len(raw)
	}
}

// isHTTP2Frame reports whether b starts with an HTTP/2 frame header of a
// connection-level SETTINGS (type 4) or GOAWAY (type 7) frame: what a server
// that speaks only HTTP/2 sends when an HTTP/1.1 request arrives instead
// of the connection preface.
func isHTTP2Frame(b []byte) bool {
	if len(b) < 9 || (b[3] != 0x04 && b[3] != 0x07) {
		return false
	}
	length := int(b[0])<<16 | int(b[1])<<8 | int(b[2])
	stream := uint32(b[5]&0x7f)<<24 | uint32(b[6])<<16 | uint32(b[7])<<8 | uint32(b[8])
	return stream == 0 && length <= 1<<14
}

// parse reads the status line and header fields of one block.
func (h *responseHead) parse(block []byte) error {
	lines := strings.Split(strings.TrimRight(string(block), "\r\n"), "\n")
	status := strings.TrimRight(lines[0], "\r")
	proto, code, ok := parseStatusLine(status)
	if !ok {
		return &headError{line: status}
	}
	h.proto, h.status, h.statusLine, h.header = proto, code, status, parseFields(lines[1:])
	return nil
}

// parseStatusLine splits "HTTP/1.1 200 OK"; the reason phrase may be
// missing and extra spaces are tolerated.
func parseStatusLine(line string) (proto string, code int, ok bool) {
	proto, rest, _ := strings.Cut(line, " ")
	if !strings.HasPrefix(proto, "HTTP/") {
		return "", 0, false
	}
	rest = strings.TrimLeft(rest, " ")
	if len(rest) < 3 || (len(rest) > 3 && rest[3] != ' ' && rest[3] != '\t') {
		return "", 0, false
	}
	code, err := strconv.Atoi(rest[:3])
	if err != nil || code < 100 {
		return "", 0, false
	}
	return proto, code, true
}

// parseFields turns header lines into an http.Header. A line starting with
// whitespace continues the previous field (obsolete line folding); a line
// without a colon is ignored, as browsers do.
func parseFields(lines []string) http.Header {
	hdr := http.Header{}
	var last string
	for _, line := range lines {
		line = strings.TrimRight(line, "\r")
		if line != "" && (line[0] == ' ' || line[0] == '\t') {
			if vs := hdr[last]; len(vs) > 0 {
				vs[len(vs)-1] = strings.TrimSpace(vs[len(vs)-1] + " " + strings.TrimSpace(line))
			}
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			continue
		}
		last = textproto.CanonicalMIMEHeaderKey(name)
		hdr[last] = append(hdr[last], strings.Trim(value, " \t"))
	}
	return hdr
}
