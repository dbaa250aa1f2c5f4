package charset

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
)

// Decoder reads a body one character at a time in a legacy charset, so
// a view can show any slice of the body decoded while keeping byte
// offsets. A Decoder belongs to one goroutine.
type Decoder struct {
	dec    *encoding.Decoder
	single *charmap.Charmap // single-byte charsets decode by table
	lead   func(b []byte) int
	buf    [utf8.UTFMax * 2]byte
}

// Decoder returns a character decoder for c, or nil when the body is read
// as UTF-8 or when the charset cannot be read a character at a time
// (UTF-16, the stateful ISO-2022-JP): then the bytes are shown as UTF-8.
func (c Charset) Decoder() *Decoder {
	enc, err := htmlindex.Get(c.Name)
	if err != nil || c.Name == "utf-8" {
		return nil
	}
	if cm, ok := enc.(*charmap.Charmap); ok {
		return &Decoder{single: cm}
	}
	lead := multiByteLen(c.Name)
	if lead == nil {
		return nil
	}
	return &Decoder{dec: enc.NewDecoder(), lead: lead}
}

// multiByteLen is the character length function of an East Asian
// multi-byte charset, from its lead (and second) bytes.
func multiByteLen(name string) func(b []byte) int {
	switch name {
	case "shift_jis":
		return func(b []byte) int { return leadLen(b, b[0] >= 0x81 && b[0] <= 0x9f || b[0] >= 0xe0 && b[0] <= 0xfc, 2) }
	case "euc-jp":
		return func(b []byte) int {
			if b[0] == 0x8f {
				return leadLen(b, true, 3)
			}
			return leadLen(b, b[0] == 0x8e || b[0] >= 0xa1 && b[0] <= 0xfe, 2)
		}
	case "gbk", "gb18030":
		return func(b []byte) int {
			if len(b) > 1 && b[1] >= 0x30 && b[1] <= 0x39 {
				return leadLen(b, b[0] >= 0x81 && b[0] <= 0xfe, 4) // GB18030 four-byte form
			}
			return leadLen(b, b[0] >= 0x81 && b[0] <= 0xfe, 2)
		}
	case "big5", "euc-kr":
		return func(b []byte) int { return leadLen(b, b[0] >= 0x81 && b[0] <= 0xfe, 2) }
	}
	return nil
}

// leadLen is n when b starts with a lead byte and holds n bytes, else 1.
func leadLen(b []byte, isLead bool, n int) int {
	if isLead && len(b) >= n {
		return n
	}
	return 1
}

// Len is the length in bytes of the character starting b (never empty).
func (d *Decoder) Len(b []byte) int {
	if d.single != nil {
		return 1
	}
	return d.lead(b)
}

// Decode returns the character starting b (never empty) and its length,
// or utf8.RuneError and 1 when b does not start a valid character.
func (d *Decoder) Decode(b []byte) (rune, int) {
	if d.single != nil {
		return d.single.DecodeByte(b[0]), 1
	}
	n := d.lead(b)
	if n == 1 && b[0] < utf8.RuneSelf {
		return rune(b[0]), 1
	}
	d.dec.Reset()
	nDst, _, err := d.dec.Transform(d.buf[:], b[:n], true)
	if err != nil || nDst == 0 {
		return utf8.RuneError, 1
	}
	r, _ := utf8.DecodeRune(d.buf[:nDst])
	if r == utf8.RuneError {
		return utf8.RuneError, 1
	}
	return r, n
}

// Text returns what turns bytes of a body in c into UTF-8 text, a byte
// sequence c cannot read becoming U+FFFD (as a browser shows it); nil
// when the body is read as UTF-8 or c is unknown. It decodes short
// values (a title, an href), one call at a time, from any goroutine.
func (c Charset) Text() func(raw []byte) string {
	if c.Name == "utf-8" {
		return nil
	}
	enc, err := htmlindex.Get(c.Name)
	if err != nil {
		return nil
	}
	return func(raw []byte) string {
		out, err := enc.NewDecoder().Bytes(raw)
		if err != nil {
			return strings.ToValidUTF8(string(raw), "\uFFFD")
		}
		return string(out)
	}
}
