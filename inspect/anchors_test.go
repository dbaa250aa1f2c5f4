package inspect

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// TestAnchors checks that the pass locates every <a href> and the first
// <base href>, with the bounds of their values and tags, whether it reads
// the whole body or the body as it arrives, and only when asked.
func TestAnchors(t *testing.T) {
	body := `<html><head><base href="/one/"><base href="/two/"></head><body>` +
		`<a href="/a">a</a><A HREF='b&amp;c' id=x>b</A><a name=n>no href</a><template><a href="/t">t</a></template>` +
		`<script>"<a href='/in-script'>"</script>` + strings.Repeat("<p>filler</p>", 200) +
		`<a class=c href=/late>late</a></body></html>`
	in := Input{Body: []byte(body), Links: true}
	got := Analyze(in).Links
	value := func(a scan.Anchor) string { return body[a.HrefStart:a.HrefEnd] }
	tag := func(a scan.Anchor) string { return body[a.TagStart:a.TagEnd] }
	if value(got.Base) != "/one/" {
		t.Errorf("base %q, want the first, /one/", value(got.Base))
	}
	var values, tags []string
	for _, a := range got.Links {
		values, tags = append(values, value(a)), append(tags, tag(a))
	}
	if want := []string{"/a", "b&amp;c", "/late"}; !reflect.DeepEqual(values, want) {
		t.Errorf("hrefs %q, want %q", values, want)
	}
	if want := []string{`<a href="/a">`, `<A HREF='b&amp;c' id=x>`, `<a class=c href=/late>`}; !reflect.DeepEqual(tags, want) {
		t.Errorf("tags %q, want %q", tags, want)
	}
	if a := Analyze(Input{Body: []byte(body)}); a.Links.Links != nil {
		t.Errorf("anchors kept unasked: %v", a.Links)
	}
	for _, chunk := range []int{1, 7, 64} {
		at := int64(len(body) - 40)
		s := scan.NewStream(streamProfile, true)
		deliver(s, fetch.BodyHead{FinalURL: "https://example.com/", CutoffAt: at}, []byte(body), func() int { return chunk }, false)
		in := fetchedInput([]byte(body), at, "https://example.com/")
		in.Links = true
		prepared := prepare(in)
		if s.ResultFor(prepared.Body, prepared.cut(), true) == nil {
			t.Fatalf("chunks of %d: the streamed pass was not used", chunk)
		}
		if streamed := analyze(in, scan.DefaultSteps, s).Links; streamed.Base != got.Base || !reflect.DeepEqual(streamed.Links, got.Links) {
			t.Errorf("chunks of %d: streamed anchors %v, want %v", chunk, streamed, got)
		}
	}
}

// TestAnchorsBounded records at most scan.MaxAnchors links on each side of the
// cutoff of a page of tiny links.
func TestAnchorsBounded(t *testing.T) {
	link := `<a href=/x>`
	half := strings.Repeat(link, scan.MaxAnchors+10)
	body := half + half
	cut := int64(len(half))
	links := Analyze(Input{Body: []byte(body), Cutoff: &cut, Links: true}).Links.Links
	if len(links) != 2*scan.MaxAnchors {
		t.Fatalf("%d anchors, want %d", len(links), 2*scan.MaxAnchors)
	}
	if first, last := links[scan.MaxAnchors-1], links[scan.MaxAnchors]; first.TagEnd > cut || last.TagStart < cut {
		t.Errorf("anchors %d and %d at %d and %d; want the first %d before the cutoff at %d, the rest past it",
			scan.MaxAnchors-1, scan.MaxAnchors, first.TagEnd, last.TagStart, scan.MaxAnchors, cut)
	}
}
