package resources

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/golden"
)

func int64p(n int64) *int64 { return &n }

// discoverTests are pages and the resources they reference; the expected
// lists are golden files in testdata/discover/.
var discoverTests = []struct {
	name   string
	page   string // the page's final URL
	html   string
	cutoff *int64 // the page's cutoff offset, nil when nothing is cut
}{
	{"kinds", "https://example.com/dir/page.html", `<!doctype html><html><head>
<link rel="stylesheet" href="/css/site.css">
<link rel="STYLESHEET alternate" href="alt.css">
<link rel=modulepreload href="/js/mod.js">
<link rel=preload as=script href="/js/pre.js">
<link rel=preload as=style href="/css/pre.css">
<link rel=preload as=fetch href="/api/data.json" crossorigin>
<link rel=preload as=font href="/f/font.woff2" crossorigin>
<link rel=preload as=image href="/i/hero.avif">
<link rel=preload href="/no-as.js">
<link rel=icon href="/favicon.ico">
<link rel="shortcut icon" href="/favicon2.ico">
<link rel=apple-touch-icon href="/apple.png">
<link rel=manifest href="/site.webmanifest">
<link rel=preconnect href="https://cdn.example.net">
<link rel=canonical href="https://example.com/dir/page.html">
<script src="app.js"></script>
<script type=module src="/js/module.js"></script>
<script nomodule src="/js/legacy.js"></script>
<script type="text/template" src="/tpl.html"></script>
<script>document.write('<script src="/written.js"><\/script>')</script>
<style>@import url("/css/inline-import.css"); body{background:url(/i/bg.png)}</style>
<noscript><link rel=stylesheet href="/css/noscript.css"><img src="/i/pixel.gif"></noscript>
</head><body>
<img src="/i/a.png" srcset="/i/a-2x.png 2x, /i/a-3x.png 3x">
<picture><source srcset="/i/b.webp" type="image/webp"><img src="/i/b.jpg"></picture>
<video src="/v/clip.mp4" poster="/i/poster.jpg"><source src="/v/clip.webm"><track src="/v/subs.vtt"></video>
<audio><source src="/a/song.mp3"></audio>
<iframe src="https://www.youtube.com/embed/x"></iframe>
<frameset><frame src="/frame.html"></frameset>
<embed src="/plugin.swf"><object data="/obj.pdf"></object>
<a href="/not-a-resource.html">link</a>
<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">
<iframe src="javascript:void(0)"></iframe><iframe src="about:blank"></iframe>
<script src="http://[bad"></script>
<img src="#fragment-only"><img src="">
</body></html>`, nil},
	{"base href", "https://example.com/a/b/page", `<script src="before.js"></script>
<base href="/static/v2/"><base href="https://other.example/ignored/">
<script src="after.js"></script><link rel=stylesheet href="../css/x.css">
<script src="//cdn.example.net/lib.js"></script><script src="  spaced.js  "></script>
<script src="tab	bed.js"></script>`, nil},
	{"relative base href", "https://example.com/shop/item?id=1", `<base href="assets/">
<script src="app.js#frag"></script>`, nil},
	{"non-http base ignored", "https://example.com/p/", `<base href="javascript:alert(1)"><script src="x.js"></script>`, nil},
	{"duplicates", "https://example.com/", `<link rel=preload as=script href="/app.js">
<img src="/shared.png"><script src="/app.js"></script><script src="/app.js#x"></script>
<script src="/shared.png"></script><img src="/app.js"><a href="/app.js"></a>`, nil},
	{"cutoff", "https://example.com/", `<script src="/early.js"></script>
<script src="/spanning.js"></script><script src="/late.js"></script><script src="/early.js"></script>`,
		int64p(50)},
	{"duplicate attributes", "https://example.com/", `<script src="" src="/second.js"></script>
<script src="/first.js" src="/second.js"></script>`, nil},
	{"truncated tag at end", "https://example.com/", `<script src="/a.js"></script><script src="/b.js`, nil},
	{"local page", "", `<script src="app.js"></script><script src="https://cdn.example/x.js"></script>`, nil},
}

func TestDiscover(t *testing.T) {
	for _, tt := range discoverTests {
		t.Run(tt.name, func(t *testing.T) {
			got := Discover(tt.page, []byte(tt.html), tt.cutoff)
			checkResourceBounds(t, got, int64(len(tt.html)))
			b, err := json.MarshalIndent(got, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, "discover/"+strings.ReplaceAll(tt.name, " ", "-")+".json", append(b, '\n'))
		})
	}
}

// checkResourceBounds checks that every reference lies inside a body of n
// bytes.
func checkResourceBounds(t *testing.T, rs []Resource, n int64) {
	t.Helper()
	for _, r := range rs {
		if r.DiscoveredOffset < 0 || r.DiscoveredOffset > r.DiscoveredEnd || r.DiscoveredEnd > n {
			t.Errorf("%s: reference %d-%d outside the body of %d bytes", r.URL, r.DiscoveredOffset, r.DiscoveredEnd, n)
		}
	}
}

// TestDiscoverKinds pins the decisions the golden files record, so that a
// careless -update cannot hide a regression.
func TestDiscoverKinds(t *testing.T) {
	rs := Discover(discoverTests[0].page, []byte(discoverTests[0].html), nil)
	byURL := make(map[string]Resource)
	for _, r := range rs {
		byURL[r.URL] = r
	}
	tests := []struct {
		url     string
		kind    Kind
		fetched bool
	}{
		{"https://example.com/css/site.css", Stylesheet, true},
		{"https://example.com/js/mod.js", Preload, true},
		{"https://example.com/api/data.json", Preload, true},
		{"https://example.com/f/font.woff2", Font, false},
		{"https://example.com/i/hero.avif", Image, false},
		{"https://example.com/no-as.js", Other, false},
		{"https://example.com/favicon.ico", Icon, false},
		{"https://example.com/favicon2.ico", Icon, false},
		{"https://example.com/site.webmanifest", Other, false},
		{"https://example.com/dir/app.js", Script, true},
		{"https://example.com/js/legacy.js", Script, false},
		{"https://example.com/tpl.html", Script, false},
		{"https://example.com/css/inline-import.css", Import, true},
		{"https://example.com/i/bg.png", Image, false},
		{"https://example.com/i/a-3x.png", Image, false},
		{"https://example.com/i/b.webp", Image, false},
		{"https://example.com/v/clip.webm", Media, false},
		{"https://example.com/v/subs.vtt", Media, false},
		{"https://example.com/i/poster.jpg", Image, false},
		{"https://www.youtube.com/embed/x", Iframe, true},
		{"https://example.com/frame.html", Iframe, true},
		{"https://example.com/obj.pdf", Other, false},
		{"javascript:void(0)", Iframe, false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			r, ok := byURL[tt.url]
			if !ok {
				t.Fatalf("%s not listed", tt.url)
			}
			if r.Kind != tt.kind || r.Fetched != tt.fetched {
				t.Errorf("%s: kind %q fetched %v, want %q %v", tt.url, r.Kind, r.Fetched, tt.kind, tt.fetched)
			}
			if got := r.ExcludedReason == ""; got != tt.fetched {
				t.Errorf("%s: excluded reason %q with fetched %v", tt.url, r.ExcludedReason, tt.fetched)
			}
		})
	}
	for _, absent := range []string{"noscript.css", "pixel.gif", "written.js", "not-a-resource", "cdn.example.net",
		"fragment-only"} {
		for _, r := range rs {
			if strings.Contains(r.URL, absent) {
				t.Errorf("%s is listed, want it left out", r.URL)
			}
		}
	}
}

func TestDiscoverDuplicates(t *testing.T) {
	rs := Discover("https://example.com/", []byte(`<link rel=preload as=script href="/app.js">
<script src="/app.js"></script><script src="/app.js#x"></script><img src="/i.png"><img src="/i.png">`), nil)
	if got, want := len(rs), 2; got != want {
		t.Fatalf("%d resources, want %d: %+v", got, want, rs)
	}
	if got, want := rs[0].Kind, Script; got != want {
		t.Errorf("kind = %q, want %q (a script takes over its preload)", got, want)
	}
	if got, want := rs[0].DiscoveredOffset, int64(0); got != want {
		t.Errorf("offset = %d, want %d (the preload's)", got, want)
	}
	if got, want := rs[0].References, 3; got != want {
		t.Errorf("references = %d, want %d", got, want)
	}
	if got, want := rs[1].References, 2; got != want {
		t.Errorf("image references = %d, want %d", got, want)
	}
}

func TestDiscoverCutoff(t *testing.T) {
	html := `<script src="/a.js"></script><script src="/b.js"></script>`
	tests := []struct {
		name   string
		cutoff *int64
		want   string // discovered_before_cutoff of a.js and b.js
	}{
		{"nothing cut", nil, "true true"},
		{"cut after both", int64p(int64(len(html))), "true true"},
		{"cut inside the second tag", int64p(40), "true false"},
		{"cut right after the first start tag", int64p(20), "true false"},
		{"cut before the first tag's last byte", int64p(19), "false false"},
		{"cut at zero", int64p(0), "false false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := Discover("https://example.com/", []byte(html), tt.cutoff)
			got := fmt.Sprint(rs[0].DiscoveredBeforeCutoff, rs[1].DiscoveredBeforeCutoff)
			if got != tt.want {
				t.Errorf("cutoff %v: before = %s, want %s", tt.cutoff, got, tt.want)
			}
		})
	}
}

func TestDiscoverDataURICap(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, `<img src="data:image/gif;base64,R0lGOD%04d">`, i)
	}
	b.WriteString(`<script src="/after.js"></script>`)
	rs := Discover("https://example.com/", []byte(b.String()), nil)
	if got, want := len(rs), maxListedDataURIs+2; got != want {
		t.Fatalf("%d rows, want %d", got, want)
	}
	sum := rs[maxListedDataURIs]
	if !sum.Summary || sum.References != 1000-maxListedDataURIs {
		t.Errorf("summary row = %+v, want %d references", sum, 1000-maxListedDataURIs)
	}
	if want := "980 more inline data: URIs"; !strings.Contains(sum.ExcludedReason, want) {
		t.Errorf("summary reason %q does not say %q", sum.ExcludedReason, want)
	}
	if got, want := rs[len(rs)-1].URL, "https://example.com/after.js"; got != want {
		t.Errorf("last row %q, want %q", got, want)
	}
}

func TestDiscoverListCap(t *testing.T) {
	var b strings.Builder
	for i := range maxListed + 10 {
		fmt.Fprintf(&b, `<img src="/i/%d.png">`, i)
	}
	rs := Discover("https://example.com/", []byte(b.String()), nil)
	if got, want := len(rs), maxListed+1; got != want {
		t.Fatalf("%d rows, want %d", got, want)
	}
	if last := rs[len(rs)-1]; !last.Summary || last.References != 10 {
		t.Errorf("summary row = %+v, want 10 references", last)
	}
}

func TestSrcsetURLs(t *testing.T) {
	tests := []struct {
		name, srcset, want string
	}{
		{"empty", "", ""},
		{"one", "a.png", "a.png"},
		{"descriptors", "a.png 1x, b.png 2x", "a.png|b.png"},
		{"widths no spaces", "a.png 100w,b.png 200w", "a.png|b.png"},
		{"trailing comma ends url", "a.png, b.png", "a.png|b.png"},
		{"comma inside url", "a.png,b.png", "a.png,b.png"},
		{"data uri with comma", "data:image/png;base64,AAA 1x, b.png 2x", "data:image/png;base64,AAA|b.png"},
		{"parenthesised descriptor", "a.png (x, y), b.png", "a.png|b.png"},
		{"leading commas and spaces", " ,, a.png", "a.png"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(srcsetURLs(tt.srcset), "|"); got != tt.want {
				t.Errorf("srcsetURLs(%q) = %q, want %q", tt.srcset, got, tt.want)
			}
		})
	}
}

func FuzzDiscover(f *testing.F) {
	for _, tt := range discoverTests {
		f.Add(tt.html, int64(len(tt.html)/2))
	}
	f.Fuzz(func(t *testing.T, html string, cutoff int64) {
		rs := Discover("https://example.com/a/", []byte(html), &cutoff)
		checkResourceBounds(t, rs, int64(len(html)))
		for _, r := range rs {
			if r.Fetched != (r.ExcludedReason == "") {
				t.Fatalf("%+v: fetched %v with reason %q", r, r.Fetched, r.ExcludedReason)
			}
		}
	})
}

func BenchmarkDiscover(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("<!doctype html><html><head>")
	for i := range 200 {
		fmt.Fprintf(&sb, `<link rel=stylesheet href="/css/%d.css"><script src="/js/%d.js"></script>`, i, i)
	}
	sb.WriteString("</head><body>")
	for i := range 20000 {
		fmt.Fprintf(&sb, `<div class="card"><a href="/p/%d">item %d</a><img src="/i/%d.png" alt=""><p>text</p></div>`,
			i, i, i%3000)
	}
	sb.WriteString("</body></html>")
	page := []byte(sb.String())
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		Discover("https://example.com/", page, nil)
	}
}
