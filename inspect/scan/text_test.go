package scan

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// decoderOf is what the analysis hands Decode for a body in enc.
func decoderOf(enc encoding.Encoding) Decoder {
	return func(raw []byte) string {
		s, _ := enc.NewDecoder().String(string(raw))
		return s
	}
}

// TestDecodeLegacyCharset reads pages in EUC-JP and Shift_JIS and checks
// every quoted text (title, description, h1, hreflang, JSON-LD @type, lost
// headings and links) against the page's own text. Shift_JIS's "表" and
// "ソ" end in 0x5C, a backslash to UTF-8 and JSON.
func TestDecodeLegacyCharset(t *testing.T) {
	const page = `<html><head><title>【楽天市場】表示 &amp; ソフト</title>` +
		`<meta name="description" content="楽天市場はインターネット通販">` +
		`<link rel="alternate" hreflang="ja" href="/日本語/">` +
		`<script type="application/ld+json">{"@type":"表ソ商品"}</script>` +
		`<script type="application/ld+json">{"@type":"Product","name":"機能表"}</script></head>` +
		`<body><h1>楽天　市場</h1><p>本文です。</p>` +
		`<h2>送料無料の表</h2><a href="/カテゴリ/">カテゴリ</a></body></html>`
	for _, enc := range []struct {
		name string
		enc  encoding.Encoding
	}{{"euc-jp", japanese.EUCJP}, {"shift_jis", japanese.ShiftJIS}} {
		t.Run(enc.name, func(t *testing.T) {
			body, err := enc.enc.NewEncoder().Bytes([]byte(page))
			if err != nil {
				t.Fatal(err)
			}
			cut := int64(strings.Index(string(body), "<h2>"))
			raw := Run(body, cut, nil, nil, DefaultSteps, false)
			r := raw.Decode(body, decoderOf(enc.enc))
			want := map[string]string{
				ElementTitle:           "【楽天市場】表示 & ソフト",
				ElementMetaDescription: "楽天市場はインターネット通販",
				ElementHreflang:        "/日本語/",
				ElementJSONLD:          "表ソ商品",
				ElementH1:              "楽天 市場", // white space collapses, the ideographic space too
			}
			for _, c := range r.Critical {
				if w, ok := want[c.Kind]; ok && c.Value != w && c.Value != "Product" {
					t.Errorf("%s = %q, want %q", c.Kind, c.Value, w)
				}
			}
			im := r.Impact
			if len(im.Headings.Lost) != 1 || im.Headings.Lost[0].Text != "送料無料の表" {
				t.Errorf("lost headings = %+v, want 送料無料の表", im.Headings.Lost)
			}
			if len(im.Links.Lost) != 1 || im.Links.Lost[0].Href != "/カテゴリ/" {
				t.Errorf("lost links = %+v, want /カテゴリ/", im.Links.Lost)
			}
			if len(im.JSONLD) != 2 || im.JSONLD[0].Types != "表ソ商品" || !im.JSONLD[1].ValidFull {
				t.Errorf("JSON-LD impact = %+v, want 表ソ商品 and a valid Product", im.JSONLD)
			}
			for _, c := range r.Critical {
				if c.HasFlag(FlagInvalidJSON) {
					t.Errorf("%s at %d flagged invalid: %q", c.Kind, c.Offset, c.Value)
				}
			}
			if again := raw.Decode(body, decoderOf(enc.enc)); again.Critical[0].Value != r.Critical[0].Value {
				t.Errorf("Decode changed the result it read: %q, then %q", r.Critical[0].Value, again.Critical[0].Value)
			}
		})
	}
}

// TestQuoteCut checks that a value cut at maxValue bytes ends on a whole
// character, then "…", in a two-byte charset and in UTF-8.
func TestQuoteCut(t *testing.T) {
	long := strings.Repeat("表", maxValue) // 2 bytes in Shift_JIS, 3 in UTF-8
	sjis, _ := japanese.ShiftJIS.NewEncoder().String("a" + long)
	for _, tt := range []struct {
		name, raw, want string
		dec             Decoder
	}{
		{"shift_jis", rawValue([]byte(sjis)), "a" + strings.Repeat("表", (maxValue-1)/2) + "…", decoderOf(japanese.ShiftJIS)},
		{"utf-8", rawValue([]byte(long)), strings.Repeat("表", maxValue/3) + "…", nil},
	} {
		if got := quote(tt.raw, tt.dec); got != tt.want {
			t.Errorf("%s: quote = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestQuotePlain checks that the values quote passes through unchanged
// are those it would not change.
func TestQuotePlain(t *testing.T) {
	for _, s := range []string{"", "/a/b?c=1", "Spring sale", " x", "x ", "a  b", "a\tb", "a&amp;b", "café", "a\x00b", "\x7f",
		strings.Repeat("a", maxValue), strings.Repeat("a", maxValue+1)} {
		if full := quoteText(s, nil); plainASCII(s) && full != s {
			t.Errorf("%q is passed through, but quote makes it %q", s, full)
		}
	}
	if !plainASCII("/a/b?c=1") || !plainASCII("Spring sale") {
		t.Error("a plain href or title takes the long way")
	}
}
