package fetch

import (
	"bufio"
	"bytes"
	"net"
	"sync"
	"testing"
)

// rawServer answers every connection with the same bytes, written exactly
// as given, after reading the request head, which it keeps.
type rawServer struct {
	ln       net.Listener
	response []byte
	mu       sync.Mutex
	requests [][]byte
}

// newRawServer starts a rawServer on loopback, closed when the test ends.
func newRawServer(t testing.TB, response []byte) *rawServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &rawServer{ln: ln, response: response}
	t.Cleanup(func() { ln.Close() })
	go s.serve()
	return s
}

func (s *rawServer) serve() {
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		go s.answer(conn)
	}
}

func (s *rawServer) answer(conn net.Conn) {
	defer conn.Close()
	br := bufio.NewReader(conn)
	var head []byte
	for len(head) < 64<<10 && !bytes.HasSuffix(head, []byte("\r\n\r\n")) {
		line, err := br.ReadSlice('\n')
		head = append(head, line...)
		if err != nil {
			return
		}
	}
	s.mu.Lock()
	s.requests = append(s.requests, head)
	s.mu.Unlock()
	conn.Write(s.response)
}

// URL returns the server's base URL.
func (s *rawServer) URL() string { return "http://" + s.ln.Addr().String() }

// lastRequest returns the last request head received.
func (s *rawServer) lastRequest() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.requests) == 0 {
		return nil
	}
	return s.requests[len(s.requests)-1]
}
