package whatif

import (
	"strings"
	"testing"
)

var long = strings.Repeat("a", 60)

// moved renders the elements Find lists in body as "kind body[start:end] -> replacement".
func moved(body string) []string {
	var out []string
	for _, e := range Find([]byte(body)) {
		m := e.Move
		s := e.Kind.String() + " " + body[m.Start:m.End] + " -> " + m.Replacement
		if e.Parent >= 0 {
			s = "  " + s
		}
		out = append(out, s)
	}
	return out
}

var findTests = []struct {
	name string
	body string
	want []string // moved(body)
}{
	{
		name: "inline script keeps its attributes",
		body: `<script type="module" nonce=x>` + long + `</script>`,
		want: []string{`scripts <script type="module" nonce=x>` + long + `</script> -> <script type="module" nonce=x src="/assets/inline-1.js"></script>`},
	},
	{
		name: "external, JSON-LD and data-block scripts stay",
		body: `<script src="/a.js">` + long + `</script><script type="application/ld+json">{"a":"` + long +
			`"}</script><script type="application/json">` + long + `</script><script type="text/template">` + long + `</script>`,
	},
	{
		name: "a small inline script costs more moved than kept",
		body: `<script>a()</script>`,
	},
	{
		name: "style with data URIs inside, and its media",
		body: `<style media="print">.a{background:url("data:image/png;base64,` + long + `")}</style>`,
		want: []string{
			`styles <style media="print">.a{background:url("data:image/png;base64,` + long + `")}</style> -> <link rel="stylesheet" href="/assets/inline-1.css" media="print">`,
			`  data-uris data:image/png;base64,` + long + ` -> /assets/img-1.png`,
		},
	},
	{
		name: "style attribute becomes a class, merged with the tag's class",
		body: `<div class="x y" id=z style="color:red;margin:0 auto;padding:4px">a</div><p style='color:blue;margin:0 auto;padding:4px' class=k>b</p><i style="color:green;margin:0 auto">c</i>`,
		want: []string{
			`style-attributes class="x y" id=z style="color:red;margin:0 auto;padding:4px" -> class="x y s-1" id=z`,
			`style-attributes style='color:blue;margin:0 auto;padding:4px' class=k -> class="k s-2"`,
			`style-attributes style="color:green;margin:0 auto" -> class="s-3"`,
		},
	},
	{
		name: "a data URI between the class and the style stays out of the style's move",
		body: `<img class="x" src="data:image/png;base64,` + long + `" style="margin:0 auto;padding:4px 8px;color:red">`,
		want: []string{
			`data-uris data:image/png;base64,` + long + ` -> /assets/img-1.png`,
			`style-attributes style="margin:0 auto;padding:4px 8px;color:red" -> class="x s-1"`,
		},
	},
	{
		name: "data URIs in img src and srcset, with their descriptors kept",
		body: `<img src="data:image/gif;base64,` + long + `" srcset="data:image/webp;base64,` + long + ` 1x, /b.png 2x">`,
		want: []string{
			`data-uris data:image/gif;base64,` + long + ` -> /assets/img-1.gif`,
			`data-uris data:image/webp;base64,` + long + ` -> /assets/img-2.webp`,
		},
	},
	{
		name: "data URI in a style attribute goes with it",
		body: `<div style="background:url(&quot;data:image/svg+xml,` + long + `&quot;)">x</div>`,
		want: []string{
			`style-attributes style="background:url(&quot;data:image/svg+xml,` + long + `&quot;)" -> class="s-1"`,
			`  data-uris data:image/svg+xml,` + long + ` -> /assets/img-1.svg`,
		},
	},
	{
		name: "comments go, conditional comments stay",
		body: `<!-- a comment long enough --><!--[if IE]><p>old</p><![endif]--><!--<![endif]--><?xml version="1.0"?>`,
		want: []string{`comments <!-- a comment long enough --> -> `},
	},
	{
		name: "white space runs collapse, single spaces between words stay",
		body: "<p>one two three</p>\n    <p>four  five\t\t\tsix</p>",
		want: []string{"whitespace \n     -> \n", "whitespace    ->  ", "whitespace \t\t\t ->  "},
	},
	{
		name: "no white space moves in pre, textarea, script, style or title",
		body: "<pre>a    b</pre><textarea>c    d</textarea><title>e    f</title><p>g    h</p>",
		want: []string{"whitespace      ->  "},
	},
	{
		name: "style and script inside SVG stay",
		body: `<svg><style>.a{fill:red;` + long + `}</style><script>` + long + `</script></svg>`,
	},
	{
		name: "an HTML tag ends unclosed SVG content",
		body: `<svg><circle r="1"><p>x</p><style>.a{` + long + `}</style>`,
		want: []string{`styles <style>.a{` + long + `}</style> -> <link rel="stylesheet" href="/assets/inline-1.css">`},
	},
	{
		name: "unclosed script runs to the end",
		body: `<script>` + long,
		want: []string{`scripts <script>` + long + ` -> <script src="/assets/inline-1.js"></script>`},
	},
}

func TestFind(t *testing.T) {
	for _, tt := range findTests {
		t.Run(tt.name, func(t *testing.T) {
			got := moved(tt.body)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Find(%q) =\n%s\nwant\n%s", tt.body, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// FuzzFind checks that on any body Find's moves lie inside it, nest or
// stay apart, and apply, every kind together.
func FuzzFind(f *testing.F) {
	for _, tt := range findTests {
		f.Add(tt.body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		els := Find([]byte(body))
		for i, e := range els {
			m := e.Move
			if m.Start < 0 || m.End > int64(len(body)) || m.End <= m.Start || m.Saved() <= 0 {
				t.Fatalf("element %d: move %d-%d saving %d in a %d-byte body", i, m.Start, m.End, m.Saved(), len(body))
			}
			if p := e.Parent; p >= 0 && (p >= i || els[p].Move.Start > m.Start || els[p].Move.End < m.End) {
				t.Fatalf("element %d (%d-%d) has parent %d that does not hold it", i, m.Start, m.End, p)
			}
			if i > 0 && e.Parent < 0 && els[i-1].Move.End > m.Start && els[i-1].Parent < 0 {
				t.Fatalf("elements %d and %d overlap", i-1, i)
			}
		}
		p := &Plan{Elements: els}
		moves, err := p.Moves(p.Select(AllKinds))
		if err == nil {
			_, err = Apply([]byte(body), moves)
		}
		if err != nil {
			t.Fatal(err)
		}
	})
}
