package fetch

import "strings"

// WithImplicitScheme reads a host and port typed without a scheme
// ("localhost:8765/page", "[::1]:8080") as an http URL, as a browser's
// address bar does, and says whether it did. url.Parse would take
// "localhost" for the scheme. Anything else is returned as it is.
func WithImplicitScheme(raw string) (target string, assumed bool) {
	if strings.Contains(raw, "://") {
		return raw, false
	}
	hostPort, _, _ := strings.Cut(raw, "/")
	i := strings.LastIndexByte(hostPort, ':')
	if i <= 0 || i == len(hostPort)-1 {
		return raw, false
	}
	host, port := hostPort[:i], hostPort[i+1:]
	for _, c := range port {
		if c < '0' || c > '9' {
			return raw, false
		}
	}
	if !validHostChars(host) {
		return raw, false
	}
	return "http://" + raw, true
}

// validHostChars reports whether host can be a DNS name, an IPv4 address
// or a bracketed IPv6 address.
func validHostChars(host string) bool {
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		return len(host) > 2
	}
	for _, c := range host {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '.':
		default:
			return false
		}
	}
	return host != ""
}
