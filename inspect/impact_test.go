package inspect

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

var openAtCutoffTests = []struct {
	name     string
	html     string // the cutoff falls at the "|"
	elements string // open elements, outermost first
	inside   string
	element  string
}{
	{name: "in the head", html: "<html><head><title>t</title>|<meta name=x>", elements: "html head"},
	{name: "inline script", html: "<body><div><script>var a = 1;|var b;</script></div>", elements: "html body div script", element: "script"},
	{name: "JSON-LD", html: `<script type="application/ld+json">{"a":|1}</script>`, elements: "html head script", element: "json-ld"},
	{name: "style", html: "<style>a{color:red}|b{}</style>", elements: "html head style", element: "style"},
	{name: "link text", html: "<p><a href=/x>anchor <b>te|xt</b></a>", elements: "html body p a b", element: "a"},
	{name: "comment", html: "<p>x<!-- long |comment -->", elements: "html body p", inside: "comment"},
	{name: "middle of a tag", html: `<p>x<img src="/a.|png">`, elements: "html body p", inside: "tag"},
	{name: "paragraphs close each other", html: "<p>a<p>b<div>c|</div>", elements: "html body div"},
	{name: "list items close each other", html: "<ul><li>a<li>b<li>c|</ul>", elements: "html body ul li"},
	{name: "svg", html: "<svg><g><path>|</path></g></svg>", elements: "html body svg g path"},
	{name: "template", html: "<template><p>x|</p></template>", elements: "html head template p", element: "template"},
	{name: "table cells", html: "<table><tr><td>a<td>b<tr><td>c|", elements: "html body table tr td"},
}

func TestOpenAtCutoff(t *testing.T) {
	for _, tt := range openAtCutoffTests {
		t.Run(tt.name, func(t *testing.T) {
			cut := int64(strings.Index(tt.html, "|"))
			body := []byte(strings.Replace(tt.html, "|", "", 1))
			a := Analyze(Input{Body: body, Cutoff: &cut})
			o := a.Impact.Open
			if got, want := strings.Join(o.Elements, " "), tt.elements; got != want {
				t.Errorf("open elements = %q, want %q", got, want)
			}
			if got, want := o.Inside, tt.inside; got != want {
				t.Errorf("inside = %q, want %q", got, want)
			}
			if got, want := o.Element, tt.element; got != want {
				t.Errorf("element = %q, want %q", got, want)
			}
		})
	}
}

func TestImpact(t *testing.T) {
	html := `<html><head><title>T</title>` +
		`<link rel=alternate hreflang=en href=/en><link rel=alternate hreflang=de href=/de>` +
		`<script type="application/ld+json">{"@type":"A"}</script></head><body>` +
		`<h1>One</h1><p>text <a href=/a>a</a> <a href=https://x.org/>x</a></p>` +
		`|<h2>Two</h2><p>more text <a href=/b>b</a></p>` +
		`<link rel=canonical href=/c><script type="application/ld+json">{"@type":"B"}</script></body></html>`
	cut := int64(strings.Index(html, "|"))
	body := []byte(strings.Replace(html, "|", "", 1))
	im := Analyze(Input{Body: body, Cutoff: &cut}).Impact
	tests := []struct {
		name      string
		got, want any
	}{
		{"kept bytes", im.KeptBytes, cut},
		{"lost bytes", im.LostBytes, int64(len(body)) - cut},
		{"internal links", im.Links.Internal, scan.Count{Full: 2, Kept: 1}},
		{"external links", im.Links.External, scan.Count{Full: 1, Kept: 1}},
		{"lost links", len(im.Links.Lost), 1},
		{"h1", im.Headings.Full[0] - im.Headings.Kept[0], 0},
		{"h2 lost", im.Headings.Full[1] - im.Headings.Kept[1], 1},
		{"lost heading text", im.Headings.Lost[0].Text, "Two"},
		{"visible text (source)", im.TextBytes, scan.Count{Full: int64(len("One" + "text " + "a" + "x" + "Two" + "more text " + "b")), Kept: int64(len("One" + "text " + "a" + "x"))}}, // white-space-only text does not count
		{"hreflang", [2]int{im.Hreflang.Full, im.Hreflang.Kept}, [2]int{2, 2}},
		{"canonical", im.Canonical, scan.Presence{Full: true, Kept: false}},
		{"title", im.Title, scan.Presence{Full: true, Kept: true}},
		{"json-ld states", im.JSONLD[0].State + " " + im.JSONLD[1].State, "kept lost"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}
