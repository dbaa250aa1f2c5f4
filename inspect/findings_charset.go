package inspect

import (
	"strings"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// charset reports a declared charset its bytes contradict, and bytes that
// are not UTF-8 in a page read as UTF-8.
func (fs *findings) charset() {
	c := fs.a.Charset
	switch {
	case c.Mismatch():
		fs.add(finding.Warning, CodeCharsetMismatch, c.Offset,
			"The page declares its charset as %s %s, but its bytes are UTF-8: browsers decode it as %s, and so does %s, so every non-ASCII character of its title, description and text comes out garbled.",
			c.Label, c.Where(), c.DisplayName(), fs.googleRule("Google"))
	case c.InvalidUTF8 >= garbledBytes || c.InvalidUTF8 > 0 && fs.quotesReplacement():
		fs.add(finding.Warning, CodeInvalidUTF8, c.FirstInvalid,
			"The page is read as UTF-8, but %s of its bytes are not UTF-8 (the first at byte %s): the crawler reads each run of them as a replacement character (\uFFFD), so what it indexes of the text is garbage. The bytes are likely in a legacy charset (EUC-JP, Shift_JIS, windows-1252): declare it in the Content-Type header, or serve the page in UTF-8.",
			Bytes(c.InvalidUTF8), Bytes(*c.FirstInvalid))
	case c.InvalidUTF8 > 0:
		fs.add(finding.Info, CodeInvalidUTF8, c.FirstInvalid,
			"The page is read as UTF-8, but %s of its bytes are not UTF-8 (the first at byte %s): each reads as a replacement character (\uFFFD).",
			Bytes(c.InvalidUTF8), Bytes(*c.FirstInvalid))
	}
}

// garbledBytes is how many bytes that are not UTF-8 make a page read as
// UTF-8 garbage rather than a stray byte or two: a paragraph of EUC-JP
// or Shift_JIS text holds more.
const garbledBytes = 64

// quotesReplacement reports whether the title, meta description or h1
// reads with a replacement character: the crawler shows it garbled.
func (fs *findings) quotesReplacement() bool {
	for _, c := range fs.a.Critical {
		switch c.Kind {
		case scan.ElementTitle, scan.ElementMetaDescription, scan.ElementH1:
			if strings.ContainsRune(c.Value, utf8.RuneError) {
				return true
			}
		}
	}
	return false
}
