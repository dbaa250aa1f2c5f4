package charset

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name, body, contentType string
		want                    Charset
	}{
		{"BOM", "\xef\xbb\xbf<p>é", "text/html; charset=iso-8859-1",
			Charset{Name: "utf-8", Source: FromBOM, UTF8: true}},
		{"header", "<meta charset=utf-8><p>\x93\xfa", "text/html; charset=Shift_JIS",
			Charset{Name: "shift_jis", Source: FromHeader, Label: "Shift_JIS"}},
		{"unknown header label falls to the meta", "<meta charset=euc-jp>", "text/html; charset=klingon",
			Charset{Name: "euc-jp", Source: FromMeta, Label: "euc-jp", Offset: offsetPtr(0)}},
		{"meta charset", "<!doctype html><head><meta charset=\"gbk\"><title>\xd6\xd0</title>", "text/html",
			Charset{Name: "gbk", Source: FromMeta, Label: "gbk", Offset: offsetPtr(21)}},
		{"meta http-equiv", "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">\xcf", "",
			Charset{Name: "windows-1251", Source: FromMeta, Label: "windows-1251", Offset: offsetPtr(0)}},
		{"meta gb2312 over UTF-8 bytes", "<meta charset=gb2312><title>新闻</title>", "",
			Charset{Name: "gbk", Source: FromMeta, Label: "gb2312", Offset: offsetPtr(0), UTF8: true}},
		{"meta UTF-16 reads as UTF-8", "<meta charset=utf-16><p>x", "",
			Charset{Name: "utf-8", Source: FromMeta, Label: "utf-16", Offset: offsetPtr(0)}},
		{"meta past 1,024 bytes is not seen", strings.Repeat(" ", 1024) + "<meta charset=big5>", "",
			Charset{Name: "utf-8", Source: Sniffed}},
		{"sniffed UTF-8", "<p>日本", "", Charset{Name: "utf-8", Source: Sniffed, UTF8: true}},
		{"sniffed UTF-8 cut mid-character", "<p>日\xe6\x9c", "", Charset{Name: "utf-8", Source: Sniffed, UTF8: true}},
		{"not UTF-8, nothing declared", "<p>caf\xe9 noir", "", Charset{Name: "windows-1252", Source: Default}},
		{"declared UTF-8, invalid bytes", "<meta charset=utf-8><p>a\xff\xfeb", "",
			Charset{Name: "utf-8", Source: FromMeta, Label: "utf-8", Offset: offsetPtr(0),
				InvalidUTF8: 2, FirstInvalid: offsetPtr(24)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Detect([]byte(tt.body), tt.contentType)
			if !sameCharset(got, tt.want) {
				t.Errorf("Detect = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func sameCharset(a, b Charset) bool {
	eq := func(x, y *int64) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	return a.Name == b.Name && a.Source == b.Source && a.Label == b.Label && a.UTF8 == b.UTF8 &&
		a.InvalidUTF8 == b.InvalidUTF8 && eq(a.Offset, b.Offset) && eq(a.FirstInvalid, b.FirstInvalid)
}

// offsetPtr is the pointer to a copy of off, as Charset's offsets are.
func offsetPtr(off int64) *int64 { return &off }

// TestDecoder encodes text in each legacy charset and reads it back a
// character at a time: every character must come back whole, with its
// byte length, so offsets stay byte offsets.
func TestDecoder(t *testing.T) {
	tests := []struct {
		name string
		enc  encoding.Encoding
		text string
	}{
		{"shift_jis", japanese.ShiftJIS, "<title>朝日新聞デジタル：ﾆｭｰｽ</title>"},
		{"euc-jp", japanese.EUCJP, "<p>日本語のページ</p>"},
		{"gbk", simplifiedchinese.GBK, "<p>国内新闻_新闻中心</p>"},
		{"gb18030", simplifiedchinese.GB18030, "<p>新闻 € 𠀀</p>"},
		{"big5", traditionalchinese.Big5, "<p>字符集測試</p>"},
		{"euc-kr", korean.EUCKR, "<p>한국어 뉴스</p>"},
		{"windows-1251", charmap.Windows1251, "<p>Новости дня</p>"},
		{"iso-8859-2", charmap.ISO8859_2, "<p>Zażółć gęślą</p>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, err := tt.enc.NewEncoder().Bytes([]byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			d := Charset{Name: tt.name}.Decoder()
			if d == nil {
				t.Fatalf("no decoder for %s", tt.name)
			}
			var got strings.Builder
			for i := 0; i < len(body); {
				r, n := d.Decode(body[i:])
				if n != d.Len(body[i:]) || r == utf8.RuneError {
					t.Fatalf("at byte %d: %q, %d bytes (Len %d)", i, r, n, d.Len(body[i:]))
				}
				got.WriteRune(r)
				i += n
			}
			if got.String() != tt.text {
				t.Errorf("decoded %q, want %q", got.String(), tt.text)
			}
		})
	}
}

func TestDecoderInvalid(t *testing.T) {
	d := Charset{Name: "shift_jis"}.Decoder()
	for _, b := range []string{"\x81\x20", "\xa0", "\xfd", "\x81"} {
		if r, n := d.Decode([]byte(b)); r != utf8.RuneError || n != 1 {
			t.Errorf("Decode(%q) = %q, %d, want U+FFFD, 1", b, r, n)
		}
	}
	for _, name := range []string{"utf-8", "utf-16le", "iso-2022-jp", "no-such-charset"} {
		if d := (Charset{Name: name}).Decoder(); d != nil {
			t.Errorf("Decoder for %s = %v, want nil (shown as UTF-8)", name, d)
		}
	}
}

func TestCharsetReason(t *testing.T) {
	c := Detect([]byte("<meta charset=gb2312><title>新闻</title>"), "")
	if got, want := c.Reason(), "declared as gb2312 in a <meta> tag at byte 0, but the bytes are UTF-8"; got != want {
		t.Errorf("Reason() = %q, want %q", got, want)
	}
	if got := c.DisplayName(); got != "GBK" {
		t.Errorf("DisplayName() = %q, want GBK", got)
	}
}

func TestFirstNonASCII(t *testing.T) {
	tests := []struct {
		name string
		body string
		want int
	}{
		{"empty", "", -1},
		{"ascii only, a whole word and a tail", "0123456789ab", -1},
		{"in the first word", "ab\xc3\xa9", 2},
		{"in a later word", "01234567ab\xe6\x97\xa5", 10},
		{"in the tail after words", "0123456789abcdef\x80", 16},
		{"at the very start", "\xff", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstNonASCII([]byte(tt.body)); got != tt.want {
				t.Errorf("firstNonASCII(%q) = %d, want %d", tt.body, got, tt.want)
			}
		})
	}
}
