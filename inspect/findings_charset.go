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
		fs.add(finding.Warning, CodeCharsetMismatch, c.Offset, "charset-mismatch",
			"Label", c.Label, "Where", c.Where(), "Decoder", c.DisplayName(), "Google", fs.googleRule("Google"))
	case c.InvalidUTF8 >= garbledBytes || c.InvalidUTF8 > 0 && fs.quotesReplacement():
		fs.add(finding.Warning, CodeInvalidUTF8, c.FirstInvalid, "invalid-utf8-garbled",
			"Invalid", c.InvalidUTF8, "First", *c.FirstInvalid)
	case c.InvalidUTF8 > 0:
		fs.add(finding.Info, CodeInvalidUTF8, c.FirstInvalid, "invalid-utf8", "Invalid", c.InvalidUTF8, "First", *c.FirstInvalid)
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
