package byteview

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// sourceLine is 64 bytes: one row of the source view.
const sourceLine = "<div class=\"item\"><a href=\"/p/1\">Lorem ipsum sit amet</a></div>\n"

// lineBytes is the length of sourceLine, the row pitch of bigDoc in bytes.
const lineBytes = int64(len(sourceLine))

// bigDoc returns n bytes of plain ASCII markup.
func bigDoc(n int) []byte {
	return bytes.Repeat([]byte(sourceLine), n/len(sourceLine)+1)[:n]
}

// shownRow builds and fills the list item for row id, as the list would
// when the row scrolls into view.
func shownRow(t testing.TB, s *SourceView, id int) *sourceRow {
	t.Helper()
	item := s.list.CreateItem()
	s.list.UpdateItem(id, item)
	return item.(*sourceRow)
}

func TestSourceViewRows(t *testing.T) {
	tests := []struct {
		name string
		size int
		want int
	}{
		{"empty", 0, 0},
		{"one byte", 1, 1},
		{"one full row", SourceRowBytes, 1},
		{"one byte more", SourceRowBytes + 1, 2},
		{"2 MB", 2_000_000, 15_625},
		{"15 MB", 15_000_000, 117_188},
		{"64 MB", 64_000_000, 500_000},
		{"64 MiB", 64 << 20, 524_288},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			s := NewSourceView()
			s.SetDocument(make([]byte, tt.size), nil, nil)
			if got := s.list.Length(); got != tt.want {
				t.Errorf("rows for %d bytes = %d, want %d", tt.size, got, tt.want)
			}
		})
	}
}

func TestSourceViewShading(t *testing.T) {
	tests := []struct {
		name   string
		size   int
		cutoff int64
	}{
		{"2 MB page, 512-byte header", 2_600_000, 2_000_000 - 512},
		{"15 MB limit", 20_000_000, 15_000_000 - 300},
		{"64 MB limit", 64 << 20, 64_000_000 - 37},
		{"cutoff at a row start", 300_000, 2_000 * lineBytes},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			s := NewSourceView()
			s.SetDocument(bigDoc(tt.size), &tt.cutoff, nil)
			m := s.metrics
			cutRow, col := int(tt.cutoff/lineBytes), int(tt.cutoff%lineBytes)

			if r := shownRow(t, s, cutRow-1); r.shade.Visible() {
				t.Errorf("row %d before the cutoff is shaded", cutRow-1)
			}
			r := shownRow(t, s, cutRow)
			if got, want := r.shade.Position().X, m.textX+float32(col)*m.glyphW; !r.shade.Visible() || got != want {
				t.Errorf("cutoff row %d: shade at x=%v (visible %v), want x=%v (column %d)", cutRow, got, r.shade.Visible(), want, col)
			}
			if got, want := r.shade.Position().X+r.shade.Size().Width, m.width; got != want {
				t.Errorf("cutoff row shade ends at %v, want the row's end %v", got, want)
			}
			if !r.cutLine.Visible() || !strings.ContainsRune(r.gutter.Text, glyphCutoff) {
				t.Errorf("cutoff row: line visible %v, gutter %q, want the line and %q", r.cutLine.Visible(), r.gutter.Text, glyphCutoff)
			}
			for _, id := range []int{cutRow + 1, s.Rows() - 1} {
				r := shownRow(t, s, id)
				if !r.shade.Visible() || r.shade.Position().X != 0 || r.shade.Size().Width != m.width {
					t.Errorf("row %d past the cutoff: shade visible %v at %v size %v, want the full row", id,
						r.shade.Visible(), r.shade.Position(), r.shade.Size())
				}
			}
		})
	}
}

func TestSourceViewHighlights(t *testing.T) {
	test.NewTempApp(t)
	s := NewSourceView()
	hl := []SourceHighlight{
		{Start: 2_431_007, End: 2_431_030, Kind: "canonical", Label: "canonical link"},
		{Start: 1_000, End: 1_010, Kind: "title"},
		{Start: 255*lineBytes - 5, End: 255*lineBytes + 5, Kind: "meta-robots"},
	}
	s.SetDocument(bigDoc(2_600_000), offsetPtr(1_999_488), hl)
	m := s.metrics
	tests := []struct {
		name     string
		row      int
		from, to int // columns tinted
	}{
		{"canonical past the cutoff", 2_431_007 / 64, 2_431_007 % 64, 2_431_030 % 64},
		{"title", 1_000 / 64, 1_000 % 64, 1_010 % 64},
		{"spanning rows, first part", 254, 64 - 5, 64},
		{"spanning rows, second part", 255, 0, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := shownRow(t, s, tt.row)
			h := r.hls[0]
			wantX, wantW := m.textX+float32(tt.from)*m.glyphW, float32(tt.to-tt.from)*m.glyphW
			if !h.Visible() || h.Position().X != wantX || h.Size().Width != wantW {
				t.Errorf("row %d highlight: visible %v at x=%v width %v, want x=%v width %v",
					tt.row, h.Visible(), h.Position().X, h.Size().Width, wantX, wantW)
			}
			if r.hls[1].Visible() {
				t.Errorf("row %d shows a second highlight", tt.row)
			}
		})
	}
	if r := shownRow(t, s, 3); r.hls[0].Visible() {
		t.Error("row 3 shows a highlight it does not hold")
	}
	s.ScrollToOffset(2_431_010)
	if !strings.Contains(s.status.Text, "canonical link") {
		t.Errorf("status for the canonical's row = %q, want it to name the canonical link", s.status.Text)
	}
}

func TestSourceViewFind(t *testing.T) {
	test.NewTempApp(t)
	body := bigDoc(64 << 20)
	last := int64(len(body) - 20)
	copy(body[last:], "NeedleX")
	s := NewSourceView()
	s.SetDocument(body, nil, nil)
	tests := []struct {
		name      string
		query     string
		from      int64
		matchCase bool
		want      int64
		ok        bool
	}{
		{"last row, ignoring case", "needlex", 0, false, last, true},
		{"last row, exact case", "NeedleX", 0, true, last, true},
		{"wrong case", "needlex", 0, true, 0, false},
		{"wraps to the start", "<div", last, false, 0, true},
		{"from the middle", "NEEDLEX", 32 << 20, false, last, true},
		{"absent", "zzz", 0, false, 0, false},
		{"empty query", "", 0, false, 0, false},
		{"second row", "<div", 1, true, 64, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.SetMatchCase(tt.matchCase)
			got, ok := s.Find(tt.query, tt.from)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Find(%q, %d) = %d, %v, want %d, %v", tt.query, tt.from, got, ok, tt.want, tt.ok)
			}
		})
	}
	s.SetMatchCase(false)
	if got, ok := s.FindBefore("needlex", 10); !ok || got != last {
		t.Errorf("FindBefore(needlex, 10) = %d, %v, want %d (wrapping to the end)", got, ok, last)
	}
	if got, ok := s.FindBefore("<DIV", last); !ok || got != (last/64)*64 {
		t.Errorf("FindBefore(<DIV, %d) = %d, %v, want %d", last, got, ok, (last/64)*64)
	}
}

// TestMatcherChunkBoundaries puts matches across every fold window edge.
func TestMatcherChunkBoundaries(t *testing.T) {
	body := bytes.Repeat([]byte{'.'}, 3*findChunk+100)
	var want []int64
	for _, at := range []int64{0, findChunk - 3, 2*findChunk - 1, 3*findChunk + 94} {
		copy(body[at:], "AbCdEf")
		want = append(want, at)
	}
	m := newMatcher(body, "abcdef", false)
	var got []int64
	for at := m.next(0); at >= 0; at = m.next(at + 1) {
		got = append(got, at)
	}
	if len(got) != len(want) {
		t.Fatalf("forward matches = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("forward match %d = %d, want %d", i, got[i], want[i])
		}
	}
	for i := len(want) - 1; i >= 0; i-- {
		before := int64(len(body))
		if i < len(want)-1 {
			before = want[i+1]
		}
		if at := m.prev(before); at != want[i] {
			t.Errorf("prev(%d) = %d, want %d", before, at, want[i])
		}
	}
	if before, total := m.countSplit(want[2]); before != 2 || total != len(want) {
		t.Errorf("countSplit(%d) = %d, %d, want 2, %d", want[2], before, total, len(want))
	}
}

func showSource(t testing.TB, s *SourceView) fyne.Window {
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(900, 500))
	return w
}

func pressEnter(e *barEntry, shift bool) {
	if shift {
		e.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
		defer e.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

func TestSourceViewFindBar(t *testing.T) {
	test.NewTempApp(t)
	s := NewSourceView()
	body := bigDoc(100_000)
	copy(body[500:], "Canonical")
	copy(body[70_000:], "CANONICAL")
	copy(body[99_000:], "canonical")
	s.SetDocument(body, nil, nil)
	showSource(t, s)
	s.ShowFind()
	if !s.findBar.root.Visible() {
		t.Fatal("ShowFind left the find bar hidden")
	}
	test.Type(s.findBar.entry, "canonical")
	steps := []struct {
		shift  bool
		status string
		at     int64
	}{
		{false, "1 of 3", 500},
		{false, "2 of 3", 70_000},
		{false, "3 of 3", 99_000},
		{false, "1 of 3", 500},
		{true, "3 of 3", 99_000},
		{true, "2 of 3", 70_000},
	}
	for i, st := range steps {
		pressEnter(s.findBar.entry, st.shift)
		if got := s.findBar.status.Text; got != st.status {
			t.Errorf("step %d: status %q, want %q", i, got, st.status)
		}
		if s.markStart != st.at || s.selected != int(st.at/lineBytes) {
			t.Errorf("step %d: marked %d, row %d selected, want %d in row %d", i, s.markStart, s.selected, st.at, st.at/lineBytes)
		}
	}
	s.findBar.matchCase.SetChecked(true)
	pressEnter(s.findBar.entry, false)
	if got := s.findBar.status.Text; got != "1 of 1" || s.markStart != 99_000 {
		t.Errorf("match case: status %q at %d, want \"1 of 1\" at 99000", got, s.markStart)
	}
	s.findBar.entry.SetText("absent")
	pressEnter(s.findBar.entry, false)
	if got := s.findBar.status.Text; got != "not found" {
		t.Errorf("absent query: status %q, want \"not found\"", got)
	}
	s.findBar.entry.SetText("CANONICAL") // a new query searched backwards from the selected row
	pressEnter(s.findBar.entry, true)
	if got := s.findBar.status.Text; got != "1 of 1" || s.markStart != 70_000 {
		t.Errorf("new query, backwards: status %q at %d, want \"1 of 1\" at 70000", got, s.markStart)
	}
	s.findBar.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if s.findBar.root.Visible() {
		t.Error("Esc left the find bar shown")
	}
}

func TestSourceViewGoTo(t *testing.T) {
	test.NewTempApp(t)
	s := NewSourceView()
	s.SetDocument(bigDoc(3_000_000), nil, nil)
	showSource(t, s)
	s.ShowGoTo()
	tests := []struct {
		input  string
		ok     bool
		off    int64
		status string
	}{
		{"0x1E8480", true, 2_000_000, "Line 31,251, column 1"},
		{"2,000,037", true, 2_000_037, "Line 31,251, column 38"},
		{"1 999 999", true, 1_999_999, "Line 31,250, column 64"},
		{"0", true, 0, "Line 1, column 1"},
		{"2.999.999", true, 2_999_999, "Line 46,875, column 64"},
		{"1.5", false, 0, "Type a byte offset such as 2,000,000 or 0x1E8480."},
		{"abc", false, 0, "Type a byte offset such as 2,000,000 or 0x1E8480."},
		{"3,000,000", false, 0, "Byte 3,000,000 is past the end of the body (3,000,000 bytes)."},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			s.goBar.entry.SetText(tt.input)
			pressEnter(s.goBar.entry, false)
			if got := s.goBar.status.Text; got != tt.status {
				t.Errorf("go to %q: status %q, want %q", tt.input, got, tt.status)
			}
			if tt.ok && (s.markStart != tt.off || s.selected != int(tt.off/lineBytes)) {
				t.Errorf("go to %q: marked %d in row %d, want %d in row %d", tt.input, s.markStart, s.selected, tt.off, tt.off/lineBytes)
			}
		})
	}
}

func TestParseOffset(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"2000000", 2_000_000, true},
		{"2,000,000", 2_000_000, true},
		{" 2 000 000 ", 2_000_000, true},
		{"2.000.000", 2_000_000, true},
		{"2_000_000", 2_000_000, true},
		{"2'000'000", 2_000_000, true},
		{"2\u202f000\u202f000", 2_000_000, true},
		{"0x1E8480", 2_000_000, true},
		{"0X1e_8480", 2_000_000, true},
		{"0", 0, true},
		{"", 0, false},
		{"0x", 0, false},
		{"0x-5", 0, false},
		{"-5", 0, false},
		{"+5", 0, false},
		{"1.5", 0, false},
		{"1,00,000", 0, false},
		{"1234,567", 0, false},
		{",000", 0, false},
		{"2,,000", 0, false},
		{"12abc", 0, false},
		{"99999999999999999999", 0, false},
	}
	for _, tt := range tests {
		got, err := parseOffset(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("parseOffset(%q) = %d, %v, want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func FuzzParseOffset(f *testing.F) {
	for _, s := range []string{"2,000,000", "0x1E8480", "1.5", " 2 000 000 ", "", "0x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := parseOffset(s); err == nil && v < 0 {
			t.Errorf("parseOffset(%q) = %d, a negative offset", s, v)
		}
	})
}

func TestRowColumns(t *testing.T) {
	tests := []struct {
		name   string
		row    string
		text   string
		byteAt []int // first byte of each column, then the row length
	}{
		{"ascii with newline", "ab\ncd", "ab↵cd", []int{0, 1, 2, 3, 4, 5}},
		{"controls", "\t\r\x00\x7f", "→←··", []int{0, 1, 2, 3, 4}},
		{"two-byte character", "é!", "é!", []int{0, 2, 3}},
		{"invalid byte keeps its column", "a\xffb", "a\uFFFDb", []int{0, 1, 2, 3}},
		{"truncated character", "ab\xc3", "ab\uFFFD", []int{0, 1, 2, 3}},
		{"stray continuation bytes", "\xa9\xa9cd", "\uFFFD\uFFFDcd", []int{0, 1, 2, 3, 4}},
		{"zero-width space shown", "a\u200bb", "a·b", []int{0, 1, 4, 5}},
		{"wide characters", "日本", "日本", []int{0, 3, 6}},
		{"emoji", "a😀b", "a😀b", []int{0, 1, 5, 6}},
		{"empty", "", "", []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c rowColumns
			c.decode([]byte(tt.row), nil)
			if c.text != tt.text {
				t.Errorf("decode(%q) = %q, want %q", tt.row, c.text, tt.text)
			}
			if got := c.byteAt[:c.count+1]; !slices.Equal(got, tt.byteAt) {
				t.Errorf("decode(%q) byteAt = %v, want %v", tt.row, got, tt.byteAt)
			}
		})
	}
}

// FuzzRowColumns checks the column map of any row: columns cover the bytes
// in order, each byte maps back to its column, and the text is valid UTF-8.
func FuzzRowColumns(f *testing.F) {
	for _, s := range []string{"ab\ncd", "a\xffb", "ab\xc3", "日本", "\u200b", sourceLine + sourceLine} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, row []byte) {
		row = row[:min(len(row), sourceMaxRowBytes)]
		var c rowColumns
		c.decode(row, nil)
		if !utf8.ValidString(c.text) || c.byteAt[c.count] != len(row) {
			t.Fatalf("decode(%q): text %q, last byte %d", row, c.text, c.byteAt[c.count])
		}
		for col := range c.count {
			if c.byteAt[col] >= c.byteAt[col+1] {
				t.Fatalf("decode(%q): column %d covers no bytes", row, col)
			}
			for b := c.byteAt[col]; b < c.byteAt[col+1]; b++ {
				if got := c.colOf(b); got != col {
					t.Fatalf("decode(%q): colOf(%d) = %d, want %d", row, b, got, col)
				}
			}
		}
	})
}

func TestSourceViewInvalidUTF8KeepsOffsets(t *testing.T) {
	test.NewTempApp(t)
	body := []byte("<p>caf\xc3\xa9</p>\n<p>\xff\xfe\x80ab</p>\n<p>日本語</p>\n")
	cut := int64(bytes.Index(body, []byte("語")) + 1) // inside 語
	s := NewSourceView()
	s.SetDocument(body, &cut, nil)
	r0, r1, r2 := shownRow(t, s, 0), shownRow(t, s, 1), shownRow(t, s, 2)
	if got := rowText(r0); got != "<p>café</p>↵" {
		t.Errorf("row 0 = %q, want é whole", got)
	}
	if got := rowText(r1); got != "<p>\uFFFD\uFFFD\uFFFDab</p>↵" {
		t.Errorf("row 1 = %q, want one replacement glyph per invalid byte", got)
	}
	if !strings.Contains(r1.gutter.Text, " 13 ") || !strings.HasPrefix(strings.TrimSpace(r1.gutter.Text), "2 ") {
		t.Errorf("row 1 gutter = %q, want line 2 at offset 13", r1.gutter.Text)
	}
	if got, ok := s.Find("ab", 0); !ok || got != 19 {
		t.Errorf("Find(ab) after invalid bytes = %d, %v, want 19", got, ok)
	}
	// The cutoff falls inside 語, the column after 日 and 本.
	sc := s.scratch
	wantX := s.metrics.textX + sc.x[3+2]
	if !r2.shade.Visible() || r2.shade.Position().X != wantX {
		t.Errorf("cutoff inside 語: shade at x=%v (visible %v), want %v", r2.shade.Position().X, r2.shade.Visible(), wantX)
	}
	s.ScrollToOffset(16)
	if got := s.SelectedText(); got != "<p>\uFFFD\uFFFD\uFFFDab</p>\n" {
		t.Errorf("SelectedText() = %q, want row 1's text", got)
	}
}

// rowText is a shown row's text, its coloured pieces joined.
func rowText(r *sourceRow) string {
	var b strings.Builder
	for _, p := range r.pieces {
		if p.Visible() {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

func TestSourceViewEmpty(t *testing.T) {
	test.NewTempApp(t)
	s := NewSourceView()
	showSource(t, s)
	s.SetDocument(nil, offsetPtr(5), nil)
	s.ScrollToOffset(10)
	if _, ok := s.Find("x", 0); ok {
		t.Error("Find in an empty document found something")
	}
	if got := s.SelectedText(); got != "" {
		t.Errorf("SelectedText() on an empty document = %q", got)
	}
	if got, want := s.status.Text, "The body is empty."; got != want {
		t.Errorf("status = %q, want %q", got, want)
	}
	if s.banner.Visible() {
		t.Error("the cutoff banner shows for an empty body")
	}
}

func TestSourceViewMarkup(t *testing.T) {
	test.NewTempApp(t)
	body := bigDoc(1_000)
	copy(body[600:], "<link rel=\"canonical\" href=\"/c\">")
	s := NewSourceView()
	s.SetDocument(body, offsetPtr(700), []SourceHighlight{{Start: 600, End: 632, Kind: "canonical", Label: "canonical link"}})
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(700, 330))
	s.ScrollToOffset(650)
	assertMarkup(t, "source/cutoff.xml", w.Canvas())
}

// bigDocs are the 64 MiB documents of the benchmarks: many short lines
// (a row each) and one minified line (wrapped into rows).
func bigDocs() []struct {
	name string
	body []byte
} {
	many := bigDoc(64 << 20)
	one := bytes.ReplaceAll(bigDoc(64<<20), []byte("\n"), []byte(" "))
	return []struct {
		name string
		body []byte
	}{{"many-lines", many}, {"one-line", one}}
}

// BenchmarkSourceView64MB builds the source view in a 1280×860 window and
// shows a 64 MiB document (indexing its rows at the width that fits; ms-build),
// renders the first screen with the test driver's software painter
// (ms-first-paint), then jumps to the last byte and renders again
// (ms-jump; ms-jump-rows is the jump without the software painting, the
// rows filled and laid out). MB-heap-held is what the shown view keeps beyond the document
// itself.
func BenchmarkSourceView64MB(b *testing.B) {
	for _, d := range bigDocs() {
		b.Run(d.name, func(b *testing.B) { benchSourceView(b, d.body) })
	}
}

func benchSourceView(b *testing.B, body []byte) {
	test.NewTempApp(b)
	cut := int64(2_000_000)
	hl := []SourceHighlight{{Start: 1_000, End: 1_100, Kind: "title"}, {Start: 60 << 20, End: 60<<20 + 90, Kind: "canonical"}}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	var build, paint, jump, jumpLayout time.Duration
	var heap uint64
	for b.Loop() {
		before := heapInUse()
		start := time.Now()
		s := NewSourceView()
		w := test.NewWindow(s.Content())
		w.Resize(fyne.NewSize(1280, 860)) // sized first, as in the window: rows wrap to fit at once
		s.SetDocument(body, &cut, hl)
		build += time.Since(start)
		start = time.Now()
		w.Canvas().Capture()
		paint += time.Since(start)
		after := heapInUse()
		heap += after - min(before, after)

		start = time.Now()
		s.ScrollToOffset(int64(len(body) - 1))
		jumpLayout += time.Since(start)
		w.Canvas().Capture()
		jump += time.Since(start)
		w.Close()
	}
	n := float64(b.N)
	b.ReportMetric(float64(build.Microseconds())/n/1e3, "ms-build")
	b.ReportMetric(float64(paint.Microseconds())/n/1e3, "ms-first-paint")
	b.ReportMetric(float64(jump.Microseconds())/n/1e3, "ms-jump")
	b.ReportMetric(float64(jumpLayout.Microseconds())/n/1e3, "ms-jump-rows")
	b.ReportMetric(float64(heap)/n/1e6, "MB-heap-held")
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkSourceFind64MB counts the matches of a query in 64 MiB and steps
// to the first one, as Enter in the find bar does, ignoring ASCII case.
func BenchmarkSourceFind64MB(b *testing.B) {
	for _, d := range bigDocs() {
		b.Run(d.name, func(b *testing.B) {
			test.NewTempApp(b)
			body := d.body
			copy(body[len(body)-20:], "NeedleX")
			s := NewSourceView()
			s.SetDocument(body, nil, nil)
			s.findBar.entry.SetText("needlex")
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				s.find = findState{}
				s.findStep(true)
			}
			if got := s.findBar.status.Text; got != "1 of 1" {
				b.Fatalf("find status = %q, want \"1 of 1\"", got)
			}
		})
	}
}

func TestSourceJumpCentersRow(t *testing.T) {
	tests := []struct {
		name string
		from int64 // offset shown before the jump
		to   int64
	}{
		{"down to the cutoff", 0, 2_000_000},
		{"up to the title", 2_500_000, 300_000},
		{"near the start", 2_500_000, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			s := NewSourceView()
			w := test.NewTempWindow(t, s.Content())
			w.Resize(fyne.NewSize(1200, 600))
			cut := int64(2_000_000)
			s.SetDocument(bigDoc(2_600_000), &cut, nil)
			s.ScrollToOffset(tt.from)
			s.ScrollToOffset(tt.to)
			row := float32(s.index.rowOf(tt.to))
			step := s.metrics.rowH + s.list.Theme().Size(theme.SizeNamePadding)
			top := s.list.GetScrollOffset()
			middle := top + s.list.Size().Height/2
			if y := row*step + s.metrics.rowH/2; tt.to > 10_000 && (y < middle-step || y > middle+step) {
				t.Errorf("row %v is drawn at y=%v, want the middle of the view (%v)", row, y-top, middle-top)
			}
			if y := row * step; y < top || y+s.metrics.rowH > top+s.list.Size().Height {
				t.Errorf("row %v at y=%v is outside the view [%v, %v)", row, y, top, top+s.list.Size().Height)
			}
		})
	}
}

// TestSourceViewBarsTakeFocus checks that Ctrl+F and Ctrl+G leave the
// keyboard in the bar's field, so typing goes there at once. A second
// window created last makes the test driver's CanvasForObject answer with
// the wrong canvas, as the real driver answers nil for a bar never painted.
func TestSourceViewBarsTakeFocus(t *testing.T) {
	tests := []struct {
		name  string
		show  func(*SourceView)
		entry func(*SourceView) *barEntry
	}{
		{"find", (*SourceView).ShowFind, func(s *SourceView) *barEntry { return s.findBar.entry }},
		{"go to", (*SourceView).ShowGoTo, func(s *SourceView) *barEntry { return s.goBar.entry }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			s := NewSourceView()
			s.SetDocument(bigDoc(10_000), nil, nil)
			w := showSource(t, s)
			test.NewTempWindow(t, widget.NewLabel("another window"))
			tt.show(s)
			if got, want := w.Canvas().Focused(), fyne.Focusable(tt.entry(s)); got != want {
				t.Errorf("focused %T after showing the bar, want the bar's entry", got)
			}
		})
	}
}

// TestSourceViewNavigationKeys checks Home, End, Page Up and Page Down on
// the focused source list.
func TestSourceViewNavigationKeys(t *testing.T) {
	test.NewTempApp(t)
	s := NewSourceView()
	s.SetDocument(bigDoc(1_000_000), nil, nil)
	showSource(t, s)
	last := s.Rows() - 1
	page := s.pageRows()
	if page < 2 {
		t.Fatalf("a page is %d rows in a 500 px window, want several", page)
	}
	tests := []struct {
		key  fyne.KeyName
		want int // selected row after the key
	}{
		{fyne.KeyEnd, last},
		{fyne.KeyPageUp, last - page},
		{fyne.KeyHome, 0},
		{fyne.KeyPageDown, page},
		{fyne.KeyPageUp, 0},
		{fyne.KeyPageUp, 0},
	}
	for i, tt := range tests {
		s.list.TypedKey(&fyne.KeyEvent{Name: tt.key})
		if got := s.selected; got != tt.want {
			t.Errorf("step %d, %s: row %d selected, want %d", i, tt.key, got, tt.want)
		}
		top, bottom := s.list.GetScrollOffset(), s.list.GetScrollOffset()+s.list.Size().Height
		if y := float32(tt.want) * s.rowPitch(); y < top-1 || y+s.metrics.rowH > bottom+1 {
			t.Errorf("step %d, %s: row %d at y=%v is outside the view [%v, %v)", i, tt.key, tt.want, y, top, bottom)
		}
	}
}

// TestSourceViewClosingBarReturnsFocus checks that Esc in a bar hands the
// keyboard back to the rows, so navigation keys work again at once.
func TestSourceViewClosingBarReturnsFocus(t *testing.T) {
	test.NewTempApp(t)
	s := NewSourceView()
	s.SetDocument(bigDoc(100_000), nil, nil)
	w := showSource(t, s)
	s.ShowGoTo()
	s.goBar.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if got := w.Canvas().Focused(); got != fyne.Focusable(s.list) {
		t.Fatalf("focused %T after Esc, want the source rows", got)
	}
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	if got, want := s.selected, s.Rows()-1; got != want {
		t.Errorf("End after closing the bar selected row %d, want %d", got, want)
	}
}

// TestFoldASCII checks the eight-bytes-at-a-time fold against the byte
// table for every byte value in every lane, and for lengths that leave a
// tail.
func TestFoldASCII(t *testing.T) {
	src := make([]byte, 0, 256*8+7)
	for lane := range 8 {
		for c := range 256 {
			w := []byte("@[`{Zaz\x80")
			w[lane] = byte(c)
			src = append(src, w...)
		}
	}
	src = append(src, "AbZ\xc3\x89@[`"[:7]...)
	got := foldASCII(nil, src)
	for i, c := range src {
		if got[i] != foldTable[c] {
			t.Fatalf("byte %d (%#x) folded to %#x, want %#x", i, c, got[i], foldTable[c])
		}
	}
}
