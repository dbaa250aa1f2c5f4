package resources

import (
	"fmt"
	"strings"
	"testing"
)

// cssTests lists stylesheets and their references, each written as
// "import URL @offset-end", "url URL @offset-end" with " font" for
// @font-face context, " prop=NAME" for the property and " ignored" for an
// @import browsers ignore.
var cssTests = []struct {
	name string
	css  string
	want []string
}{
	{"empty", "", nil},
	{"import string", `@import "a.css";`, []string{"import a.css @0-15"}},
	{"import single quotes", `@import 'a.css' screen;`, []string{"import a.css @0-15"}},
	{"import url", `@import url(a.css);`, []string{"import a.css @0-18"}},
	{"import url quoted", `@import url( "a b.css" ) print;`, []string{"import a b.css @0-24"}},
	{"import upper case", `@IMPORT URL(a.css);`, []string{"import a.css @0-18"}},
	{"import comment before url", `@import/* x */"a.css";`, []string{"import a.css @0-21"}},
	{"import after charset and layer", `@charset "utf-8"; @layer a, b; @import "a.css";`,
		[]string{"import a.css @31-46"}},
	{"import after rule", `a{color:red} @import "late.css";`, []string{"import late.css @13-31 ignored"}},
	{"import after media", `@media print { a { b: c } } @import "late.css";`, []string{"import late.css @28-46 ignored"}},
	{"import in block", `@media print { @import "x.css"; }`, []string{"import x.css @15-30 ignored"}},
	{"import supports url not listed", `@import "a.css" supports(background: url(b.png));`,
		[]string{"import a.css @0-15"}},
	{"import without url", `@import ;`, nil},
	{"import after namespace", `@namespace svg url(http://www.w3.org/2000/svg); @import "a.css";`,
		[]string{"import a.css @48-63 ignored"}},
	{"two imports", "@import 'a.css';\n@import 'b.css';", []string{"import a.css @0-15", "import b.css @17-32"}},
	{"background url", `a{background:url(i.png)}`, []string{"url i.png @13-23 prop=background"}},
	{"url with spaces inside", `a{background-image: url(  i.png  )}`, []string{"url i.png @20-34 prop=background-image"}},
	{"url double quoted", `a{b:url("x y.png")}`, []string{"url x y.png @4-18 prop=b"}},
	{"url escaped paren", `a{b:url(a\).png)}`, []string{"url a).png @4-16 prop=b"}},
	{"url hex escape", `a{b:url(\61 .png)}`, []string{"url a.png @4-17 prop=b"}},
	{"url bad quote inside", `a{b:url(a"b) c:url(ok.png)}`, []string{"url ok.png @15-26 prop=c"}},
	{"url bad space inside", `a{b:url(a b) c:url(ok.png)}`, []string{"url ok.png @15-26 prop=c"}},
	{"url in comment", `/* url(no.png) */ a{b:url(yes.png)}`, []string{"url yes.png @22-34 prop=b"}},
	{"url in string", `a{content:"url(no.png)"; b:url(yes.png)}`, []string{"url yes.png @27-39 prop=b"}},
	{"string escaped quote", `a{content:"\"url(no.png)"; b:url(yes.png)}`, []string{"url yes.png @29-41 prop=b"}},
	{"not url function", `a{b:myurl(x.png) c:url(y.png)}`, []string{"url y.png @19-29 prop=c"}},
	{"url upper case", `a{B:URL(x.png)}`, []string{"url x.png @4-14 prop=b"}},
	{"font face", `@font-face{font-family:f;src:url(f.woff2) format("woff2"),url(f.svg#f)}`,
		[]string{"url f.woff2 @29-41 font prop=src", "url f.svg#f @58-70 font prop=src"}},
	{"after font face", `@font-face{src:url(f)} a{b:url(i.png)}`,
		[]string{"url f @15-21 font prop=src", "url i.png @27-37 prop=b"}},
	{"font face in media", `@media screen{@font-face{src:url(f)}a{b:url(i)}}`,
		[]string{"url f @29-35 font prop=src", "url i @40-46 prop=b"}},
	{"unterminated comment", `a{b:url(x)} /* url(y)`, []string{"url x @4-10 prop=b"}},
	{"unterminated url", `a{b:url(x`, []string{"url x @4-9 prop=b"}},
	{"unterminated string", "@import \"a.css\n; a{b:url(c)}", []string{"import a.css @0-14", "url c @21-27 prop=b"}},
	{"string line continuation", "@import \"a\\\nb.css\";", []string{"import ab.css @0-18"}},
	{"url in selector", `a:not(url(x)){}`, []string{"url x @6-12"}},
	{"property reset after semicolon", `a{b:c; url(x)}`, []string{"url x @7-13"}},
	{"number then url", `a{b:10url(x)}`, nil},
	{"escaped ident not url", `a{b:\75rl(x)}`, nil},
	{"nested at-rule", `@supports (display:grid){@import "no.css"; a{b:url(i)}}`,
		[]string{"import no.css @25-41 ignored", "url i @47-53 prop=b"}},
	{"crlf", "@import \"a.css\";\r\na{b:url(c.png)}", []string{"import a.css @0-15", "url c.png @22-32 prop=b"}},
	{"lone at sign", `@ @import "a.css";`, []string{"import a.css @2-17"}},
	{"trailing backslash", `a{b:url(x)}\`, []string{"url x @4-10 prop=b"}},
}

func formatCSSRef(r cssRef) string {
	var b strings.Builder
	if r.Import {
		b.WriteString("import ")
	} else {
		b.WriteString("url ")
	}
	fmt.Fprintf(&b, "%s @%d-%d", r.URL, r.Offset, r.End)
	if r.FontFace {
		b.WriteString(" font")
	}
	if r.Property != "" {
		b.WriteString(" prop=" + r.Property)
	}
	if r.Ignored != nil {
		b.WriteString(" ignored")
	}
	return b.String()
}

func TestScanCSS(t *testing.T) {
	for _, tt := range cssTests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range scanCSS([]byte(tt.css)) {
				got = append(got, formatCSSRef(r))
			}
			if g, w := strings.Join(got, "\n"), strings.Join(tt.want, "\n"); g != w {
				t.Errorf("scanCSS(%q) =\n%s\nwant\n%s", tt.css, g, w)
			}
		})
	}
}

func TestCSSUnescape(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "a.png", "a.png"},
		{"char", `a\(b`, "a(b"},
		{"hex with space", `\61 b`, "ab"},
		{"hex six digits", `\000061b`, "ab"},
		{"hex crlf", "\\61\r\nb", "ab"},
		{"zero", `\0`, "\uFFFD"},
		{"surrogate", `\D800`, "\uFFFD"},
		{"too big", `\110000`, "\uFFFD"},
		{"continuation", "a\\\nb", "ab"},
		{"trailing backslash", `a\`, "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cssUnescape([]byte(tt.in)); got != tt.want {
				t.Errorf("cssUnescape(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestClassifyCSSURL(t *testing.T) {
	tests := []struct {
		name     string
		url      string
		fontFace bool
		property string
		want     Kind
	}{
		{"font face context", "/f", true, "src", Font},
		{"font extension", "/f.WOFF2?v=1", false, "", Font},
		{"image extension", "/i.png#x", false, "", Image},
		{"image by property", "/sprite?id=3", false, "background-image", Image},
		{"media extension", "/v.webm", false, "", Media},
		{"unknown", "/behaviour.htc", false, "behavior", Other},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := classifyCSSURL(tt.url, tt.fontFace, tt.property); got != tt.want {
				t.Errorf("classifyCSSURL(%q, %v, %q) = %q, want %q", tt.url, tt.fontFace, tt.property, got, tt.want)
			}
		})
	}
}

func FuzzScanCSS(f *testing.F) {
	for _, tt := range cssTests {
		f.Add(tt.css)
	}
	f.Fuzz(func(t *testing.T, css string) {
		prev := -1
		for _, r := range scanCSS([]byte(css)) {
			if r.Offset < 0 || r.Offset > r.End || r.End > len(css) {
				t.Fatalf("reference %+v out of bounds of %d bytes", r, len(css))
			}
			if r.Offset <= prev {
				t.Fatalf("reference at %d not after the previous at %d", r.Offset, prev)
			}
			prev = r.Offset
		}
	})
}

func BenchmarkScanCSS(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`@charset "utf-8"; @import url("base.css"); @import "theme.css" screen;` + "\n")
	for i := range 2000 {
		fmt.Fprintf(&sb, ".c%d{background:url(/img/%d.png) no-repeat;color:#%03x} /* note */\n", i, i, i%4096)
	}
	css := []byte(sb.String())
	b.SetBytes(int64(len(css)))
	b.ReportAllocs()
	for b.Loop() {
		scanCSS(css)
	}
}
