package whatif

import (
	"bytes"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// attr is one attribute of a start tag, as byte offsets into the tag's raw
// bytes.
type attr struct {
	name       []byte // as written, not lower-cased
	start, end int    // the whole attribute: name through the value's closing quote
	vs, ve     int    // the value inside its quotes; vs = ve = end when there is none
	quote      byte   // the value's quote, 0 when unquoted or absent
	hasValue   bool
}

// value returns a's value as written (references not decoded).
func (a *attr) value(tag []byte) []byte { return tag[a.vs:a.ve] }

// is reports whether a's name is name, which must be lower case.
func (a *attr) is(name string) bool { return scan.EqualFold(a.name, name) }

// scanAttrs appends the attributes of a raw start tag to dst, reading them
// by the HTML tokenizer's rules: a name runs to white space, '/', '>' or
// '=' (an '=' in first place belongs to the name); a value is quoted or
// runs to white space or '>'.
func scanAttrs(tag []byte, dst []attr) []attr {
	i := 1
	for i < len(tag) && !isSpace(tag[i]) && tag[i] != '/' && tag[i] != '>' {
		i++ // the tag name
	}
	for i < len(tag) {
		for i < len(tag) && (isSpace(tag[i]) || tag[i] == '/') {
			i++
		}
		if i >= len(tag) || tag[i] == '>' {
			break
		}
		a := attr{start: i}
		i++ // a first character is always part of the name, '=' included
		for i < len(tag) && !isSpace(tag[i]) && tag[i] != '/' && tag[i] != '>' && tag[i] != '=' {
			i++
		}
		a.name = tag[a.start:i]
		a.end, a.vs, a.ve = i, i, i
		i = scanValue(tag, i, &a)
		dst = append(dst, a)
	}
	return dst
}

// scanValue reads the "= value" after an attribute name that ends at i into
// a, and returns where reading goes on.
func scanValue(tag []byte, i int, a *attr) int {
	j := skipSpace(tag, i)
	if j >= len(tag) || tag[j] != '=' {
		return j
	}
	j = skipSpace(tag, j+1)
	if j >= len(tag) || tag[j] == '>' {
		return j
	}
	a.hasValue = true
	if q := tag[j]; q == '"' || q == '\'' {
		a.quote, a.vs = q, j+1
		k := bytes.IndexByte(tag[j+1:], q)
		if k < 0 {
			a.ve, a.end = len(tag), len(tag)
			return len(tag)
		}
		a.ve, a.end = j+1+k, j+2+k
		return a.end
	}
	a.vs = j
	for j < len(tag) && !isSpace(tag[j]) && tag[j] != '>' {
		j++
	}
	a.ve, a.end = j, j
	return j
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return spaceByte[c] }
