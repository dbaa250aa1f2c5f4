package resources

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// cssPrelude is the kind of at-rule whose prelude the CSS scanner is in.
type cssPrelude uint8

const (
	cssPreludeNone cssPrelude = iota
	cssPreludeImport
	cssPreludeFontFace
	cssPreludeNamespace // its url() names a namespace, nothing to fetch
	cssPreludeOther
)

// atKeyword consumes an at-keyword such as "@import" and, for @import,
// the URL that follows it.
func (s *cssScanner) atKeyword() {
	start := s.pos
	if s.pos+1 >= len(s.src) || !isCSSIdentStart(s.src[s.pos+1]) && !(s.src[s.pos+1] == '\\' && s.validEscape(s.pos+1)) {
		s.pos++
		return
	}
	end := s.identEndAt(s.pos + 1)
	name := s.src[s.pos+1 : end]
	s.pos = end
	switch {
	case cssEqualFold(name, "import"):
		s.importRule(start)
		s.prelude = cssPreludeImport
	case cssEqualFold(name, "font-face"):
		s.prelude = cssPreludeFontFace
	case cssEqualFold(name, "namespace"):
		s.importsOK = s.importsOK && s.depth > 0
		s.prelude = cssPreludeNamespace
	case cssEqualFold(name, "charset"), cssEqualFold(name, "layer"):
		s.prelude = cssPreludeOther
	default:
		if s.depth == 0 {
			s.importsOK = false
		}
		s.prelude = cssPreludeOther
	}
}

// importRule reads the URL of an @import whose "@" is at start: a string
// or a url() function, after optional whitespace and comments.
func (s *cssScanner) importRule(start int) {
	s.skipSpaceAndComments()
	if s.pos >= len(s.src) {
		return
	}
	var u string
	switch c := s.src[s.pos]; {
	case c == '"' || c == '\'':
		u = s.readString()
	case isCSSIdentStart(c):
		fn := s.pos
		s.pos = s.identEndAt(s.pos)
		if s.pos >= len(s.src) || s.src[s.pos] != '(' || !isURLName(s.src[fn:s.pos]) {
			return
		}
		var ok bool
		if u, ok = s.urlFunction(); !ok {
			return
		}
	default:
		return
	}
	ref := cssRef{URL: u, Offset: start, End: s.pos, Import: true}
	switch {
	case s.depth > 0:
		ref.Ignored = cssImportInBlock
	case !s.importsOK:
		ref.Ignored = cssImportAfterRules
	}
	s.refs = append(s.refs, ref)
}

// urlFunction reads the argument of "url(" with s.pos on the "(". ok is
// false for a malformed argument, which browsers drop.
func (s *cssScanner) urlFunction() (u string, ok bool) {
	s.pos++
	s.skipSpace()
	if s.pos < len(s.src) && (s.src[s.pos] == '"' || s.src[s.pos] == '\'') {
		u = s.readString()
		s.skipSpace()
		if s.pos >= len(s.src) || s.src[s.pos] == ')' {
			s.pos = min(s.pos+1, len(s.src))
			return u, true
		}
		s.skipBadURL()
		return "", false
	}
	return s.unquotedURL()
}

// unquotedURL reads url(...) content that is not quoted, with s.pos after
// the "(" and any whitespace.
func (s *cssScanner) unquotedURL() (string, bool) {
	start := s.pos
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == ')':
			u := cssUnescape(s.src[start:s.pos])
			s.pos++
			return u, true
		case isCSSSpace(c):
			end := s.pos
			s.skipSpace()
			if s.pos >= len(s.src) || s.src[s.pos] == ')' {
				s.pos = min(s.pos+1, len(s.src))
				return cssUnescape(s.src[start:end]), true
			}
			s.skipBadURL()
			return "", false
		case c == '"' || c == '\'' || c == '(' || c < 0x20 || c == 0x7f:
			s.skipBadURL()
			return "", false
		case c == '\\':
			if !s.validEscape(s.pos) {
				s.skipBadURL()
				return "", false
			}
			s.pos = s.escapeEnd(s.pos)
		default:
			s.pos++
		}
	}
	return cssUnescape(s.src[start:]), true
}

// skipBadURL consumes the rest of a malformed url() through its ")".
func (s *cssScanner) skipBadURL() {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case ')':
			s.pos++
			return
		case '\\':
			s.pos += 2
			continue
		}
		s.pos++
	}
	s.pos = min(s.pos, len(s.src))
}

// addURL records a url() reference that started at start.
func (s *cssScanner) addURL(start int, u string) {
	ref := cssRef{URL: u, Offset: start, End: s.pos, FontFace: s.fontFaceDepth > 0}
	if s.propEnd > s.propStart {
		ref.Property = strings.ToLower(string(s.src[s.propStart:s.propEnd]))
	}
	s.refs = append(s.refs, ref)
}

func (s *cssScanner) skipSpace() {
	for s.pos < len(s.src) && isCSSSpace(s.src[s.pos]) {
		s.pos++
	}
}

func (s *cssScanner) skipSpaceAndComments() {
	for s.pos < len(s.src) {
		switch {
		case isCSSSpace(s.src[s.pos]):
			s.pos++
		case s.src[s.pos] == '/' && s.peek(1) == '*':
			s.skipComment()
		default:
			return
		}
	}
}

// cssUnescape resolves CSS escapes: "\" and up to six hex digits (and one
// whitespace after them) is a code point, "\" and a newline is nothing (a
// line continuation in a string), "\" and any other character is that
// character.
func cssUnescape(b []byte) string {
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b))
	for i := 0; i < len(b); {
		if b[i] != '\\' {
			sb.WriteByte(b[i])
			i++
			continue
		}
		if n := cssNewlineLen(b[i+1:]); n > 0 {
			i += 1 + n
			continue
		}
		if i+1 >= len(b) {
			break
		}
		if cssIsHex(b[i+1]) {
			r, n := cssHexEscape(b[i+1:])
			sb.WriteRune(r)
			i += 1 + n
			continue
		}
		sb.WriteByte(b[i+1])
		i += 2
	}
	return sb.String()
}

// cssEscapeLen returns the length of the escape at the start of b (b[0] is
// the backslash), at most len(b).
func cssEscapeLen(b []byte) int {
	if len(b) < 2 {
		return len(b)
	}
	if cssIsHex(b[1]) {
		_, n := cssHexEscape(b[1:])
		return 1 + n
	}
	return 2
}

// cssHexEscape decodes the hex digits at the start of b and the single
// whitespace after them; it returns the code point and the bytes used.
// Zero, surrogates and values past U+10FFFF become U+FFFD.
func cssHexEscape(b []byte) (rune, int) {
	var v rune
	n := 0
	for n < len(b) && n < 6 && cssIsHex(b[n]) {
		v = v<<4 | rune(cssHexVal(b[n]))
		n++
	}
	if n < len(b) && isCSSSpace(b[n]) {
		if nl := cssNewlineLen(b[n:]); nl > 0 {
			n += nl
		} else {
			n++
		}
	}
	if v == 0 || v > utf8.MaxRune || 0xD800 <= v && v <= 0xDFFF {
		v = utf8.RuneError
	}
	return v, n
}

// cssNewlineLen returns the length of the newline at the start of b ("\r\n"
// counts as one), 0 when b does not start with one.
func cssNewlineLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	switch b[0] {
	case '\n', '\f':
		return 1
	case '\r':
		if len(b) > 1 && b[1] == '\n' {
			return 2
		}
		return 1
	}
	return 0
}

func cssIsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func cssHexVal(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

func isCSSSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// isCSSIdentStart includes digits and "-" so that numbers with units
// ("10px") are read as one word and never end in a false "url(".
func isCSSIdentStart(c byte) bool {
	return isCSSIdentChar(c)
}

func isCSSIdentChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c >= 0x80
}

// cssEqualFold reports whether b equals the lower-case ASCII word w,
// ignoring ASCII case.
func cssEqualFold(b []byte, w string) bool {
	if len(b) != len(w) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}
