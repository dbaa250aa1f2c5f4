package dom

import (
	"reflect"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	const base = "https://shop.example/dir/page"
	tests := []struct {
		name string
		html string
		lim  Limits
		want func(p *Page) any
		is   any
	}{
		{"title collapsed, the HTML one", `<svg><title>icon</title></svg><title>  Spring
  sale </title><title>second</title>`, Limits{}, func(p *Page) any { return p.Title }, "Spring sale"},
		{"every robots meta", `<meta name="Robots" content="NOYDIR"><meta name="robots" content="NOODP">
<meta name="googlebot-news" content="noindex"><meta name="description" content="d">`, Limits{},
			func(p *Page) any { return p.Robots },
			[]Meta{{"robots", "NOYDIR"}, {"robots", "NOODP"}, {"googlebot-news", "noindex"}}},
		{"first canonical, resolved against <base>", `<base href="/other/"><link rel="Canonical" href="a">
<link rel="canonical" href="b">`, Limits{}, func(p *Page) any { return p.Canonical }, "https://shop.example/other/a"},
		{"hreflang alternates", `<link rel="alternate" hreflang="de" href="/de"><link rel="alternate stylesheet" href="/s.css">
<link rel="ALTERNATE" hreflang="x-default" href="https://shop.example/">`, Limits{},
			func(p *Page) any { return p.Hreflang }, []string{"de https://shop.example/de", "x-default https://shop.example/"}},
		{"JSON-LD text", `<script type="application/ld+json">{"@type":"A"}</script><script>var x</script>
<script type=" Application/LD+JSON ">[]</script>`, Limits{}, func(p *Page) any { return p.JSONLD },
			[]string{`{"@type":"A"}`, `[]`}},
		{"links: no javascript:, distinct, bounded, all counted", `<a href="/a">a</a><a href=" JavaScript:go()">j</a>
<a href="java&#9;script:x">t</a><a href="/a">again</a><a href="b#top">b</a><a href="/c">c</a><a>no href</a>`,
			Limits{Links: 2}, func(p *Page) any { return []any{p.Links, p.LinkList} },
			[]any{4, []string{"https://shop.example/a", "https://shop.example/dir/b#top"}}},
		{"headings collapsed and cut", `<h1> One <b>bold</b>
 heading </h1><h2>a</h2><h2>ééé long</h2><h2>c</h2>`, Limits{Text: 3, H2: 2},
			func(p *Page) any { return []any{p.H1, p.H2} }, []any{[]string{"One"}, []string{"a", "ééé"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(strings.NewReader(tt.html), base, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.want(p); !reflect.DeepEqual(got, tt.is) {
				t.Errorf("got %#v, want %#v", got, tt.is)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	tests := []struct{ ref, keep, bare string }{
		{"/a#x", "https://h.example/a#x", "https://h.example/a"},
		{" b\n c ", "https://h.example/d/b%20c", "https://h.example/d/b%20c"},
		{"", "https://h.example/d/p", "https://h.example/d/p"},
		{"http://[::1", "http://[::1", "http://[::1"},
	}
	for _, tt := range tests {
		if got := Resolve("https://h.example/d/p", tt.ref); got != tt.keep {
			t.Errorf("Resolve(%q) = %q, want %q", tt.ref, got, tt.keep)
		}
		if got := ResolveBare("https://h.example/d/p", tt.ref); got != tt.bare {
			t.Errorf("ResolveBare(%q) = %q, want %q", tt.ref, got, tt.bare)
		}
	}
}
