package fetch

import (
	"bufio"
	"bytes"
	"io"
	"testing"
)

func TestParseStatusLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line      string
		wantProto string
		wantCode  int
		wantOK    bool
	}{
		{"HTTP/1.1 200 OK", "HTTP/1.1", 200, true},
		{"HTTP/1.0 404", "HTTP/1.0", 404, true},
		{"HTTP/1.1  301  Moved", "HTTP/1.1", 301, true},
		{"HTTP/1.1 200\tOK", "HTTP/1.1", 200, true},
		{"HTTP/1.1 2000 OK", "", 0, false},
		{"HTTP/1.1 099 Low", "", 0, false},
		{"HTTP/1.1", "", 0, false},
		{"ICY 200 OK", "", 0, false},
		{"", "", 0, false},
	}
	for _, tt := range tests {
		proto, code, ok := parseStatusLine(tt.line)
		if proto != tt.wantProto || code != tt.wantCode || ok != tt.wantOK {
			t.Errorf("parseStatusLine(%q) = %q, %d, %v; want %q, %d, %v", tt.line, proto, code, ok, tt.wantProto, tt.wantCode, tt.wantOK)
		}
	}
}

// FuzzReadHead feeds arbitrary bytes to the head parser and the body
// framing: no panic, the raw head is a prefix of the input within the
// limit, and the framed body never yields more than the input holds.
func FuzzReadHead(f *testing.F) {
	for _, tt := range rawResponses {
		f.Add([]byte(tt.head + tt.wire))
	}
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffff\r\n"))
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		const limit = 4096
		br := bufio.NewReaderSize(bytes.NewReader(data), 64)
		h, err := readHead(br, limit)
		if err != nil {
			return
		}
		if len(h.raw) > limit || !bytes.HasPrefix(data, h.raw) {
			t.Fatalf("raw head %q is not a prefix of the input within %d bytes", h.raw, limit)
		}
		body, _, err := bodyFraming(br, h)
		if err != nil {
			return
		}
		got, _ := io.ReadAll(io.LimitReader(body, int64(len(data))+1))
		if len(got) > len(data)-len(h.raw) {
			t.Fatalf("body of %d bytes from %d input bytes after the head", len(got), len(data)-len(h.raw))
		}
	})
}
