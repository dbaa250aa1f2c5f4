package render

import (
	"strings"
	"testing"
)

// liarPage redefines the DOM APIs a reader in the page's own JavaScript
// world would call, so that such a reader sees a different page.
const liarPage = `<!doctype html><html><head><title>True title</title>
<meta name="robots" content="NOYDIR"><meta name="robots" content="NOODP">
<link rel="canonical" href="/true"></head>
<body><h1>True heading</h1><p>Some true text.</p><a href="/a">a</a><a href="javascript:void(0)">js</a>
<script>
Object.defineProperty(Document.prototype, 'title', {get() { return 'Fake title'; }});
Document.prototype.querySelectorAll = function () { return []; };
Element.prototype.querySelectorAll = function () { return []; };
Array.from = function () { return []; };
Element.prototype.getAttribute = function () { return 'fake'; };
Object.defineProperty(HTMLElement.prototype, 'innerText', {get() { return 'fake'; }});
Object.defineProperty(HTMLAnchorElement.prototype, 'href', {get() { return 'https://evil.example/'; }});
TextEncoder.prototype.encode = function () { return new Uint8Array(0); };
JSON.stringify = function () { return '{}'; };
</script></body></html>`

// TestPageCannotLieToTheExtractor renders a page that monkeypatches the
// DOM: the report still has its true title, both robots metas, its
// canonical, heading, links (not the javascript: one) and visible text.
func TestPageCannotLieToTheExtractor(t *testing.T) {
	needBrowser(t)
	srv := site(t, map[string]string{"/": liarPage})
	_, r := inspectAndRender(t, srv.URL+"/", 0, Options{NoScreenshots: true})
	g := r.Google
	if g.Error != "" {
		t.Fatal(g.Error)
	}
	if g.Title != "True title" {
		t.Errorf("title %q", g.Title)
	}
	if !strings.Contains(g.MetaRobots, "NOYDIR") || !strings.Contains(g.MetaRobots, "NOODP") {
		t.Errorf("meta robots %q, want both tags", g.MetaRobots)
	}
	if g.Canonical != srv.URL+"/true" {
		t.Errorf("canonical %q", g.Canonical)
	}
	if len(g.H1) != 1 || g.H1[0] != "True heading" {
		t.Errorf("h1 %q", g.H1)
	}
	if g.Links != 1 || len(g.LinkList) != 1 || g.LinkList[0] != srv.URL+"/a" {
		t.Errorf("links %d %q, want the one http link", g.Links, g.LinkList)
	}
	if want := int64(len("True heading\nSome true text.\na js")); g.TextBytes < want-4 || g.TextBytes > want+4 {
		t.Errorf("visible text %d bytes, want about %d", g.TextBytes, want)
	}
}
