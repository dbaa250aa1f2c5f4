package demosite

import (
	"net"
	"net/http"
	"strings"
)

// secondHostname is the name of the demo's second host. The site is opened
// as 127.0.0.1:PORT, so localhost:PORT reaches the same server under another
// authority, with its own robots.txt.
const secondHostname = "localhost"

// origin is where a request was sent, taken from its Host header and
// reduced to something safe to paste into HTML.
type origin struct {
	host string // host[:port] as the client wrote it, e.g. "127.0.0.1:8080"
	port string // the port, or "" when the Host had none
}

// originOf returns the request's origin. The Host header is untrusted: a
// hostname that is neither an IP address nor "localhost", or a port that is
// not a number, is replaced, so pages never echo arbitrary text.
func originOf(r *http.Request) origin {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		host, port = r.Host, ""
	}
	if !isPort(port) {
		port = ""
	}
	if net.ParseIP(host) == nil && !strings.EqualFold(host, secondHostname) {
		host = "127.0.0.1"
	}
	o := origin{host: strings.ToLower(host), port: port}
	switch {
	case port != "":
		o.host = net.JoinHostPort(o.host, port)
	case strings.Contains(o.host, ":"):
		o.host = "[" + o.host + "]" // an IPv6 address needs brackets in a URL
	}
	return o
}

// isPort reports whether s is a TCP port number.
func isPort(s string) bool {
	if len(s) == 0 || len(s) > 5 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// url returns the origin as a URL prefix, e.g. "http://127.0.0.1:8080".
func (o origin) url() string { return "http://" + o.host }

// second returns the second host's URL prefix on the same port.
func (o origin) second() string {
	if o.port == "" {
		return "http://" + secondHostname
	}
	return "http://" + net.JoinHostPort(secondHostname, o.port)
}

// isSecond reports whether the request was sent to the second host.
func (o origin) isSecond() bool {
	return o.host == secondHostname || strings.HasPrefix(o.host, secondHostname+":")
}

// vars returns the placeholders every template may use.
func (o origin) vars() map[string]string {
	return map[string]string{"origin": o.url(), "second": o.second()}
}
