package resources

import "github.com/cutoffapp/cutoff/internal/i18n"

// cssRef is one reference found in a stylesheet: an @import or a url().
// Offsets are byte offsets into the stylesheet as scanned.
type cssRef struct {
	URL    string // unescaped, as written, not resolved
	Offset int    // of "@import", or of "url(" for a url() reference
	End    int    // exclusive end of the reference (after its closing quote or parenthesis)
	Import bool   // an @import rule
	// FontFace is true for a url() inside an @font-face block.
	FontFace bool
	// Property is the lower-case name of the declaration holding a url(),
	// "" when there is none (a url() in a selector or an at-rule prelude).
	Property string
	// Ignored says why a browser ignores this @import (said when called),
	// nil when it does not.
	Ignored func() string
}

// Reasons a browser ignores an @import, said when called; CSS allows it
// only before every other rule except @charset and @layer statements.
var (
	cssImportAfterRules = i18n.Later(idImportAfterRules)
	cssImportInBlock    = i18n.Later(idImportInBlock)
)

// The catalog's ids of the reasons a browser ignores an @import.
const (
	idImportAfterRules = "resources.import-after-rules"
	idImportInBlock    = "resources.import-in-block"
)

// ignoredImport reports whether reason is one of the reasons a browser
// ignores an @import, in any language (a report retold in another
// language keeps its resources' reasons as they were said).
func ignoredImport(reason string) bool {
	for _, code := range i18n.Codes {
		l := i18n.Get(code)
		if reason == l.T(idImportAfterRules) || reason == l.T(idImportInBlock) {
			return true
		}
	}
	return false
}

// cssScanner finds @import and url() references in one pass over a
// stylesheet. It follows the tokenization of CSS Syntax Level 3 only as far
// as references need: comments, strings, escapes, identifiers, blocks. It
// never fails: malformed input ends tokens where browsers would end them.
type cssScanner struct {
	src  []byte
	pos  int
	refs []cssRef

	depth         int        // brace depth
	fontFaceDepth int        // depth of the open @font-face block, 0 when none
	prelude       cssPrelude // the at-rule whose prelude is being read
	importsOK     bool       // no rule yet that would make a later @import invalid

	// identStart/identEnd is the last identifier; afterIdent is true while
	// only whitespace and comments follow it, so a ':' makes it a property.
	identStart, identEnd int
	afterIdent           bool
	propStart, propEnd   int // the current declaration's property name
}

// scanCSS returns the references in a stylesheet in source order.
func scanCSS(src []byte) []cssRef {
	s := &cssScanner{src: src, importsOK: true}
	for s.pos < len(s.src) {
		s.step()
	}
	return s.refs
}

// step consumes one token.
func (s *cssScanner) step() {
	c := s.src[s.pos]
	switch {
	case c == '/' && s.peek(1) == '*':
		s.skipComment()
	case c == '"' || c == '\'':
		s.afterIdent = false
		s.readString()
	case c == '@':
		s.afterIdent = false
		s.atKeyword()
	case isCSSIdentStart(c) || c == '\\' && s.validEscape(s.pos):
		s.ident()
	case isCSSSpace(c):
		s.pos++
	default:
		s.punct(c)
		s.afterIdent = false
		s.pos++
	}
}

// punct tracks blocks and declarations for the single character c.
func (s *cssScanner) punct(c byte) {
	switch c {
	case '{':
		if s.depth == 0 {
			s.importsOK = false
		}
		s.depth++
		if s.prelude == cssPreludeFontFace && s.fontFaceDepth == 0 {
			s.fontFaceDepth = s.depth
		}
		s.prelude = cssPreludeNone
		s.propStart, s.propEnd = 0, 0
	case '}':
		if s.depth > 0 {
			if s.depth == s.fontFaceDepth {
				s.fontFaceDepth = 0
			}
			s.depth--
		}
		s.prelude = cssPreludeNone
		s.propStart, s.propEnd = 0, 0
	case ';':
		s.prelude = cssPreludeNone
		s.propStart, s.propEnd = 0, 0
	case ':':
		if s.depth > 0 && s.afterIdent {
			s.propStart, s.propEnd = s.identStart, s.identEnd
		}
	}
}

func (s *cssScanner) peek(n int) byte {
	if s.pos+n < len(s.src) {
		return s.src[s.pos+n]
	}
	return 0
}

// skipComment consumes "/* ... */", or everything up to the end when the
// comment is not closed.
func (s *cssScanner) skipComment() {
	for i := s.pos + 2; i+1 < len(s.src); i++ {
		if s.src[i] == '*' && s.src[i+1] == '/' {
			s.pos = i + 2
			return
		}
	}
	s.pos = len(s.src)
}

// readString consumes a quoted string starting at s.pos and returns its
// unescaped value. An unescaped newline ends it, as in browsers.
func (s *cssScanner) readString() string {
	quote := s.src[s.pos]
	start := s.pos + 1
	i := start
	for i < len(s.src) {
		switch s.src[i] {
		case quote:
			s.pos = i + 1
			return cssUnescape(s.src[start:i])
		case '\n', '\r', '\f':
			s.pos = i
			return cssUnescape(s.src[start:i])
		case '\\':
			i += 1 + max(1, cssNewlineLen(s.src[i+1:]))
			continue
		}
		i++
	}
	s.pos = len(s.src)
	return cssUnescape(s.src[start:min(i, len(s.src))])
}

// ident consumes an identifier; "url(" starts a url() reference.
func (s *cssScanner) ident() {
	start := s.pos
	s.pos = s.identEndAt(s.pos)
	if s.pos < len(s.src) && s.src[s.pos] == '(' && isURLName(s.src[start:s.pos]) {
		s.afterIdent = false
		if u, ok := s.urlFunction(); ok && s.prelude != cssPreludeImport && s.prelude != cssPreludeNamespace {
			s.addURL(start, u)
		}
		return
	}
	s.identStart, s.identEnd = start, s.pos
	s.afterIdent = true
}

// identEndAt returns the end of the identifier starting at i.
func (s *cssScanner) identEndAt(i int) int {
	for i < len(s.src) {
		c := s.src[i]
		switch {
		case isCSSIdentChar(c):
			i++
		case c == '\\' && s.validEscape(i):
			i = s.escapeEnd(i)
		default:
			return i
		}
	}
	return i
}

// validEscape reports whether the backslash at i starts an escape: it
// does unless a newline follows it.
func (s *cssScanner) validEscape(i int) bool {
	if i+1 >= len(s.src) {
		return false
	}
	c := s.src[i+1]
	return c != '\n' && c != '\r' && c != '\f'
}

// escapeEnd returns the end of the escape whose backslash is at i.
func (s *cssScanner) escapeEnd(i int) int {
	return i + cssEscapeLen(s.src[i:])
}

func isURLName(b []byte) bool { return cssEqualFold(b, "url") }
