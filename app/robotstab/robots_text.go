package robotstab

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// utf8BOM is the byte order mark some editors put at the start of a file.
var utf8BOM = []byte("\xEF\xBB\xBF")

// liveRobotsText is the live robots.txt as the editor shows it.
type liveRobotsText struct {
	text string // what the editor holds
	size int64  // bytes of the file as read; the text may differ in length
	note string // how the text differs from the bytes, "" when it does not
}

// liveRobotsOf is the outcome's robots.txt byte for byte: BOM, CR line ends
// and bytes past Google's 500 KiB included. Two things differ, and the note
// says so: each byte that is not valid UTF-8 shows as U+FFFD, and a line
// longer than robots.MaxLineBytes is cut there (Google ignores the rest of
// it; an entry holding such lines whole would take seconds and gigabytes).
// Without a body it falls back to the lines Google parsed.
func liveRobotsOf(o *robots.Outcome) liveRobotsText {
	switch {
	case o == nil || (o.Body == nil && o.File == nil):
		return liveRobotsText{}
	case o.Body == nil:
		text := linesText(o.File)
		return liveRobotsText{text: text, size: int64(len(text))}
	}
	text, n := robotsDisplay(o.Body)
	return liveRobotsText{text: text, size: int64(len(o.Body)), note: n.String()}
}

// linesText joins the lines Google parsed with "\n".
func linesText(f *robots.File) string {
	lines := make([]string, len(f.Lines))
	for i, ln := range f.Lines {
		lines[i] = ln.Text
	}
	return strings.Join(lines, "\n")
}

// displayNotes counts what robotsDisplay changed.
type displayNotes struct {
	bom      bool
	invalid  int // bytes that are not valid UTF-8
	cutLines int // lines cut at robots.MaxLineBytes
}

// String is the note shown under the editor: one sentence per change.
func (n displayNotes) String() string {
	var s []string
	if n.bom {
		s = append(s, i18n.T("robotstab.note-bom"))
	}
	if n.invalid > 0 {
		s = append(s, i18n.T("robotstab.note-invalid", "Count", n.invalid))
	}
	if n.cutLines > 0 {
		s = append(s, i18n.T("robotstab.note-long-lines", "Count", n.cutLines, "Max", robots.MaxLineBytes))
	}
	return strings.Join(s, " ")
}

// robotsDisplay is body as editor text: every byte kept except that each
// invalid UTF-8 byte becomes U+FFFD and a line (ended by CR or LF, as
// Google splits them) stops at robots.MaxLineBytes bytes of the original.
func robotsDisplay(body []byte) (string, displayNotes) {
	n := displayNotes{bom: bytes.HasPrefix(body, utf8BOM)}
	var b strings.Builder
	b.Grow(len(body))
	line, cut := 0, false
	for i := 0; i < len(body); {
		if c := body[i]; c == '\n' || c == '\r' {
			b.WriteByte(c)
			i++
			line, cut = 0, false
			continue
		}
		r, size := utf8.DecodeRune(body[i:])
		bad := r == utf8.RuneError && size == 1
		if bad {
			n.invalid++
		}
		switch {
		case line+size > robots.MaxLineBytes:
			if !cut {
				n.cutLines++
				cut = true
			}
		case bad:
			b.WriteRune(utf8.RuneError)
		default:
			b.Write(body[i : i+size])
		}
		line += size
		i += size
	}
	return b.String(), n
}
