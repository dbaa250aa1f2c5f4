package scan

import (
	"bytes"
	"math"
)

// x/net/html's tokenizer holds a whole token in its buffer, and grows the
// buffer by doubling: a page that is one 60 MB inline script would cost
// three times the script in buffers alone. The analysis therefore steps
// over big raw-text contents (script, style, textarea, ...) itself and
// starts a fresh tokenizer after them. The rules below find the end of a
// raw-text content exactly as the tokenizer does (readRawOrRCDATA and
// readScript), so the tokens and offsets are the same either way.

// Steps are the token sizes from which the analysis reads a token
// itself instead of leaving it to the tokenizer: raw-text contents (for
// memory, above, and for speed), tags and text (for speed: see
// steptag.go). Tests change them through analyze to check that every path
// agrees.
type Steps struct{ raw, tag, text int }

// DefaultSteps step over raw text from 512 bytes, below which restarting
// the tokenizer costs more than it saves, and over every tag and text.
var DefaultSteps = Steps{raw: 512, tag: 1, text: 1}

// StepAll steps over every raw-text content, tag and text it may.
var StepAll = Steps{raw: 1, tag: 1, text: 1}

// StepNone leaves every token to the tokenizer.
var StepNone = Steps{raw: math.MaxInt, tag: math.MaxInt, text: math.MaxInt}

// rawDelim reports the bytes that may follow "</tag" in an end tag that
// closes raw text.
func rawDelim(c byte) bool {
	return isSpace(c) || c == '/' || c == '>'
}

// endTagAt reports whether b[i:] starts with "</tag" (any case) followed by
// a delimiter byte.
func endTagAt(b []byte, i int, tag string) bool {
	k := i + 2 + len(tag)
	return k < len(b) && b[i] == '<' && b[i+1] == '/' && EqualFold(b[i+2:k], tag) && rawDelim(b[k])
}

// firstEndTag returns the index of the first "</tag" plus delimiter in b,
// or -1.
func firstEndTag(b []byte, tag string) int {
	for i := 0; i < len(b); i++ {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if endTagAt(b, i, tag) {
			return i
		}
	}
	return -1
}

// rawTextEnd returns the length of the raw-text content that starts at
// b[0] inside element tag (lower case): up to the end tag that closes it,
// or all of b.
func rawTextEnd(b []byte, tag string) int {
	switch tag {
	case "plaintext":
		return len(b)
	case "script":
		return scriptEnd(b)
	}
	if i := firstEndTag(b, tag); i >= 0 {
		return i
	}
	return len(b)
}

// scriptReader walks script data the way the tokenizer's readScript does.
type scriptReader struct {
	b      []byte
	i      int
	dashes int // dashes just read when escaped data starts
}

func (r *scriptReader) next() (byte, bool) {
	if r.i >= len(r.b) {
		return 0, false
	}
	r.i++
	return r.b[r.i-1], true
}

// endTag is the tokenizer's readRawEndTag after "</": it reports whether
// "script" and a delimiter follow (then the position is back before the
// "</"), and false at the end of the input.
func (r *scriptReader) endTag() (found, eof bool) {
	for k := 0; k < len("script"); k++ {
		c, ok := r.next()
		if !ok {
			return false, true
		}
		if c != "script"[k] && c != "SCRIPT"[k] {
			r.i--
			return false, false
		}
	}
	c, ok := r.next()
	if !ok {
		return false, true
	}
	if rawDelim(c) {
		r.i -= 3 + len("script")
		return true, false
	}
	r.i--
	return false, false
}

// scriptEnd returns the length of the script data at the start of b. The
// states are those of the HTML tokenizer: data, escaped (after "<!--")
// and double-escaped (after "<!--<script").
func scriptEnd(b []byte) int {
	r := &scriptReader{b: b}
	state := stateData
	for {
		var done bool
		switch state {
		case stateData:
			state, done = r.data()
		case stateEscaped:
			state, done = r.escaped()
		default:
			state, done = r.doubleEscaped()
		}
		if done {
			return r.i
		}
	}
}

const (
	stateData = iota
	stateEscaped
	stateDoubleEscaped
)

// data reads script data until "</script" ends it or "<!--" escapes it.
func (r *scriptReader) data() (int, bool) {
	for {
		// Only '<' changes the state: jump to the next one.
		j := bytes.IndexByte(r.b[r.i:], '<')
		if j < 0 {
			r.i = len(r.b)
			return 0, true
		}
		r.i += j + 1
		c, ok := r.next()
		if !ok {
			return 0, true
		}
		switch c {
		case '/':
			if found, eof := r.endTag(); found || eof {
				return 0, true
			}
		case '!':
			if r.escapeStart() {
				r.dashes = 2 // "<!--" leaves the tokenizer in its escaped dash-dash state
				return stateEscaped, false
			}
			if r.i >= len(r.b) {
				return 0, true
			}
		default:
			r.i--
		}
	}
}

// escapeStart reads the "--" of "<!--"; on anything else it backs up one
// byte, as the tokenizer does.
func (r *scriptReader) escapeStart() bool {
	for k := 0; k < 2; k++ {
		c, ok := r.next()
		if !ok {
			return false
		}
		if c != '-' {
			r.i--
			return false
		}
	}
	return true
}

// escaped reads escaped script data; r.dashes tells how many dashes came
// just before (the tokenizer's escaped, escaped-dash and escaped-dash-dash
// states).
func (r *scriptReader) escaped() (int, bool) {
	dashes := r.dashes
	for {
		c, ok := r.next()
		if !ok {
			return 0, true
		}
		switch c {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 {
				return stateData, false
			}
		case '<':
			if state, done := r.escapedLess(); state != stateEscaped || done {
				return state, done
			}
		}
		dashes = 0
	}
}

// escapedLess handles "<" in escaped script data.
func (r *scriptReader) escapedLess() (int, bool) {
	c, ok := r.next()
	if !ok {
		return 0, true
	}
	switch {
	case c == '/':
		if found, eof := r.endTag(); found || eof {
			return 0, true
		}
		return stateEscaped, false
	case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		return r.doubleEscapeStart()
	}
	// The tokenizer backs up and goes to plain script data here.
	r.i--
	return stateData, false
}

// doubleEscapeStart reads "script" and a delimiter after "<" in escaped
// data; the first letter has been read.
func (r *scriptReader) doubleEscapeStart() (int, bool) {
	r.i--
	for k := 0; k < len("script"); k++ {
		c, ok := r.next()
		if !ok {
			return 0, true
		}
		if c != "script"[k] && c != "SCRIPT"[k] {
			r.i--
			return stateEscaped, false
		}
	}
	c, ok := r.next()
	if !ok {
		return 0, true
	}
	if rawDelim(c) {
		return stateDoubleEscaped, false
	}
	r.i--
	return stateEscaped, false
}

// doubleEscaped reads double-escaped script data, where "</script" only
// returns to escaped data and "-->" to plain data.
func (r *scriptReader) doubleEscaped() (int, bool) {
	dashes := 0
	for {
		c, ok := r.next()
		if !ok {
			return 0, true
		}
		switch c {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 {
				return stateData, false
			}
		case '<':
			c, ok = r.next()
			if !ok {
				return 0, true
			}
			if c != '/' {
				r.i--
				break
			}
			found, eof := r.endTag()
			if eof {
				return 0, true
			}
			if found {
				r.i += len("</script>")
				r.dashes = 0
				return stateEscaped, false
			}
		}
		dashes = 0
	}
}
