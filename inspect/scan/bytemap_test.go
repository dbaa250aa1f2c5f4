package scan

import (
	"fmt"
	"strings"
	"testing"
)

// renderSpans shows a byte map as `kind "bytes"` items, so that a test
// states both the kinds and where they start and end.
func renderSpans(body []byte, m *ByteMap) string {
	var parts []string
	for i := 0; i < m.Len(); i++ {
		s := m.At(i)
		parts = append(parts, fmt.Sprintf("%s %q", s.Kind, body[s.Offset:s.End]))
	}
	return strings.Join(parts, " | ")
}

var byteMapTests = []struct {
	name string
	html string
	want string
}{
	{
		name: "text and whitespace",
		html: "<p>Hi</p>\n  <p> </p>",
		want: `markup "<p>" | text "Hi" | markup "</p>" | whitespace "\n  " | markup "<p>" | whitespace " " | markup "</p>"`,
	},
	{
		name: "comment and doctype",
		html: "<!DOCTYPE html><!-- c --><?php x ?>",
		want: `markup "<!DOCTYPE html>" | comment "<!-- c --><?php x ?>"`,
	},
	{
		name: "inline script and JSON-LD",
		html: `<script>a<b</script><SCRIPT TYPE="Application/LD+JSON; charset=utf-8">{}</SCRIPT>`,
		want: `markup "<script>" | inline-script "a<b" | markup "</script><SCRIPT TYPE=\"Application/LD+JSON; charset=utf-8\">" | json-ld "{}" | markup "</SCRIPT>"`,
	},
	{
		name: "style element with a data URI",
		html: `<style>a{b:url( "data:image/png;base64,AAA" )}</style>`,
		want: `markup "<style>" | inline-style "a{b:url( \"" | data-uri "data:image/png;base64,AAA" | inline-style "\" )}" | markup "</style>"`,
	},
	{
		name: "style attribute with an entity-quoted data URI",
		html: `<div style="x:url(&quot;data:a&quot;);y:1"></div>`,
		want: `markup "<div style=\"" | inline-style "x:url(&quot;" | data-uri "data:a" | inline-style "&quot;);y:1" | markup "\"></div>"`,
	},
	{
		name: "data URIs quoted, unquoted and as a character reference",
		html: `<img src="data:image/gif;base64,R0l" alt=x><img src=DATA:x><img src=' data&colon;y'>`,
		want: `markup "<img src=\"" | data-uri "data:image/gif;base64,R0l" | markup "\" alt=x><img src=" | data-uri "DATA:x" | markup "><img src=' " | data-uri "data&colon;y" | markup "'>"`,
	},
	{
		name: "data in text is not a data URI",
		html: `<p title="metadata: x">data:x</p>`,
		want: `markup "<p title=\"metadata: x\">" | text "data:x" | markup "</p>"`,
	},
	{
		name: "inline SVG, nested, with an image as a data URI",
		html: `<svg><svg/><image href="data:x"/><title>t</title></svg><p>after</p>`,
		want: `inline-svg "<svg><svg/><image href=\"" | data-uri "data:x" | inline-svg "\"/><title>t</title></svg>" | markup "<p>" | text "after" | markup "</p>"`,
	},
	{
		name: "self-closing svg",
		html: `<svg/><b>x</b>`,
		want: `inline-svg "<svg/>" | markup "<b>" | text "x" | markup "</b>"`,
	},
	{
		name: "SVG ended by a break-out tag",
		html: `<svg><g><div>x</div>`,
		want: `inline-svg "<svg><g>" | markup "<div>" | text "x" | markup "</div>"`,
	},
	{
		name: "SVG style holds markup, not raw text",
		html: `<svg><style>a</style><desc><style>b</style></desc></svg>`,
		want: `inline-svg "<svg><style>a</style><desc><style>b</style></desc></svg>"`,
	},
	{
		name: "noscript, textarea and title",
		html: `<noscript><img src=x></noscript><textarea><b></textarea><title>T</title>`,
		want: `markup "<noscript><img src=x></noscript><textarea>" | text "<b>" | markup "</textarea><title>" | text "T" | markup "</title>"`,
	},
	{
		name: "tag cut by the end of the body",
		html: `<p>x</p><a href="/y`,
		want: `markup "<p>" | text "x" | markup "</p><a href=\"/y"`,
	},
	{
		name: "comment cut by the end of the body",
		html: `<p>x<!-- never closed`,
		want: `markup "<p>" | text "x" | comment "<!-- never closed"`,
	},
	{
		name: "byte order mark",
		html: "\xef\xbb\xbf<p>x</p>",
		want: `whitespace "\ufeff" | markup "<p>" | text "x" | markup "</p>"`,
	},
	{
		name: "empty",
		html: "",
		want: "",
	},
}

func TestByteMap(t *testing.T) {
	for _, tt := range byteMapTests {
		t.Run(tt.name, func(t *testing.T) {
			body := []byte(tt.html)
			a := runDefault(Input{Body: body})
			if got := renderSpans(body, &a.ByteMap); got != tt.want {
				t.Errorf("byte map of %q\n got: %s\nwant: %s", tt.html, got, tt.want)
			}
			if err := CheckSpans(a.ByteMap.Spans(), int64(len(body))); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestByteMapFind(t *testing.T) {
	body := []byte(`<p>Hi</p>`)
	m := &runDefault(Input{Body: body}).ByteMap
	tests := []struct {
		off  int64
		want string // kind, or "" when outside
	}{
		{-1, ""}, {0, "markup"}, {2, "markup"}, {3, "text"}, {4, "text"}, {5, "markup"}, {8, "markup"}, {9, ""},
	}
	for _, tt := range tests {
		got := ""
		if i, ok := m.Find(tt.off); ok {
			got = m.At(i).Kind.String()
		}
		if got != tt.want {
			t.Errorf("Find(%d) = %q, want %q", tt.off, got, tt.want)
		}
	}
}

func TestCoarsen(t *testing.T) {
	var m ByteMap
	m.add(SpanMarkup, 0, 10)
	m.add(SpanText, 10, 11)
	m.add(SpanInlineScript, 11, 90)
	m.add(SpanText, 90, 100)
	var wide ByteMap
	for i := int64(0); i < 100; i++ {
		wide.add(SpanKind(i%2), i*10, i*10+10) // alternating markup and text
	}
	wide.add(SpanComment, 1000, 2000)
	if got, want := len(wide.Coarsen(4)), 2; got != want {
		t.Errorf("Coarsen(4) of 101 spans gave %d segments, want %d", got, want)
	}
	tests := []struct {
		n    int
		want string
	}{
		{0, ""},
		{4, "markup 0-10 | text 10-11 | inline-script 11-90 | text 90-100"},
		{2, "inline-script 0-100"},
		{3, "inline-script 0-100"},
		{10, "markup 0-10 | text 10-11 | inline-script 11-90 | text 90-100"}, // fewer spans than n: unchanged
	}
	for _, tt := range tests {
		var parts []string
		for _, s := range m.Coarsen(tt.n) {
			parts = append(parts, fmt.Sprintf("%s %d-%d", s.Kind, s.Offset, s.End))
		}
		if got := strings.Join(parts, " | "); got != tt.want {
			t.Errorf("Coarsen(%d) = %s, want %s", tt.n, got, tt.want)
		}
	}
}

func TestSpanKindText(t *testing.T) {
	for _, k := range SpanKinds {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back SpanKind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("round trip of %s gave %s, %v", k, back, err)
		}
	}
	if _, err := SpanKind(200).MarshalText(); err == nil {
		t.Error("MarshalText of an unknown kind succeeded")
	}
}

// TestByteMapBlocks fills a map over several blocks and reads every span
// back through At and Find.
func TestByteMapBlocks(t *testing.T) {
	var m ByteMap
	const n = 3*spanBlock + 17
	for i := range n {
		m.add(SpanKind(i%2), int64(3*i), int64(3*i+3))
		m.add(SpanKind(i%2), int64(3*i+3), int64(3*i+3)) // empty: dropped
	}
	if m.Len() != n || m.Size() != 3*n {
		t.Fatalf("Len, Size = %d, %d; want %d, %d", m.Len(), m.Size(), n, 3*n)
	}
	for _, i := range []int{0, 1, spanBlock - 1, spanBlock, 2*spanBlock + 5, n - 1} {
		want := Span{Kind: SpanKind(i % 2), Offset: int64(3 * i), End: int64(3*i + 3)}
		if got := m.At(i); got != want {
			t.Errorf("At(%d) = %+v, want %+v", i, got, want)
		}
		if got, ok := m.Find(int64(3*i + 1)); !ok || got != i {
			t.Errorf("Find(%d) = %d, %v; want %d", 3*i+1, got, ok, i)
		}
	}
	m.add(SpanKind((n-1)%2), int64(3*n), int64(3*n+5)) // merged into the last span
	if m.Len() != n || m.At(n-1).End != int64(3*n+5) {
		t.Fatalf("after a merge: Len %d, last span %+v", m.Len(), m.At(n-1))
	}
	if err := CheckSpans(m.Coarsen(1000), m.Size()); err != nil {
		t.Fatal(err)
	}
}
