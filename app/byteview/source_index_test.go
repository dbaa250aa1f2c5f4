package byteview

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// rowsOf indexes body and returns its rows as strings.
func rowsOf(body []byte, charLen CharLen) []string {
	x := newRowIndex(body, charLen, SourceRowBytes)
	out := make([]string, x.count())
	for i := range out {
		row, _ := x.bytes(i)
		out[i] = string(row)
	}
	return out
}

// sjisLen is Shift_JIS's character length: a lead byte in 0x81–0x9F or
// 0xE0–0xFC takes the next byte with it.
func sjisLen(b []byte) int {
	if c := b[0]; (c >= 0x81 && c <= 0x9f || c >= 0xe0 && c <= 0xfc) && len(b) > 1 {
		return 2
	}
	return 1
}

func TestRowIndexRows(t *testing.T) {
	long := strings.Repeat("x", 120) + "<b>" + strings.Repeat("y", 20)
	tests := []struct {
		name    string
		body    string
		charLen CharLen
		want    []string
	}{
		{"empty", "", nil, []string{}},
		{"no final newline", "a\nb", nil, []string{"a\n", "b"}},
		{"CRLF", "a\r\nb\r\n", nil, []string{"a\r\n", "b\r\n"}},
		{"bare CR", "a\rb\rc", nil, []string{"a\r", "b\r", "c"}},
		{"mixed endings and empty lines", "a\n\r\n\n\rb\r", nil, []string{"a\n", "\r\n", "\n", "\r", "b\r"}},
		{"line of exactly the width keeps its ending", strings.Repeat("z", 128) + "\r\n", nil,
			[]string{strings.Repeat("z", 128) + "\r\n"}},
		{"wraps after a tag", long, nil, []string{strings.Repeat("x", 120) + "<b>", strings.Repeat("y", 20)}},
		{"wraps after a space", strings.Repeat("w", 110) + " " + strings.Repeat("v", 40), nil,
			[]string{strings.Repeat("w", 110) + " ", strings.Repeat("v", 40)}},
		{"CJK across the wrap width", strings.Repeat("日", 50), nil,
			[]string{strings.Repeat("日", 42), strings.Repeat("日", 8)}},
		{"CJK breaks after its comma", strings.Repeat("日", 38) + "、" + strings.Repeat("本", 10), nil,
			[]string{strings.Repeat("日", 38) + "、", strings.Repeat("本", 10)}},
		{"a CJK full stop does not start a row", strings.Repeat("日", 42) + "。" + strings.Repeat("本", 10), nil,
			[]string{strings.Repeat("日", 41), "日。" + strings.Repeat("本", 10)}},
		{"nor does a CJK comma", "a" + strings.Repeat("日", 42) + "、本", nil,
			[]string{"a" + strings.Repeat("日", 41), "日、本"}},
		{"emoji across the wrap width", "a" + strings.Repeat("😀", 40), nil,
			[]string{"a" + strings.Repeat("😀", 31), strings.Repeat("😀", 9)}},
		{"invalid bytes wrap anywhere", strings.Repeat("\xff", 200), nil,
			[]string{strings.Repeat("\xff", 128), strings.Repeat("\xff", 72)}},
		{"Shift_JIS across the wrap width", "a" + strings.Repeat("\x93\xfa", 70), sjisLen,
			[]string{"a" + strings.Repeat("\x93\xfa", 63), strings.Repeat("\x93\xfa", 7)}},
		{"Shift_JIS trail byte like a tag end is no break", strings.Repeat("\x83\x3e", 70), sjisLen,
			[]string{strings.Repeat("\x83\x3e", 64), strings.Repeat("\x83\x3e", 6)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rowsOf([]byte(tt.body), tt.charLen)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
				t.Errorf("rows = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRowIndexLines(t *testing.T) {
	body := []byte("one\r\ntwo\rthree\n" + strings.Repeat("long ", 60) + "\nend")
	x := newRowIndex(body, nil, SourceRowBytes)
	want := []struct {
		line      int
		continues bool
	}{{1, false}, {2, false}, {3, false}, {4, false}, {4, true}, {4, true}, {5, false}}
	if x.count() != len(want) {
		t.Fatalf("%d rows, want %d", x.count(), len(want))
	}
	for i, w := range want {
		if got := x.line(i); got != w.line || x.continues(i) != w.continues {
			t.Errorf("row %d: line %d continues %v, want %d %v", i, got, x.continues(i), w.line, w.continues)
		}
	}
}

// TestRowIndexPacksTooManyLines checks that a page of more lines than rows
// can show packs short lines, whole, into shared rows.
func TestRowIndexPacksTooManyLines(t *testing.T) {
	body := bytes.Repeat([]byte("ab\n"), sourceMaxRows+10)
	x := newRowIndex(body, nil, SourceRowBytes)
	if !x.packed || x.count() > len(body)/SourceRowBytes+1 {
		t.Fatalf("packed %v, %d rows for %d lines", x.packed, x.count(), sourceMaxRows+10)
	}
	checkPartition(t, body, x, nil)
	last := x.count() - 1
	if got, want := x.line(last), sourceMaxRows+10-(int(x.start(last+1)-x.start(last))/3)+1; got != want {
		t.Errorf("last row starts line %d, want %d", got, want)
	}
}

// checkPartition fails unless x's rows are non-empty, in order, cover body
// exactly, hold at most the wrap width plus a line ending, and start on
// character boundaries.
func checkPartition(t *testing.T, body []byte, x *rowIndex, charLen CharLen) {
	t.Helper()
	bounds := charBoundaries(body, charLen)
	var end int64
	for i := range x.count() {
		row, start := x.bytes(i)
		switch {
		case start != end:
			t.Fatalf("row %d starts at %d, the previous ended at %d", i, start, end)
		case len(row) == 0 || len(row) > x.width+2:
			t.Fatalf("row %d holds %d bytes", i, len(row))
		case !bounds[start]:
			t.Fatalf("row %d starts at %d, inside a character", i, start)
		}
		end = start + int64(len(row))
	}
	if end != int64(len(body)) {
		t.Fatalf("rows end at %d, the body at %d", end, len(body))
	}
}

// charBoundaries marks the offsets where a character starts (and the end),
// reading body from its start.
func charBoundaries(body []byte, charLen CharLen) []bool {
	b := make([]bool, len(body)+1)
	for i := 0; i < len(body); {
		b[i] = true
		if charLen != nil {
			i += max(charLen(body[i:]), 1)
			continue
		}
		_, n := utf8.DecodeRune(body[i:])
		i += n
	}
	b[len(body)] = true
	return b
}

// FuzzRowIndex checks that rows partition any body exactly on character
// boundaries, read as UTF-8 or as Shift_JIS, and that line numbers count
// the line endings before each row.
func FuzzRowIndex(f *testing.F) {
	for _, s := range []string{"a\r\nb", "\r\r\n\n", strings.Repeat("日本語", 60), strings.Repeat("😀x", 50),
		strings.Repeat("\xe6\x97", 90), strings.Repeat("<a href=x>", 30), strings.Repeat("\x93\xfa", 80)} {
		f.Add([]byte(s), false, uint16(SourceRowBytes))
		f.Add([]byte(s), true, uint16(SourceMinWrap))
		f.Add([]byte(s), false, uint16(SourceMaxWrap+1))
	}
	f.Fuzz(func(t *testing.T, body []byte, sjis bool, width uint16) {
		var charLen CharLen
		if sjis {
			charLen = sjisLen
		}
		x := newRowIndex(body, charLen, int(width))
		if x.width < SourceMinWrap || x.width > SourceMaxWrap {
			t.Fatalf("wrap width %d from %d, outside %d-%d", x.width, width, SourceMinWrap, SourceMaxWrap)
		}
		checkPartition(t, body, x, charLen)
		for i := range x.count() {
			if got, want := x.line(i), lineBreaks(body[:x.start(i)])+1; got != want {
				t.Fatalf("row %d: line %d, want %d", i, got, want)
			}
		}
	})
}

// BenchmarkRowIndex64MB indexes a 64 MiB document of many lines and of one
// line at the narrowest, the default and the widest wrap width: what a
// re-wrap after a resize costs.
func BenchmarkRowIndex64MB(b *testing.B) {
	for _, d := range bigDocs() {
		for _, width := range []int{SourceMinWrap, SourceRowBytes, SourceMaxWrap} {
			b.Run(d.name+"/"+strconv.Itoa(width), func(b *testing.B) {
				b.SetBytes(int64(len(d.body)))
				b.ReportAllocs()
				for b.Loop() {
					newRowIndex(d.body, nil, width)
				}
			})
		}
	}
}
