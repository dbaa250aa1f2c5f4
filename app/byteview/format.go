package byteview

import (
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// numbers groups digits the way every Cutoff view writes them (2,000,000).
var numbers = message.NewPrinter(language.English)

// commas writes n with thousands separators: 2000000 -> "2,000,000". Byte
// counts are shown exact, never rounded, because the cutoff is byte-exact.
func commas(n int64) string { return numbers.Sprint(n) }

// bytesText is n as "1,234,567 bytes" (or "1 byte").
func bytesText(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return commas(n) + " bytes"
}
