package render

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// comparePage names its h1 text in the title first, and its JSON-LD type
// in the block's text, so that the first place a text appears is not the
// element that produced it.
const comparePage = `<!doctype html><html><head><title>Spring catalogue 2026 | Shop</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Shop"}</script>
</head><body><p>Spring catalogue 2026 and Autumn picks</p>
<h1 class="top">Spring catalogue 2026</h1>
<p>Autumn picks</p><h1>Autumn picks</h1>
<script>document.title = 'Only script names Winter sale';</script>
</body></html>`

// TestCompareOffsetsAreTheElements checks that lost items the analysis
// knows take its offset, and that other heading text is placed at its
// <h1> tag or not at all.
func TestCompareOffsetsAreTheElements(t *testing.T) {
	srv := site(t, map[string]string{"/": comparePage})
	p, _ := fetch.Lookup("googlebot-smartphone")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := inspect.Page(ctx, &fetch.Fetcher{}, srv.URL+"/", p, inspect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	crit := map[string]int64{}
	for _, c := range rep.Critical {
		crit[c.Kind] = c.Offset
	}
	g := &inspect.RenderedPage{}
	f := &inspect.RenderedPage{H1: []string{"Spring catalogue 2026", "Autumn picks", "Winter sale"},
		JSONLD: []inspect.JSONLD{{Type: "Organization", Valid: true}}}
	lost := compare(rep, scanSource(rep.Fetch.Body, srv.URL+"/"), g, f)
	second := int64(strings.Index(comparePage, "<h1>Autumn"))
	want := map[string]*int64{
		"Spring catalogue 2026": ptr(crit[scan.ElementH1]),
		"Autumn picks":          &second,
		"Winter sale":           nil,
		"Organization":          ptr(crit[scan.ElementJSONLD]),
	}
	if len(lost) != len(want) {
		t.Fatalf("lost = %+v, want %d items", lost, len(want))
	}
	for _, l := range lost {
		w, ok := want[l.Value]
		switch {
		case !ok:
			t.Errorf("unexpected lost item %+v", l)
		case (w == nil) != (l.Offset == nil) || w != nil && *w != *l.Offset:
			t.Errorf("%s %q at %s, want %s", l.Kind, l.Value, offStr(l.Offset), offStr(w))
		}
	}
}

func offStr(p *int64) string {
	if p == nil {
		return "no offset"
	}
	return inspect.Bytes(*p)
}

// noindexPage says "noindex" in a comment and in its text before its
// robots meta tag, which a script removes.
const noindexPage = `<!doctype html><html><head><title>t</title><!-- do not noindex this by accident -->
<meta name="robots" content="NOINDEX,  follow"></head><body><p>Why noindex matters</p></body></html>`

// TestLostNoindexIsTheElement places a noindex one render lacks at the
// robots meta tag the analysis found, not at the first "noindex" in the
// source.
func TestLostNoindexIsTheElement(t *testing.T) {
	srv := site(t, map[string]string{"/": noindexPage})
	p, _ := fetch.Lookup("googlebot-smartphone")
	rep, err := inspect.Page(context.Background(), &fetch.Fetcher{}, srv.URL+"/", p, inspect.Options{NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	g := &inspect.RenderedPage{}
	f := &inspect.RenderedPage{MetaRobots: "NOINDEX,  follow"} // as the DOM gives the attribute
	lost := compare(rep, scanSource(rep.Fetch.Body, srv.URL+"/"), g, f)
	want := int64(strings.Index(noindexPage, "<meta"))
	if len(lost) != 1 || lost[0].Kind != inspect.LostNoindex || lost[0].Offset == nil || *lost[0].Offset != want {
		t.Fatalf("lost = %+v, want the noindex at byte %d", lost, want)
	}
}

// TestUncrawlableLinksAreNotLost renders a page whose links past the
// cutoff are javascript:, mailto:, tel: and data: hrefs and one http
// link: only that one is a lost link, and the counts hold crawlable links
// only.
func TestUncrawlableLinksAreNotLost(t *testing.T) {
	needBrowser(t)
	page := `<!doctype html><html><head><title>Links</title></head><body><p>` + strings.Repeat("Words. ", 200) + `</p>` +
		`<a href="javascript:void(0)">menu</a><a href="JavaScript:void(0)">menu</a><a href="java&#115;cript:void(0)">x</a>` +
		`<a href="mailto:shop@example.com">mail</a><a href="tel:+81300000000">call</a><a href="data:text/html,hi">data</a>` +
		`<a href="/next">next</a></body></html>`
	srv := site(t, map[string]string{"/": page})
	_, rd := inspectAndRender(t, srv.URL+"/", 1000, Options{})
	var lost []string
	for _, l := range rd.Lost {
		if l.Kind == inspect.LostLink {
			lost = append(lost, l.Value)
		}
	}
	if len(lost) != 1 || lost[0] != srv.URL+"/next" {
		t.Errorf("lost links %q, want only %s/next", lost, srv.URL)
	}
	if rd.Full == nil || rd.Full.Links != 1 {
		t.Errorf("full render counts %+v links, want 1", rd.Full)
	}
}
