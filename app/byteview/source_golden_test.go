package byteview

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"golang.org/x/text/encoding/japanese"
)

// readPage reads a saved page from testdata/pages.
func readPage(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "pages", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// minifiedPage is the sina.com.cn page with its line breaks removed and its
// navigation repeated to size bytes: one line, as minified pages are.
func minifiedPage(t testing.TB, size int) []byte {
	page := bytes.ReplaceAll(readPage(t, "sina-china-head.html"), []byte("\n"), nil)
	cut := bytes.Index(page, []byte("<div class=\"top-nav\">"))
	head, nav := page[:cut], page[cut:bytes.Index(page, []byte("</body>"))]
	var b bytes.Buffer
	b.Write(head)
	for b.Len() < size-len("</body></html>")-len(nav) {
		b.Write(nav)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// shiftJIS reads Shift_JIS a character at a time, as the engine's decoder
// does, for the view's tests.
func shiftJIS() SourceCharset {
	dec := japanese.ShiftJIS.NewDecoder()
	return SourceCharset{Name: "Shift_JIS", Reason: "declared in a <meta> tag", Len: sjisLen,
		Decode: func(b []byte) (rune, int) {
			n := sjisLen(b)
			out, err := dec.Bytes(b[:n])
			r, _ := utf8.DecodeRune(out)
			if err != nil || r == utf8.RuneError {
				return utf8.RuneError, 1
			}
			return r, n
		}}
}

// cjkFont is the system font Fyne draws Chinese and Japanese with on
// Debian when fonts-droid-fallback is installed (make deps installs it); the
// CJK goldens hold its glyph widths.
const cjkFont = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

// needCJKFont stops a test whose golden holds CJK glyph widths when the
// font they were measured with is missing, saying so instead of failing on
// a diff of widths.
func needCJKFont(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(cjkFont); err != nil {
		t.Fatalf("this golden is measured with %s, which is missing: install Debian's fonts-droid-fallback (make deps does)", cjkFont)
	}
}

// TestSourceRowsMarkup renders the rows of pages that used to break the
// view: CJK text across a wrap, emoji, invalid UTF-8, a Shift_JIS page, a
// one-line 3 MB minified page at its start and end, and CRLF and bare CR
// line ends.
func TestSourceRowsMarkup(t *testing.T) {
	asahi := readPage(t, "asahi-head.html")
	sjis := readPage(t, "asahi-head.sjis.html")
	minified := minifiedPage(t, 3_000_000)
	emoji := []byte(strings.Repeat("<p>😀 smile 👍🏽 thumbs 👨‍👩‍👧 family 🇯🇵 flag</p>", 3) + "\n")
	tests := []struct {
		name    string
		body    []byte
		charset SourceCharset
		at      int64 // offset scrolled to
		cjk     bool  // the rows show Chinese or Japanese text
	}{
		{"cjk-wrap", asahi, SourceCharset{}, int64(bytes.Index(asahi, []byte("<meta name=\"description\""))), true},
		{"emoji", emoji, SourceCharset{}, 0, false},
		{"invalid-utf8", []byte("<p>caf\xe9 au lait</p>\n<p>\xff\xfe\x80 three bad bytes</p>\n<p>cut \xe6\x97</p>\n"), SourceCharset{}, 0, false},
		{"shift-jis", sjis, shiftJIS(), int64(bytes.Index(sjis, []byte("<title>"))), true},
		{"minified-3mb-start", minified, SourceCharset{}, 0, true},
		{"minified-3mb-end", minified, SourceCharset{}, int64(len(minified) - 1), true},
		{"crlf-and-cr", []byte("<p>CRLF line</p>\r\n<p>bare CR</p>\r<p>LF</p>\n\r\n<p>last, no ending</p>"), SourceCharset{}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.cjk {
				needCJKFont(t)
			}
			test.NewTempApp(t)
			s := NewSourceView()
			s.Show(SourceDocument{Body: tt.body, Charset: tt.charset})
			w := test.NewTempWindow(t, s.list)
			w.Resize(fyne.NewSize(1100, 150))
			s.ScrollToOffset(tt.at)
			assertMarkup(t, "source/rows/"+tt.name+".xml", w.Canvas())
		})
	}
}

func TestLexRow(t *testing.T) {
	tests := []struct {
		name, row  string
		inTagKinds bool   // the row starts inside a tag
		want       string // per byte: t tag, a attribute name, . plain
	}{
		{"tag and attributes", `<a href="/x" hidden>`, false, "tt.aaaa......aaaaaat"},
		{"end tag", `</p>`, false, "tttt"},
		{"text outside tags", `<b>x y</b>`, false, "ttt...tttt"},
		{"comment", `<!-- a b -->`, false, "............"},
		{"row starting inside a tag", `class="c" id=x>`, true, "aaaaa.....aa..t"},
		{"quoted value holds no names", `<p title="a b">`, false, "tt.aaaaa......t"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row := []byte(tt.row)
			kinds := make([]uint8, len(row))
			for i := range kinds {
				kinds[i] = markupIndex
			}
			out := make([]syntaxClass, len(row))
			lexRow(row, kinds, true, tt.inTagKinds, out)
			got := make([]byte, len(out))
			for i, c := range out {
				got[i] = ".ta"[c]
			}
			if string(got) != tt.want {
				t.Errorf("lexRow(%q) = %s, want %s", tt.row, got, tt.want)
			}
		})
	}
}

// TestSourceKindTints checks that bytes are tinted by their kind in the
// ruler's colours, and that the header's legend lists the kinds present.
func TestSourceKindTints(t *testing.T) {
	test.NewTempApp(t)
	body := []byte("<script>var a=1;</script><p>hello</p>\n")
	segs := Segments{
		{Start: 0, End: 8, Kind: RulerKindMarkup}, {Start: 8, End: 16, Kind: RulerKindInlineScript},
		{Start: 16, End: 28, Kind: RulerKindMarkup}, {Start: 28, End: 33, Kind: RulerKindText},
		{Start: 33, End: 38, Kind: RulerKindMarkup},
	}
	s := NewSourceView()
	s.Show(SourceDocument{Body: body, Kinds: segs})
	r := shownRow(t, s, 0)
	m := s.metrics
	th := r.Theme()
	for i, seg := range segs[:4] {
		tint := r.tints[i]
		wantX := m.textX + float32(seg.Start)*m.glyphW
		if !tint.Visible() || tint.Position().X != wantX || tint.FillColor != withAlpha(KindColor(seg.Kind, th), sourceKindAlpha) {
			t.Errorf("tint %d: visible %v at x=%v colour %v, want x=%v in %s's colour", i, tint.Visible(), tint.Position().X, tint.FillColor, wantX, seg.Kind)
		}
	}
	if got, want := len(s.header.legend.Objects), 3; got != want {
		t.Errorf("legend shows %d kinds, want %d (inline script, markup, text)", got, want)
	}
	if rowText(r) != "<script>var a=1;</script><p>hello</p>↵" {
		t.Errorf("row text %q", rowText(r))
	}
}

// TestLexFromTagStart checks that a wrapped row beginning inside an
// attribute's quoted value is lexed from the tag's start: the value's words
// stay plain and the next attribute name is coloured.
func TestLexFromTagStart(t *testing.T) {
	test.NewTempApp(t)
	body := []byte(`<meta content="text/html; charset=utf-8" name="x">`)
	s := NewSourceView()
	s.Show(SourceDocument{Body: body, Kinds: Segments{{Start: 0, End: int64(len(body)), Kind: RulerKindMarkup}}})
	k := bytes.Index(body, []byte("charset"))
	row := body[k:]
	rowKinds(s.kinds, int64(k), len(row), s.scratch.kinds[:])
	s.lexFrom(row, int64(k))
	got := make([]byte, len(row))
	for i, c := range s.scratch.classes[:len(row)] {
		got[i] = ".ta"[c]
	}
	if want := "...............aaaa....t"; string(got) != want {
		t.Errorf("classes of %q = %s, want %s", row, got, want)
	}
}
