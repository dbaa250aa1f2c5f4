package robots

import "strings"

// Kind is the class Google's parser gives a line.
type Kind int

// Line kinds.
const (
	KindEmpty       Kind = iota // nothing but whitespace
	KindComment                 // only a comment
	KindInvalid                 // text that is not a "key: value" pair; ignored
	KindUserAgent               // user-agent (or an accepted typo of it)
	KindAllow                   // allow
	KindDisallow                // disallow (or an accepted typo of it)
	KindSitemap                 // sitemap (or site-map)
	KindUnsupported             // a key other crawlers know and Google ignores (crawl-delay, noindex, ...)
	KindUnknown                 // any other key; ignored
)

var kindNames = [...]string{"empty", "comment", "invalid", "user-agent", "allow", "disallow", "sitemap", "unsupported", "unknown"}

// String returns the kind's name, e.g. "disallow".
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "kind?"
	}
	return kindNames[k]
}

// MarshalText makes a Kind appear by name in JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// IsRule reports whether k is allow or disallow.
func (k Kind) IsRule() bool { return k == KindAllow || k == KindDisallow }

// Line is one line of a robots.txt as Google's parser sees it.
type Line struct {
	Num    int `json:"num"`    // 1-based line number
	Offset int `json:"offset"` // byte offset of the line's first byte in the body
	// Text is the line without its line ending, cut to MaxLineBytes.
	Text string `json:"text"`
	Kind Kind   `json:"kind"`
	// Key and Value are the trimmed key and value, comment removed, for
	// every kind from KindUserAgent on.
	Key   string `json:"key,omitempty"`
	Value string `json:"value,omitempty"`
	// Pattern is what an allow or disallow line matches: Value with bytes
	// outside ASCII percent-encoded and %xx made upper case.
	Pattern string `json:"pattern,omitempty"`
	// Typo is true when the key is a misspelling Google accepts
	// ("disalow", "user agent", "site-map", ...).
	Typo bool `json:"typo,omitempty"`
	// MissingColon is true when whitespace stood in for the colon.
	MissingColon bool `json:"missing_colon,omitempty"`
	HasComment   bool `json:"has_comment,omitempty"`
	// TooLong is true when the line was longer than MaxLineBytes.
	TooLong bool `json:"too_long,omitempty"`
	// Group is the index in File.Groups of the group the line belongs to,
	// -1 for lines before the first user-agent line.
	Group int `json:"group"`
}

// Directive returns the line as written without comment and surrounding
// whitespace, e.g. "Disallow: /a".
func (ln *Line) Directive() string {
	s := ln.Text
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return trimSpace(s)
}

// classify fills Kind, Key, Value and the flags from Text.
func (ln *Line) classify() {
	s := ln.Text
	// Google's parser works on C strings: a NUL byte ends the line.
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		ln.HasComment = true
		s = s[:i]
	}
	s = trimSpace(s)
	switch {
	case s == "" && ln.HasComment:
		ln.Kind = KindComment
		return
	case s == "":
		ln.Kind = KindEmpty
		return
	}
	key, value, missingColon, ok := splitKeyValue(s)
	if !ok {
		ln.Kind = KindInvalid
		return
	}
	ln.Key, ln.Value, ln.MissingColon = key, value, missingColon
	ln.Kind, ln.Typo = parseKey(key)
	if ln.Kind.IsRule() {
		ln.Pattern = escapePattern(value)
	}
}

// splitKeyValue splits "key: value". Google accepts whitespace instead of
// the colon, but only when the line holds exactly two words.
func splitKeyValue(s string) (key, value string, missingColon, ok bool) {
	sep := strings.IndexByte(s, ':')
	if sep < 0 {
		sep = strings.IndexAny(s, " \t")
		if sep < 0 {
			return "", "", false, false
		}
		if strings.ContainsAny(strings.TrimLeft(s[sep:], " \t"), " \t") {
			return "", "", false, false
		}
		missingColon = true
	}
	key = trimSpace(s[:sep])
	if key == "" {
		return "", "", false, false
	}
	return key, trimSpace(s[sep+1:]), missingColon, true
}

// keyPrefixes lists, in the order Google tries them, the key prefixes of each
// kind; typo marks the misspellings Google accepts. Keys match by prefix and
// case-insensitively, so "Disallowed" counts as disallow.
var keyPrefixes = []struct {
	prefix string
	kind   Kind
	typo   bool
}{
	{"user-agent", KindUserAgent, false},
	{"useragent", KindUserAgent, true},
	{"user agent", KindUserAgent, true},
	{"allow", KindAllow, false},
	{"disallow", KindDisallow, false},
	{"dissallow", KindDisallow, true},
	{"dissalow", KindDisallow, true},
	{"disalow", KindDisallow, true},
	{"diasllow", KindDisallow, true},
	{"disallaw", KindDisallow, true},
	{"sitemap", KindSitemap, false},
	{"site-map", KindSitemap, true},
}

// unsupportedKeys are keys other crawlers use and Google ignores; Google's
// reporting library calls them "unused".
var unsupportedKeys = map[string]bool{
	"clean-param": true, "crawl-delay": true, "host": true,
	"noarchive": true, "noindex": true, "nofollow": true,
}

// parseKey classes a key, telling whether it is an accepted typo.
func parseKey(key string) (Kind, bool) {
	for _, p := range keyPrefixes {
		if hasPrefixFold(key, p.prefix) {
			return p.kind, p.typo
		}
	}
	if unsupportedKeys[asciiLower(key)] {
		return KindUnsupported, false
	}
	return KindUnknown, false
}

// keyKind classes the start of an already lower-cased line by its key
// prefix only; used to estimate rules past the size limit.
func keyKind(s string) Kind {
	for _, p := range keyPrefixes {
		if strings.HasPrefix(s, p.prefix) {
			return p.kind
		}
	}
	return KindUnknown
}

// isSpace reports whether c is ASCII whitespace as C's isspace sees it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// trimSpace removes leading and trailing ASCII whitespace only: a trailing
// U+00A0 stays part of a value, as in Google's parser.
func trimSpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// asciiLower lower-cases ASCII letters only.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// hasPrefixFold reports whether s starts with the lower-case ASCII prefix,
// ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}
