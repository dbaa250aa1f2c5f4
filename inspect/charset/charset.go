package charset

import (
	"bytes"
	"encoding/binary"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	htmlcharset "golang.org/x/net/html/charset"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Where a page's charset came from, in the order HTML's encoding sniffing
// algorithm looks: a byte order mark, the Content-Type header, a <meta> in
// the first 1,024 bytes; with none of them, the bytes decide.
const (
	FromBOM    = "bom"
	FromHeader = "header"
	FromMeta   = "meta"
	Sniffed    = "sniffed" // nothing declared; the bytes are UTF-8 (or ASCII)
	Default    = "default" // nothing declared; the bytes are not UTF-8, windows-1252 is HTML's default
)

// charsetPrescanBytes is how far HTML's prescan looks for a <meta> charset.
const charsetPrescanBytes = 1024

// Charset is the character encoding a page's body is decoded with, and
// whether its bytes agree.
type Charset struct {
	// Name is the encoding's WHATWG name: "utf-8", "shift_jis", "gbk".
	Name string `json:"name"`
	// Source is one of the From/Sniffed/Default constants.
	Source string `json:"source"`
	// Label is the name as declared ("gb2312", "SJIS"); empty when nothing
	// was declared.
	Label string `json:"label,omitempty"`
	// Offset is the body offset of the <meta> that declares it.
	Offset *int64 `json:"offset,omitempty"`
	// UTF8 says the body is valid UTF-8 and holds multi-byte characters (a
	// character cut by the end of the read excepted).
	UTF8 bool `json:"bytes_utf8"`
	// InvalidUTF8 counts the bytes that are not UTF-8 when Name is utf-8;
	// FirstInvalid is the first of them.
	InvalidUTF8  int64  `json:"invalid_utf8_bytes,omitempty"`
	FirstInvalid *int64 `json:"first_invalid_utf8,omitempty"`
}

// Detect decides the charset of a body served with contentType (""
// for a local file), the way a browser and Google's indexer do.
func Detect(body []byte, contentType string) Charset {
	c := declaredCharset(body, contentType)
	utf, highBit := utf8Agrees(body)
	c.UTF8 = utf && highBit
	switch {
	case c.Source != "":
	case utf:
		c.Name, c.Source = "utf-8", Sniffed
	default:
		c.Name, c.Source = "windows-1252", Default
	}
	if c.Name == "utf-8" && !utf {
		c.InvalidUTF8, c.FirstInvalid = invalidUTF8(body)
	}
	return c
}

// declaredCharset is the charset the body or header declares; Source is
// empty when none does.
func declaredCharset(body []byte, contentType string) Charset {
	for _, bom := range []struct {
		prefix, name string
	}{{"\xef\xbb\xbf", "utf-8"}, {"\xfe\xff", "utf-16be"}, {"\xff\xfe", "utf-16le"}} {
		if bytes.HasPrefix(body, []byte(bom.prefix)) {
			return Charset{Name: bom.name, Source: FromBOM}
		}
	}
	if _, params, err := mime.ParseMediaType(contentType); err == nil {
		if label := params["charset"]; label != "" {
			if _, name := htmlcharset.Lookup(label); name != "" {
				return Charset{Name: name, Source: FromHeader, Label: label}
			}
		}
	}
	if label, off, ok := metaCharset(body[:min(len(body), charsetPrescanBytes)]); ok {
		if _, name := htmlcharset.Lookup(label); name != "" {
			switch name {
			case "utf-16be", "utf-16le": // a <meta> cannot declare UTF-16: HTML reads it as UTF-8
				name = "utf-8"
			case "x-user-defined":
				name = "windows-1252"
			}
			return Charset{Name: name, Source: FromMeta, Label: label, Offset: &off}
		}
	}
	return Charset{}
}

// metaCharset finds the first <meta charset> or <meta http-equiv=
// "Content-Type" content="...; charset=..."> in head and its offset.
func metaCharset(head []byte) (label string, offset int64, ok bool) {
	z := html.NewTokenizer(bytes.NewReader(head))
	var at int64
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return "", 0, false
		}
		start := at
		at += int64(len(z.Raw()))
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		if name, hasAttr := z.TagName(); string(name) == "meta" && hasAttr {
			if label := metaLabel(z); label != "" {
				return label, start, true
			}
		}
	}
}

// metaLabel reads a <meta> tag's attributes for a charset label.
func metaLabel(z *html.Tokenizer) string {
	var cs, content string
	equiv := false
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "charset":
			cs = strings.TrimSpace(string(v))
		case "http-equiv":
			equiv = strings.EqualFold(strings.TrimSpace(string(v)), "content-type")
		case "content":
			content = string(v)
		}
	}
	if cs != "" {
		return cs
	}
	if equiv {
		return contentCharset(content)
	}
	return ""
}

// contentCharset is the charset= parameter of a Content-Type value, read
// as loosely as HTML's "extracting a character encoding from a meta
// element" does.
func contentCharset(content string) string {
	lower := strings.ToLower(content)
	i := strings.Index(lower, "charset")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(content[i+len("charset"):], " \t\n\f\r")
	if !strings.HasPrefix(rest, "=") {
		return contentCharset(content[i+len("charset"):])
	}
	rest = strings.TrimLeft(rest[1:], " \t\n\f\r")
	if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
		if end := strings.IndexByte(rest[1:], rest[0]); end >= 0 {
			return rest[1 : end+1]
		}
		return ""
	}
	if end := strings.IndexAny(rest, " \t\n\f\r;"); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// utf8Agrees says whether body is valid UTF-8 (a character cut by the end
// of the body excepted) and whether it has any byte past ASCII.
func utf8Agrees(body []byte) (valid, highBit bool) {
	for i := len(body) - 1; i >= 0 && i > len(body)-utf8.UTFMax; i-- {
		if utf8.RuneStart(body[i]) {
			if !utf8.FullRune(body[i:]) {
				body = body[:i]
			}
			break
		}
	}
	if i := firstNonASCII(body); i >= 0 {
		return utf8.Valid(body[i:]), true // what comes before is ASCII
	}
	return true, false
}

// firstNonASCII is the offset of body's first byte past ASCII, -1 when
// there is none. It tests eight bytes at a time: most pages are mostly
// ASCII, and this runs over every byte of a body of up to 256 MiB.
func firstNonASCII(body []byte) int {
	const highBits = 0x8080808080808080
	i := 0
	for ; i+8 <= len(body); i += 8 {
		if binary.LittleEndian.Uint64(body[i:])&highBits != 0 {
			break
		}
	}
	for ; i < len(body); i++ {
		if body[i] >= utf8.RuneSelf {
			return i
		}
	}
	return -1
}

// invalidUTF8 counts the bytes of body that start no valid UTF-8
// character, and returns the first.
func invalidUTF8(body []byte) (int64, *int64) {
	var n int64
	var first *int64
	for i := 0; i < len(body); {
		if body[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(body[i:])
		cutByEnd := i > len(body)-utf8.UTFMax && !utf8.FullRune(body[i:])
		if r == utf8.RuneError && size == 1 && !cutByEnd {
			if first == nil {
				off := int64(i)
				first = &off
			}
			n++
		}
		i += size
	}
	return n, first
}

// DisplayName is the charset's name as people write it: "Shift_JIS",
// "UTF-8", "GBK", "windows-1251".
func (c Charset) DisplayName() string {
	switch {
	case c.Name == "shift_jis":
		return "Shift_JIS"
	case c.Name == "big5":
		return "Big5"
	case strings.HasPrefix(c.Name, "windows-"), strings.HasPrefix(c.Name, "x-"):
		return c.Name
	}
	return strings.ToUpper(c.Name)
}

// Mismatch says whether the declared charset disagrees with the bytes: a
// legacy charset declared for a body that is UTF-8 with multi-byte
// characters, which every reader then decodes into garbage.
func (c Charset) Mismatch() bool {
	return c.Name != "utf-8" && c.UTF8 && (c.Source == FromHeader || c.Source == FromMeta)
}

// Where says where the charset was declared, as a phrase: "in the
// Content-Type header", "in a <meta> tag at byte 120".
func (c Charset) Where() string {
	switch c.Source {
	case FromBOM:
		return i18n.T("charset.where-bom")
	case FromHeader:
		return i18n.T("charset.where-header")
	case FromMeta:
		if c.Offset != nil {
			return i18n.T("charset.where-meta-at", "Offset", *c.Offset)
		}
		return i18n.T("charset.where-meta")
	}
	return ""
}

// Reason says why the charset was chosen, and whether the bytes agree, in
// a clause: "declared as gb2312 in a <meta> tag at byte 40, but the bytes
// are UTF-8".
func (c Charset) Reason() string {
	var s string
	switch c.Source {
	case FromBOM:
		s = i18n.T("charset.reason-bom")
	case FromHeader, FromMeta:
		s = i18n.T("charset.reason-declared", "Label", c.Label, "Where", c.Where())
	case Sniffed:
		s = i18n.T("charset.reason-ascii")
		if c.UTF8 {
			s = i18n.T("charset.reason-utf8")
		}
	default:
		s = i18n.T("charset.reason-default")
	}
	switch {
	case c.Mismatch():
		s = i18n.T("charset.reason-but-utf8", "Reason", s)
	case c.InvalidUTF8 > 0:
		s = i18n.T("charset.reason-invalid", "Reason", s, "Invalid", c.InvalidUTF8)
	}
	return s
}
