package fetch

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/http/httpguts"
	"golang.org/x/net/idna"
)

// parseTarget checks a URL given by the user and returns it parsed.
func parseTarget(raw string) (*url.URL, *Error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, newError("url", raw, ErrEmptyURL, nil, "empty-url")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, newError("url", raw, ErrInvalidURL, err, "invalid-url", "URL", strconv.Quote(raw), "Cause", rootCause(err))
	}
	if err := checkURL(u); err != nil {
		err.URL = raw
		return nil, err
	}
	return u, nil
}

// checkURL checks that u can be fetched: http or https with a host.
func checkURL(u *url.URL) *Error {
	s := u.String()
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	case "":
		return newError("url", s, ErrInvalidURL, nil, "no-scheme", "URL", strconv.Quote(s))
	default:
		return newError("url", s, ErrUnsupportedScheme, nil, "unsupported-scheme", "URL", strconv.Quote(s), "Scheme", u.Scheme)
	}
	if u.Hostname() == "" {
		return newError("url", s, ErrInvalidURL, nil, "no-host", "URL", strconv.Quote(s))
	}
	if _, err := asciiHost(u.Hostname()); err != nil {
		return newError("url", s, ErrInvalidURL, err, "invalid-host", "URL", strconv.Quote(s))
	}
	return nil
}

// asciiHost returns the host name as sent on the wire: ASCII names and IP
// literals as they are, internationalised names in their punycode form.
func asciiHost(host string) (string, error) {
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			return idna.Lookup.ToASCII(host)
		}
	}
	return host, nil
}

// endpoint returns the names of u used in sentences and for dialing.
func endpoint(u *url.URL) target {
	host, _ := asciiHost(u.Hostname())
	port := u.Port()
	if port == "" {
		port = "80"
		if strings.EqualFold(u.Scheme, "https") {
			port = "443"
		}
	}
	return target{url: u.String(), host: host, addr: net.JoinHostPort(host, port)}
}

// requestHeaders are the values a profile sends, checked once per fetch.
type requestHeaders struct {
	userAgent, acceptEncoding string
}

// newRequestHeaders checks the profile's header values: a custom profile
// could otherwise smuggle a line break into the request.
func newRequestHeaders(p Profile, chromeVersion string) (requestHeaders, *Error) {
	h := requestHeaders{userAgent: p.UserAgent(chromeVersion), acceptEncoding: p.AcceptEncoding}
	for _, v := range []string{h.userAgent, h.acceptEncoding} {
		if !httpguts.ValidHeaderFieldValue(v) {
			return h, newError("profile", p.ID, ErrInvalidProfile, nil, "profile-control-char", "Profile", strconv.Quote(fmt.Sprint(p.ID)))
		}
	}
	return h, nil
}

// build returns the request head for u: a plain HTTP/1.1 GET with only
// the headers a stateless crawler sends.
func (h requestHeaders) build(u *url.URL) []byte {
	var b strings.Builder
	b.WriteString("GET " + requestTarget(u) + " HTTP/1.1\r\n")
	b.WriteString("Host: " + hostHeader(u) + "\r\n")
	if h.userAgent != "" {
		b.WriteString("User-Agent: " + h.userAgent + "\r\n")
	}
	b.WriteString("Accept: " + DefaultAccept + "\r\n")
	if h.acceptEncoding != "" {
		b.WriteString("Accept-Encoding: " + h.acceptEncoding + "\r\n")
	}
	b.WriteString("Connection: close\r\n\r\n")
	return []byte(b.String())
}

// hostHeader is the Host header value: the ASCII host and the port when
// the URL names one.
func hostHeader(u *url.URL) string {
	host, _ := asciiHost(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port := u.Port(); port != "" {
		return host + ":" + port
	}
	return host
}

// requestTarget is the path and query as sent, with any byte that may not
// appear in a request line percent-encoded, as browsers do.
func requestTarget(u *url.URL) string {
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	} else if path[0] != '/' {
		path = "/" + path
	}
	if u.RawQuery != "" || u.ForceQuery {
		path += "?" + escapeUnsafe(u.RawQuery)
	}
	return path
}

// escapeUnsafe percent-encodes bytes outside printable ASCII and the few
// printable ones a request line cannot carry, keeping existing escapes.
func escapeUnsafe(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '`' || c == '#' {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
