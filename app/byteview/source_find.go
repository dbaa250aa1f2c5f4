package byteview

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strconv"
	"strings"
)

// findChunk is how many bytes a case-insensitive search folds at a time: the
// document itself is never copied whole.
const findChunk = 1 << 20

// matcher finds a query in a document, byte for byte or ignoring ASCII case.
// Matches are counted the way bytes.Count counts them: without overlap.
type matcher struct {
	body       []byte
	q          []byte // lower-cased when fold
	fold       bool
	buf        []byte // folded copy of body[start:end]
	start, end int64
}

func newMatcher(body []byte, query string, matchCase bool) *matcher {
	m := &matcher{body: body, q: []byte(query), fold: !matchCase}
	if m.fold {
		m.q = foldASCII(nil, m.q)
	}
	return m
}

// foldTable maps every byte to itself except A–Z, which map to a–z.
var foldTable = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if 'A' <= i && i <= 'Z' {
			t[i] = byte(i) + 'a' - 'A'
		}
	}
	return t
}()

// foldASCII copies src into dst with A–Z lowered; every other byte, UTF-8
// included, is kept, so offsets in the copy are offsets in src. It folds
// eight bytes at a time: a find across 64 MB folds every byte once or twice.
func foldASCII(dst, src []byte) []byte {
	dst = append(dst[:0], src...)
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		w := binary.LittleEndian.Uint64(dst[i:])
		binary.LittleEndian.PutUint64(dst[i:], foldWord(w))
	}
	for ; i < len(dst); i++ {
		dst[i] = foldTable[dst[i]]
	}
	return dst
}

// Byte lanes of a word, for foldWord.
const (
	laneOnes = 0x0101010101010101
	laneHigh = 0x8080808080808080
)

// foldWord lowers the bytes A–Z among the eight bytes of w. For each byte
// b below 0x80, b+(0x80-'A') sets the lane's high bit when b >= 'A' and
// b+(0x80-'Z'-1) sets it when b > 'Z'; neither sum carries into the next
// lane. A lane whose byte is 0x80 or more is left alone.
func foldWord(w uint64) uint64 {
	low := w &^ laneHigh
	geA := low + (0x80-'A')*laneOnes
	gtZ := low + (0x80-'Z'-1)*laneOnes
	upper := geA &^ gtZ &^ w & laneHigh
	return w | upper>>2 // 0x80>>2 is 0x20, the case bit
}

// window folds body[start:end] into buf, reusing it.
func (m *matcher) window(start, end int64) []byte {
	if start != m.start || end != m.end || m.buf == nil {
		m.buf = foldASCII(m.buf, m.body[start:end])
		m.start, m.end = start, end
	}
	return m.buf
}

// next returns the first match starting at or after from, or -1.
func (m *matcher) next(from int64) int64 {
	n, ql := int64(len(m.body)), int64(len(m.q))
	from = max(from, 0)
	if ql == 0 || from+ql > n {
		return -1
	}
	if !m.fold {
		if i := bytes.Index(m.body[from:], m.q); i >= 0 {
			return from + int64(i)
		}
		return -1
	}
	chunk := max(findChunk, 2*ql)
	for from+ql <= n {
		if from < m.start || from+ql > m.end || m.buf == nil {
			m.window(from, min(n, from+chunk))
		}
		if i := bytes.Index(m.buf[from-m.start:], m.q); i >= 0 {
			return from + int64(i)
		}
		if m.end >= n {
			return -1
		}
		from = m.end - ql + 1 // a match across the window's end starts here at the latest
	}
	return -1
}

// prev returns the last match starting before before, or -1.
func (m *matcher) prev(before int64) int64 {
	n, ql := int64(len(m.body)), int64(len(m.q))
	end := min(n, before-1+ql)
	if ql == 0 || end < ql {
		return -1
	}
	if !m.fold {
		return int64(bytes.LastIndex(m.body[:end], m.q))
	}
	chunk := max(findChunk, 2*ql)
	for end >= ql {
		start := max(0, end-chunk)
		if i := bytes.LastIndex(m.window(start, end), m.q); i >= 0 {
			return start + int64(i)
		}
		if start == 0 {
			return -1
		}
		end = start + ql - 1
	}
	return -1
}

// countSplit returns how many matches start before pivot and how many
// there are in all, in one pass.
func (m *matcher) countSplit(pivot int64) (before, total int) {
	n, ql := int64(len(m.body)), int64(len(m.q))
	if ql == 0 {
		return 0, 0
	}
	if !m.fold {
		end := min(max(pivot+ql-1, 0), n) // a match starting before pivot ends by here
		return bytes.Count(m.body[:end], m.q), bytes.Count(m.body, m.q)
	}
	for at := m.next(0); at >= 0; at = m.next(at + ql) {
		total++
		if at < pivot {
			before++
		}
	}
	return before, total
}

// findFrom is Find's search: the first match at or after from, wrapping to
// the start of the document.
func (m *matcher) findFrom(from int64) (int64, bool) {
	if at := m.next(from); at >= 0 {
		return at, true
	}
	if at := m.next(0); at >= 0 {
		return at, true
	}
	return 0, false
}

// findBefore is the backward search: the last match before before, wrapping
// to the end of the document.
func (m *matcher) findBefore(before int64) (int64, bool) {
	if at := m.prev(before); at >= 0 {
		return at, true
	}
	if at := m.prev(int64(len(m.body))); at >= 0 {
		return at, true
	}
	return 0, false
}

var errNotOffset = errors.New("byteview.parseOffset")

// parseOffset reads a byte offset typed by a consultant: decimal, with or
// without thousands separators (2,000,000 · 2 000 000 · 2.000.000 ·
// 2_000_000), or hexadecimal with 0x. Separators must group three digits,
// so "1.5" is refused rather than read as 15.
func parseOffset(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		rest = strings.ReplaceAll(rest, "_", "")
		if rest == "" || strings.ContainsAny(rest, "+-") {
			return 0, errNotOffset
		}
		v, err := strconv.ParseInt(rest, 16, 64)
		if err != nil {
			return 0, errNotOffset
		}
		return v, nil
	}
	groups, ok := digitGroups(s)
	if !ok {
		return 0, errNotOffset
	}
	v, err := strconv.ParseInt(strings.Join(groups, ""), 10, 64)
	if err != nil {
		return 0, errNotOffset
	}
	return v, nil
}

// digitGroups splits s at thousands separators and checks the grouping: a
// first group of one to three digits (any length when it is the only one),
// then groups of exactly three.
func digitGroups(s string) ([]string, bool) {
	var groups []string
	cur := strings.Builder{}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			cur.WriteRune(r)
		case strings.ContainsRune(",._' \u00a0\u202f", r) && cur.Len() > 0:
			groups = append(groups, cur.String())
			cur.Reset()
		default:
			return nil, false
		}
	}
	if cur.Len() == 0 {
		return nil, false
	}
	groups = append(groups, cur.String())
	for i, g := range groups {
		if (i > 0 && len(g) != 3) || (i == 0 && len(groups) > 1 && len(g) > 3) {
			return nil, false
		}
	}
	return groups, true
}
