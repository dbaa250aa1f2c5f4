package robots

import "strings"

const upperHex = "0123456789ABCDEF"

// escapePattern normalises an allow/disallow value the way Google does
// before matching: every byte outside ASCII becomes %XX and the hex digits
// of an existing %xx escape become upper case. Nothing is decoded, so the
// URL side must already be percent-encoded.
func escapePattern(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isPercentEscape(s, i):
			b.WriteByte('%')
			b.WriteByte(upperASCII(s[i+1]))
			b.WriteByte(upperASCII(s[i+2]))
			i += 2
		case c >= 0x80:
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&0xF])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// needsEscape reports whether escapePattern would change s.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		switch {
		case isPercentEscape(s, i):
			if isLowerHex(s[i+1]) || isLowerHex(s[i+2]) {
				return true
			}
			i += 2
		case s[i] >= 0x80:
			return true
		}
	}
	return false
}

// isPercentEscape reports whether s[i:] starts with % and two hex digits.
func isPercentEscape(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isLowerHex(c byte) bool { return c >= 'a' && c <= 'f' }

func upperASCII(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// PathParamsQuery returns the part of rawURL that robots.txt rules match:
// path, params and query, without scheme, authority and fragment, always
// starting with "/". It follows Google's GetPathParamsQuery: no decoding, no
// normalisation; a URL without a path gives "/"; a string without "://" is
// read as authority then path ("a/b" gives "/b"), and a leading "//" is an
// authority.
func PathParamsQuery(rawURL string) string {
	start := 0
	if strings.HasPrefix(rawURL, "//") {
		start = 2
	}
	authority := start
	if p := strings.Index(rawURL[start:], "://"); p >= 0 {
		early := strings.IndexAny(rawURL[start:], "/?;")
		if early < 0 || early >= p {
			authority = start + p + 3
		}
	}
	i := strings.IndexAny(rawURL[authority:], "/?;")
	if i < 0 {
		return "/"
	}
	pathStart := authority + i
	end := len(rawURL)
	if h := strings.IndexByte(rawURL[start:], '#'); h >= 0 {
		if start+h < pathStart {
			return "/"
		}
		end = start + h
	}
	if rawURL[pathStart] != '/' {
		return "/" + rawURL[pathStart:end]
	}
	return rawURL[pathStart:end]
}

// ExtractUserAgent returns the product token at the start of a user-agent
// value: the letters, '-' and '_' up to the first other character, as Google
// reads a robots.txt user-agent line ("Googlebot/2.1" gives "Googlebot").
func ExtractUserAgent(value string) string {
	i := 0
	for i < len(value) && isTokenByte(value[i]) {
		i++
	}
	return value[:i]
}

// IsValidUserAgent reports whether token is a product token a crawler can
// obey: not empty and made only of letters, '-' and '_'.
func IsValidUserAgent(token string) bool {
	return token != "" && ExtractUserAgent(token) == token
}

func isTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_'
}
