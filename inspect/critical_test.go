package inspect

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// renderCritical shows each critical element as `kind "its bytes" =value
// [flags]`, so that a test states offsets through the bytes they cover.
func renderCritical(body []byte, crit []scan.Critical) []string {
	var out []string
	for _, c := range crit {
		s := fmt.Sprintf("%s %q", c.Kind, body[c.Offset:c.End])
		if c.Name != "" {
			s += " " + c.Name
		}
		if c.Value != "" {
			s += " =" + c.Value
		}
		if len(c.Flags) > 0 {
			s += " [" + strings.Join(c.Flags, ",") + "]"
		}
		out = append(out, s)
	}
	return out
}

var criticalTests = []struct {
	name string
	html string
	want []string
}{
	{
		name: "title with entities and upper-case tags",
		html: `<TITLE>Fish &amp; Chips</TITLE>`,
		want: []string{
			`title "<TITLE>Fish &amp; Chips</TITLE>" =Fish & Chips`,
			`head-end "" =end of document [implicit]`,
		},
	},
	{
		name: "SVG and template titles are not the page title",
		html: `<body><svg><title>Icon</title></svg><template><title>T</title></template><p>x`,
		want: []string{`head-end "" =<body> [implicit]`},
	},
	{
		name: "title inside a script or comment is text",
		html: `<script>document.write("<title>x</title>")</script><!-- <title>y</title> --><title>z</title>`,
		want: []string{`title "<title>z</title>" =z`, `head-end "" =end of document [implicit]`},
	},
	{
		name: "second title is flagged",
		html: `<title>a</title><title>b</title>`,
		want: []string{
			`title "<title>a</title>" =a`, `title "<title>b</title>" =b [duplicate]`,
			`head-end "" =end of document [implicit]`,
		},
	},
	{
		name: "meta tags, case and entities",
		html: `<META NAME="Description" CONTENT="A &lt;b&gt; page"><meta name=ROBOTS content="NoIndex">` +
			`<meta name="googlebot" content="nofollow"><meta name="bingbot" content="none"><meta name="viewport" content="x">`,
		want: []string{
			`meta-description "<META NAME=\"Description\" CONTENT=\"A &lt;b&gt; page\">" =A <b> page`,
			`meta-robots "<meta name=ROBOTS content=\"NoIndex\">" robots =NoIndex`,
			`meta-robots "<meta name=\"googlebot\" content=\"nofollow\">" googlebot =nofollow`,
			`meta-robots "<meta name=\"bingbot\" content=\"none\">" bingbot =none [other-crawler]`,
			`head-end "" =end of document [implicit]`,
		},
	},
	{
		name: "canonical and hreflang links",
		html: `<link rel="Canonical" href="/a?x=1&amp;y=2"><link rel="alternate stylesheet" hreflang="de" href="/de">` +
			`<link rel=alternate hreflang=x-default href=/><link rel="alternate" href="/feed" type="application/rss+xml">`,
		want: []string{
			`canonical "<link rel=\"Canonical\" href=\"/a?x=1&amp;y=2\">" =/a?x=1&y=2`,
			`hreflang "<link rel=\"alternate stylesheet\" hreflang=\"de\" href=\"/de\">" de =/de`,
			`hreflang "<link rel=alternate hreflang=x-default href=/>" x-default =/`,
			`head-end "" =end of document [implicit]`,
		},
	},
	{
		name: "JSON-LD blocks, valid, invalid and empty",
		html: `<script type="application/ld+json">{"@type":["Product","Offer"]}</script>` +
			`<script type=application/ld+json>{"@graph":[{"@type":"A"},{"@type":"B"}]}</script>` +
			`<script type="application/ld+json">{oops</script><script type="application/ld+json"></script>`,
		want: []string{
			`json-ld "<script type=\"application/ld+json\">{\"@type\":[\"Product\",\"Offer\"]}</script>" =Product, Offer`,
			`json-ld "<script type=application/ld+json>{\"@graph\":[{\"@type\":\"A\"},{\"@type\":\"B\"}]}</script>" =A, B`,
			`json-ld "<script type=\"application/ld+json\">{oops</script>" [invalid-json]`,
			`json-ld "<script type=\"application/ld+json\"></script>" [invalid-json]`,
			`head-end "" =end of document [implicit]`,
		},
	},
	{
		name: "first h1 ends at the next heading; main nests",
		html: `<main><h1>A <b>b</b><h2>c</h2><main><h1>d</h1></main></main>`,
		want: []string{
			`head-end "" =<main> [implicit]`,
			`main "<main><h1>A <b>b</b><h2>c</h2><main><h1>d</h1></main></main>"`,
			`h1 "<h1>A <b>b</b>" =A b`,
		},
	},
	{
		name: "head broken by a div",
		html: "<head><title>t</title>\n<div>x</div><link rel=canonical href=/c><meta name=robots content=noindex></head>",
		want: []string{
			`title "<title>t</title>" =t`,
			`head-end "" =<div> [implicit]`,
			`canonical "<link rel=canonical href=/c>" =/c [after-body-start]`,
			`meta-robots "<meta name=robots content=noindex>" robots =noindex [after-body-start]`,
		},
	},
	{
		name: "text in the head ends it where the text starts",
		html: "<head>\n  oops<link rel=canonical href=/c>",
		want: []string{`head-end "" =text [implicit]`, `canonical "<link rel=canonical href=/c>" =/c [after-body-start]`},
	},
	{
		name: "noscript in the head and elements between head and body stay in the head",
		html: `<head><noscript><img src=x></noscript></head> <link rel=canonical href=/c><body>`,
		want: []string{`head-end "</head>" =</head>`, `canonical "<link rel=canonical href=/c>" =/c`},
	},
	{
		name: "meta inside SVG breaks out of it; link inside SVG does not",
		html: `<body><svg><link rel=canonical href=/svg><meta name=description content=d></svg>`,
		want: []string{
			`head-end "" =<body> [implicit]`,
			`meta-description "<meta name=description content=d>" =d [after-body-start]`,
		},
	},
	{
		name: "last internal link",
		html: `<a href="/one">1</a><a href="https://WWW.example.com:443/two#x">2<a href="https://other.org/">3</a>` +
			`<a href="mailto:x@example.com">m</a><a href="#top">t</a><template><a href="/tpl">t</a></template>`,
		want: []string{
			`head-end "" =<a> [implicit]`,
			`last-internal-link "<a href=\"https://WWW.example.com:443/two#x\">2" =https://WWW.example.com:443/two#x`,
		},
	},
	{
		name: "a base to another host makes relative links external",
		html: `<base href="https://cdn.example.net/"><a href="/x">x</a><a href="//www.example.com/y">y</a>`,
		want: []string{
			`head-end "" =<a> [implicit]`,
			`last-internal-link "<a href=\"//www.example.com/y\">y</a>" =//www.example.com/y`,
		},
	},
	{
		name: "explicit head end",
		html: "<html><head><title>t</title></HEAD><body><h1>x</h1>",
		want: []string{`title "<title>t</title>" =t`, `head-end "</HEAD>" =</head>`, `h1 "<h1>x</h1>" =x`},
	},
	{
		name: "empty body",
		html: "",
		want: nil,
	},
}

func TestCritical(t *testing.T) {
	u, _ := url.Parse("https://example.com/page")
	for _, tt := range criticalTests {
		t.Run(tt.name, func(t *testing.T) {
			body := []byte(tt.html)
			a := Analyze(Input{Body: body, URL: u, Tokens: []string{"googlebot"}})
			got := renderCritical(body, a.Critical)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("critical elements of %q\n got:\n  %s\nwant:\n  %s", tt.html,
					strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

func TestCriticalAgainstCutoff(t *testing.T) {
	body := []byte(`<title>t</title><link rel=canonical href=/c><h1>heading</h1>`)
	tests := []struct {
		name    string
		cutoff  int64
		binary  int64 // -1: the binary reading cuts nothing
		limit   int64 // binary limit; 0 when the limit has no binary reading
		kind    string
		beyond  bool
		atRisk  bool
		flagCut bool
	}{
		// The canonical covers bytes 16-44, the h1 44-60.
		{name: "ends exactly at the cutoff", cutoff: 60, binary: -1, limit: 100, kind: scan.ElementH1},
		{name: "cut by one byte", cutoff: 59, binary: -1, limit: 100, kind: scan.ElementH1, beyond: true, atRisk: true, flagCut: true},
		{name: "starts at the cutoff", cutoff: 16, binary: 30, limit: 100, kind: scan.ElementCanonical, beyond: true},
		{name: "kept under the binary reading", cutoff: 16, binary: 44, limit: 100, kind: scan.ElementCanonical, beyond: true, atRisk: true},
		{name: "no binary reading", cutoff: 16, binary: -1, limit: 0, kind: scan.ElementCanonical, beyond: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Body: body, Cutoff: &tt.cutoff, BinaryLimit: tt.limit}
			if tt.binary >= 0 {
				in.BinaryCutoff = &tt.binary
			}
			a := Analyze(in)
			var c *scan.Critical
			for i := range a.Critical {
				if a.Critical[i].Kind == tt.kind {
					c = &a.Critical[i]
				}
			}
			if c == nil {
				t.Fatalf("no %s found", tt.kind)
			}
			if got, want := c.BeyondCutoff, tt.beyond; got != want {
				t.Errorf("%s BeyondCutoff = %v, want %v", tt.kind, got, want)
			}
			if got, want := c.AtRisk, tt.atRisk; got != want {
				t.Errorf("%s AtRisk = %v, want %v", tt.kind, got, want)
			}
			if got, want := c.HasFlag(scan.FlagCut), tt.flagCut; got != want {
				t.Errorf("%s cut flag = %v, want %v", tt.kind, got, want)
			}
		})
	}
}
