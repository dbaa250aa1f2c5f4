package scan

import (
	"encoding/json"
	"html"
	"slices"
	"strings"
)

// A Decoder turns bytes of the body into UTF-8 text in the body's
// charset (EUC-JP, Shift_JIS, windows-1252, ...), a character it cannot
// read becoming U+FFFD. A nil Decoder reads the bytes as UTF-8.
type Decoder func(raw []byte) string

// maxValue bounds the bytes a report quotes of one value.
const maxValue = 1024

// rawValue keeps a value as the pass reads it, before the charset is
// known: at most maxValue+1 bytes, one more than a report quotes, so that
// quote knows the value was cut.
func rawValue(raw []byte) string {
	return string(raw[:min(len(raw), maxValue+1)])
}

// quote turns a raw value into the text a report quotes: at most
// maxValue bytes of the page decoded through dec (a character cut by that
// bound dropped and "…" added), character references decoded, white
// space collapsed. The charset comes first: a character reference is
// ASCII in every charset a page may use, and a multi-byte character may
// hold bytes that look like white space to UTF-8 (GBK's 0xC2 0xA0).
func quote(raw string, dec Decoder) string {
	if dec == nil && plainASCII(raw) {
		return raw // most hrefs: nothing to decode, unescape or collapse
	}
	return quoteText(raw, dec)
}

// quoteText is quote without its shortcut for plain ASCII.
func quoteText(raw string, dec Decoder) string {
	cut := len(raw) > maxValue
	if cut {
		raw = raw[:maxValue]
	}
	var s string
	if dec != nil {
		s = dec([]byte(raw))
	} else {
		s = strings.ToValidUTF8(raw, "\uFFFD")
	}
	if cut {
		s = strings.TrimSuffix(s, "\uFFFD")
	}
	if strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	s = strings.Join(strings.Fields(s), " ")
	if cut {
		s += "…"
	}
	return s
}

// plainASCII reports whether s is a value quote leaves as it is: at most
// maxValue bytes of printable ASCII, no character reference, no white
// space but single spaces between words.
func plainASCII(s string) bool {
	if len(s) > maxValue || s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return s == ""
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' && (c != ' ' || s[i-1] == ' ') || c >= 0x7f || c == '&' {
			return false
		}
	}
	return true
}

// Decode returns a copy of r whose quoted texts (the values of the
// critical elements, the hreflang codes, the lost links and headings) are
// text in the body's charset, decoded by dec (nil for UTF-8). body is the
// body the pass read: the @type and the validity of a JSON-LD block are
// read again from its decoded content when dec is not nil (a Shift_JIS
// "表" ends in 0x5C, a backslash to JSON read as bytes). The pass keeps those values as raw
// bytes, since it reads the body before its charset is known (the header
// may say nothing, the <meta> may come after the title, and only the
// whole body tells UTF-8 from windows-1252); every value is decoded here,
// once, and r is left as it was.
func (r *Result) Decode(body []byte, dec Decoder) *Result {
	d := *r
	d.Critical = slices.Clone(r.Critical)
	for i := range d.Critical {
		c := &d.Critical[i]
		switch {
		case c.Kind == ElementJSONLD:
			if dec != nil && c.textEnd > c.textAt && c.textEnd <= int64(len(body)) {
				text := []byte(dec(body[c.textAt:c.textEnd]))
				c.Value = jsonLDTypes(text)
				c.Flags = slices.DeleteFunc(slices.Clone(c.Flags), func(f string) bool { return f == FlagInvalidJSON })
				if !json.Valid(text) {
					c.Flags = append(c.Flags, FlagInvalidJSON)
				}
			}
		case quoted(c.Kind):
			c.Value = quote(c.Value, dec)
			if c.Kind == ElementHreflang {
				c.Name = quote(c.Name, dec)
			}
		}
	}
	if r.Impact != nil {
		d.Impact = r.Impact.decode(d.Critical, dec)
	}
	return &d
}

// quoted reports whether the value of a critical element of kind is page
// text the pass keeps raw (a JSON-LD block's is its @type list, a head
// end's the name of what ended it).
func quoted(kind string) bool {
	switch kind {
	case ElementTitle, ElementMetaDescription, ElementMetaRobots, ElementCanonical,
		ElementHreflang, ElementH1, ElementLastInternalLink:
		return true
	}
	return false
}

// decode returns a copy of im whose lost links, headings and alternates
// are decoded by dec, and whose JSON-LD types are those of crit, the
// decoded critical elements, when dec is not nil.
func (im *Impact) decode(crit []Critical, dec Decoder) *Impact {
	d := *im
	d.Links.All = make([]Link, len(im.Links.All))
	for i, l := range im.Links.All {
		l.Href = quote(l.Href, dec)
		d.Links.All[i] = l
	}
	d.Links.Lost = nonNil(d.Links.All[:len(im.Links.Lost)])
	d.Headings.All = make([]Heading, len(im.Headings.All))
	for i, h := range im.Headings.All {
		h.Text = quote(h.Text, dec)
		d.Headings.All[i] = h
	}
	d.Headings.Lost = nonNil(d.Headings.All[:len(im.Headings.Lost)])
	d.Hreflang.Lost = make([]Alternate, len(im.Hreflang.Lost))
	for i, a := range im.Hreflang.Lost {
		a.Lang, a.Href = quote(a.Lang, dec), quote(a.Href, dec)
		d.Hreflang.Lost[i] = a
	}
	d.JSONLD = slices.Clone(im.JSONLD)
	if dec == nil {
		return &d
	}
	blocks := make(map[int64]*Critical)
	for k := range crit {
		if crit[k].Kind == ElementJSONLD {
			blocks[crit[k].Offset] = &crit[k]
		}
	}
	for i := range d.JSONLD {
		j := &d.JSONLD[i]
		if c := blocks[j.Offset]; c != nil {
			j.Types, j.ValidFull = c.Value, !c.HasFlag(FlagInvalidJSON)
		}
	}
	return &d
}
