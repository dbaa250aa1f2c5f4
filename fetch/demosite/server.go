package demosite

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
)

// ErrNotLoopback is returned by Start for an address that is not on the
// loopback interface: the demo site is never reachable from other machines.
var ErrNotLoopback = errors.New("demosite: the demo site only listens on a loopback address such as 127.0.0.1:0")

// Server is a running demo site.
type Server struct {
	// URL is the site's base URL, e.g. "http://127.0.0.1:49152", without a
	// trailing slash.
	URL string

	srv *http.Server
}

// Start serves the demo site on addr, a loopback host and port such as
// "127.0.0.1:0" (port 0 picks a free port; "localhost" means 127.0.0.1),
// until Close. It returns once the port is listening. On ::1 the second
// host, localhost:PORT, answers only where localhost resolves to ::1.
func Start(addr string) (*Server, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("%w, not %q", ErrNotLoopback, addr)
	}
	if strings.EqualFold(host, secondHostname) {
		host = "127.0.0.1" // the second host must be a different authority
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("%w, not %q", ErrNotLoopback, addr)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return nil, fmt.Errorf("demosite: cannot listen on %s: %w", addr, err)
	}
	s := &Server{
		URL: "http://" + ln.Addr().String(),
		srv: &http.Server{Handler: Handler(), ReadHeaderTimeout: 10 * time.Second},
	}
	go s.srv.Serve(ln) // returns ErrServerClosed after Close
	return s, nil
}

// BigURL returns the URL of /big, the page a newcomer inspects first.
func (s *Server) BigURL() string { return s.URL + "/big" }

// Close stops the server at once, ending any response in progress.
func (s *Server) Close() error { return s.srv.Close() }
