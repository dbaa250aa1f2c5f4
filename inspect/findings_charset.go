package inspect

import "github.com/cutoffapp/cutoff/inspect/finding"

// charset reports a declared charset its bytes contradict, and bytes that
// are not UTF-8 in a page read as UTF-8.
func (fs *findings) charset() {
	c := fs.a.Charset
	switch {
	case c.Mismatch():
		fs.add(finding.Warning, CodeCharsetMismatch, c.Offset,
			"The page declares its charset as %s %s, but its bytes are UTF-8: Google and browsers decode it as %s, so every non-ASCII character of its title, description and text comes out garbled.",
			c.Label, c.Where(), c.DisplayName())
	case c.InvalidUTF8 > 0:
		fs.add(finding.Info, CodeInvalidUTF8, c.FirstInvalid,
			"The page is read as UTF-8, but %s of its bytes are not UTF-8 (the first at byte %s): each reads as a replacement character (\uFFFD).",
			Bytes(c.InvalidUTF8), Bytes(*c.FirstInvalid))
	}
}
