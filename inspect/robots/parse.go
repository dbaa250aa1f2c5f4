package robots

import (
	"bytes"
	"strings"
	"sync"
)

// MaxBytes is how much of a robots.txt body Google parses, in bytes: the
// first 500 KiB (512,000 bytes). Everything after it is ignored.
const MaxBytes = 512000

// MaxLineBytes is how many bytes of one line Google keeps (2083 × 8 − 1 =
// 16,663); the rest of a longer line is ignored.
const MaxLineBytes = 2083*8 - 1

// File is a parsed robots.txt: every line with its number and class, the
// groups the lines form, and what was cut. A File is read-only after Parse
// and safe for concurrent use by any goroutine.
type File struct {
	// Lines holds every line Google's parser sees, in order; Lines[i].Num
	// is i+1. The last line is always present, even when it is empty.
	Lines []Line
	// Groups holds the groups in file order.
	Groups []Group
	// Sitemaps lists the values of the sitemap lines, in order.
	Sitemaps []string
	// Size is the length of the body given to Parse, in bytes.
	Size int64
	// TruncatedAt is MaxBytes when the body was longer than MaxBytes,
	// otherwise 0: the byte offset where Google stops reading.
	TruncatedAt int64
	// IgnoredBytes is how many bytes past TruncatedAt were ignored.
	IgnoredBytes int64
	// IgnoredRules counts the lines past TruncatedAt that look like
	// user-agent, allow or disallow lines (Google never sees them).
	IgnoredRules int
	// BOMBytes is the number of byte-order-mark bytes skipped at the start
	// (0 to 3: Google skips a partial BOM too).
	BOMBytes int
	// LooksLikeHTML is true when the body looks like an HTML page rather
	// than a robots.txt.
	LooksLikeHTML bool

	byToken    map[string][]int // lower-case product token -> group indices
	star       []int            // indices of the groups with a "*" line
	selections *sync.Map        // selection key -> selection, see File.selection
}

// Parse reads a robots.txt body the way Google's parser does. It parses only
// the first MaxBytes bytes, records what it ignored, and never fails: lines
// Google cannot use are kept and classed, not rejected. body is not retained.
func Parse(body []byte) *File {
	f := &File{Size: int64(len(body)), LooksLikeHTML: looksLikeHTML(body), selections: new(sync.Map)}
	parsed := body
	if len(body) > MaxBytes {
		parsed = body[:MaxBytes]
		f.TruncatedAt = MaxBytes
		f.IgnoredBytes = int64(len(body) - MaxBytes)
		f.IgnoredRules = countRuleLines(body[MaxBytes:])
	}
	f.BOMBytes = bomPrefix(parsed)
	f.splitLines(string(parsed), f.BOMBytes)
	f.buildGroups()
	return f
}

// bomPrefix returns how many leading bytes match the start of a UTF-8 BOM.
func bomPrefix(b []byte) int {
	const bom = "\xEF\xBB\xBF"
	n := 0
	for n < len(bom) && n < len(b) && b[n] == bom[n] {
		n++
	}
	return n
}

// splitLines cuts s into lines at CR, LF and CRLF, starting at offset start,
// and classifies each. A LF right after a CR ends nothing: it completes the
// CRLF. The text after the last line ending is always a line of its own.
func (f *File) splitLines(s string, start int) {
	f.Lines = make([]Line, 0, strings.Count(s, "\n")+1)
	pos := start
	for {
		i := indexLineEnd(s[pos:])
		if i < 0 {
			f.addLine(s[pos:], pos)
			return
		}
		f.addLine(s[pos:pos+i], pos)
		pos += i + 1
		if s[pos-1] == '\r' && pos < len(s) && s[pos] == '\n' {
			pos++
		}
	}
}

// indexLineEnd returns the index of the first CR or LF in s, or -1.
func indexLineEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' {
			return i
		}
	}
	return -1
}

// addLine classifies one line and appends it.
func (f *File) addLine(text string, offset int) {
	ln := Line{Num: len(f.Lines) + 1, Offset: offset, Group: -1}
	if len(text) > MaxLineBytes {
		text = text[:MaxLineBytes]
		ln.TooLong = true
	}
	ln.Text = text
	ln.classify()
	if ln.Kind == KindSitemap {
		f.Sitemaps = append(f.Sitemaps, ln.Value)
	}
	f.Lines = append(f.Lines, ln)
}

// countRuleLines counts lines of b whose key looks like user-agent, allow or
// disallow: a cheap estimate of the rules lost past the limit.
func countRuleLines(b []byte) int {
	n := 0
	for len(b) > 0 {
		i := bytes.IndexAny(b, "\r\n")
		line := b
		if i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		line = bytes.TrimLeft(line, " \t")
		if len(line) > 20 {
			line = line[:20]
		}
		switch keyKind(strings.ToLower(string(line))) {
		case KindUserAgent, KindAllow, KindDisallow:
			n++
		}
	}
	return n
}
