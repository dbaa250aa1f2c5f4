package verify

import (
	"bytes"
	"net/netip"
)

// logLine is what the scanner needs from one access log line. Its slices
// point into the line, which the reader reuses: use them before the next
// line is read.
type logLine struct {
	host []byte // client address field
	ua   []byte // User-Agent, still escaped; nil in common log format
}

// parseLogLine reads a line in the NCSA common or combined log format:
//
//	host ident user [date] "request" status bytes ["referer" "user-agent" ...]
//
// Quoted fields may hold escaped quotes (\"), as Apache and nginx write
// them. Fields after the user agent (virtual host, timings) are ignored.
// It reports false for anything else, which the scanner counts as junk.
func parseLogLine(line []byte) (logLine, bool) {
	line = bytes.TrimRight(line, "\r\n")
	sp := bytes.IndexByte(line, ' ')
	if sp <= 0 || !plausibleHost(line[:sp]) {
		return logLine{}, false
	}
	rest, ok := skipRequest(line[sp:])
	if ok {
		rest, ok = statusAndBytes(rest)
	}
	var ua []byte
	if ok {
		ua, ok = userAgent(rest)
	}
	if !ok {
		return logLine{}, false
	}
	return logLine{host: line[:sp], ua: ua}, true
}

// skipRequest skips ` ident user [date] "request"` and returns the rest.
func skipRequest(b []byte) ([]byte, bool) {
	open := bytes.Index(b, []byte(" ["))
	if open < 0 {
		return nil, false
	}
	b = b[open+2:]
	end := bytes.IndexByte(b, ']')
	if end <= 0 || !bytes.HasPrefix(b[end:], []byte(`] "`)) {
		return nil, false
	}
	_, rest, ok := quoted(b[end+2:])
	return rest, ok
}

// userAgent reads the optional ` "referer" "user-agent"` tail; the user
// agent is nil when the line stops before it (common log format).
func userAgent(b []byte) ([]byte, bool) {
	if len(b) == 0 {
		return nil, true
	}
	_, rest, ok := quoted(bytes.TrimPrefix(b, []byte(" ")))
	if !ok || len(rest) == 0 {
		return nil, ok
	}
	ua, _, ok := quoted(bytes.TrimPrefix(rest, []byte(" ")))
	return ua, ok
}

// quoted reads a double-quoted field at the start of b and returns its
// content and what follows the closing quote. A quote preceded by an odd
// number of backslashes is part of the content.
func quoted(b []byte) (content, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	for i := 1; i < len(b); {
		q := bytes.IndexByte(b[i:], '"')
		if q < 0 {
			return nil, nil, false
		}
		q += i
		if !escaped(b, q) {
			return b[1:q], b[q+1:], true
		}
		i = q + 1
	}
	return nil, nil, false
}

// escaped reports whether the byte at i follows an odd run of backslashes.
func escaped(b []byte, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && b[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// statusAndBytes skips " 200 1234" (or " 200 -") and returns the rest.
func statusAndBytes(b []byte) ([]byte, bool) {
	if len(b) < 4 || b[0] != ' ' || !isDigit(b[1]) || !isDigit(b[2]) || !isDigit(b[3]) {
		return nil, false
	}
	b = b[4:]
	if len(b) == 0 {
		return b, true // no bytes field: tolerate
	}
	if b[0] != ' ' {
		return nil, false
	}
	b = b[1:]
	n := bytes.IndexByte(b, ' ')
	if n < 0 {
		return nil, true
	}
	return b[n:], true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// plausibleHost is a cheap test that a field may be an IP address, so that
// lines from logs written with host names count as junk without parsing
// every address.
func plausibleHost(b []byte) bool {
	if len(b) > 64 {
		return false
	}
	for _, c := range b {
		switch {
		case isDigit(c), 'a' <= c && c <= 'f', 'A' <= c && c <= 'F', c == '.', c == ':', c == '[', c == ']', c == '%':
		default:
			return false
		}
	}
	return true
}

// parseHost parses the client address field. IPv4 is parsed in place to
// keep the scanner free of allocations; IPv6 goes through netip.
func parseHost(b []byte) (netip.Addr, bool) {
	if ip, ok := parseIPv4(b); ok {
		return ip, true
	}
	ip, err := parseIP(string(b))
	return ip, err == nil
}

// parseIPv4 parses dotted-quad decimal, rejecting leading zeros as
// net/netip does.
func parseIPv4(b []byte) (netip.Addr, bool) {
	var a [4]byte
	field := 0
	val, digits := 0, 0
	for i := 0; i <= len(b); i++ {
		if i == len(b) || b[i] == '.' {
			if digits == 0 || field > 3 {
				return netip.Addr{}, false
			}
			a[field] = byte(val)
			field++
			val, digits = 0, 0
			continue
		}
		c := b[i]
		if !isDigit(c) || (digits == 1 && val == 0) {
			return netip.Addr{}, false
		}
		val = val*10 + int(c-'0')
		digits++
		if val > 255 {
			return netip.Addr{}, false
		}
	}
	if field != 4 {
		return netip.Addr{}, false
	}
	return netip.AddrFrom4(a), true
}
