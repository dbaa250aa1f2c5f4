package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/golden"
)

// analyzeTests are whole pages with golden analyses in
// testdata/analysis/<name>.json. A page comes from testdata/pages/<file>
// or from gen; limits are in bytes and the cutoffs follow from them the way
// the fetcher computes them.
var analyzeTests = []struct {
	name        string
	file        string        // page in testdata/pages, or ""
	gen         func() []byte // builds the page when file is ""
	header      http.Header
	headerBytes int64 // counted toward the limit
	limit       int64
	binaryLimit int64 // 0: the limit has no binary reading
	tokens      []string
	crawler     string // "" for Googlebot Smartphone
}{
	{name: "minimal", file: "minimal.html", headerBytes: 250, limit: 2_000_000, binaryLimit: 2_097_152, tokens: []string{"googlebot"}},
	{name: "over-limit", gen: overLimitPage, headerBytes: 100, limit: 5700, binaryLimit: 5837, tokens: []string{"googlebot"}},
	{name: "json-ld-straddling", gen: jsonLDStraddlePage, headerBytes: 0, limit: 300, tokens: []string{"googlebot"}},
	{name: "svg-title", file: "svg-title.html", limit: 2_000_000, tokens: []string{"googlebot"}},
	{name: "head-broken-by-div", file: "head-broken.html", limit: 2_000_000, tokens: []string{"googlebot"}},
	{
		name: "x-robots-tag-googlebot", file: "robots-agents.html", limit: 2_000_000, tokens: []string{"googlebot"},
		header: robotsHeader(),
	},
	{
		name: "x-robots-tag-bingbot", file: "robots-agents.html", limit: 15_000_000, tokens: []string{"bingbot"},
		header: robotsHeader(), crawler: "Bingbot",
	},
	{name: "invalid-utf8", file: "invalid-utf8.html", limit: 2_000_000, tokens: []string{"googlebot"}},
	{name: "minified-3mb-line", gen: minifiedPage, headerBytes: 212, limit: 2_000_000, binaryLimit: 2_097_152, tokens: []string{"googlebot"}},
	{name: "near-limit", gen: nearLimitPage, headerBytes: 300, limit: 2000, tokens: []string{"googlebot"}},
	{name: "empty-body", gen: func() []byte { return nil }, headerBytes: 180, limit: 2_000_000, tokens: []string{"googlebot"}},
}

func robotsHeader() http.Header {
	h := http.Header{}
	h.Add("X-Robots-Tag", "googlebot: noindex, nofollow")
	h.Add("X-Robots-Tag", "otherbot: noarchive")
	h.Add("X-Robots-Tag", "unavailable_after: Wed, 03 Jul 2030 10:00:00 GMT, max-snippet: 20")
	h["x-robots-tag"] = []string{"BINGBOT: none"} // a key the client did not canonicalise
	return h
}

// cutoffFor computes the cutoff offset for a body of n bytes, as the
// fetcher does: limit minus header bytes when the total is over the limit.
func cutoffFor(limit, headerBytes int64, n int) *int64 {
	if limit <= 0 || headerBytes+int64(n) <= limit {
		return nil
	}
	c := max(limit-headerBytes, 0)
	return &c
}

func testInput(body []byte, header http.Header, headerBytes, limit, binaryLimit int64, tokens []string, crawler string) Input {
	u, _ := url.Parse("https://www.example.com/page")
	if crawler == "" {
		crawler = "Googlebot Smartphone"
	}
	in := Input{
		Body: body, Header: header, URL: u, Tokens: tokens, Limit: limit, BinaryLimit: binaryLimit,
		HeaderBytes: headerBytes, Crawler: crawler, Operator: "Google",
		Cutoff: cutoffFor(limit, headerBytes, len(body)),
	}
	if binaryLimit > 0 {
		in.BinaryCutoff = cutoffFor(binaryLimit, headerBytes, len(body))
	}
	return in
}

func TestAnalyzeGolden(t *testing.T) {
	for _, tt := range analyzeTests {
		t.Run(tt.name, func(t *testing.T) {
			body := tt.gen
			var page []byte
			if tt.file != "" {
				b, err := os.ReadFile(filepath.Join("testdata", "pages", tt.file))
				if err != nil {
					t.Fatal(err)
				}
				page = b
			} else {
				page = body()
			}
			in := testInput(page, tt.header, tt.headerBytes, tt.limit, tt.binaryLimit, tt.tokens, tt.crawler)
			a := Analyze(in)
			checkAnalysis(t, page, a)
			golden.Check(t, "analysis/"+tt.name+".json", goldenJSON(t, page, a))
		})
	}
}

// goldenJSON renders an analysis for review; small pages include their
// byte map, so that a change in any span shows in the diff.
func goldenJSON(t *testing.T, page []byte, a *Analysis) []byte {
	t.Helper()
	out := struct {
		*Analysis
		Spans []scan.Span `json:"spans,omitempty"`
	}{Analysis: a}
	if len(page) <= 16<<10 {
		out.Spans = a.ByteMap.Spans()
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// checkAnalysis asserts what must hold for every page: the byte map covers
// the body exactly, the composition adds up, every offset is in bounds.
func checkAnalysis(t *testing.T, body []byte, a *Analysis) {
	t.Helper()
	if err := scan.CheckSpans(a.ByteMap.Spans(), int64(len(body))); err != nil {
		t.Error(err)
	}
	var sum int64
	for _, n := range a.Composition {
		sum += n
	}
	if got, want := sum, int64(len(body)); got != want {
		t.Errorf("composition sums to %d, want %d", got, want)
	}
	for _, c := range a.Critical {
		if c.Offset < 0 || c.Offset > c.End || c.End > int64(len(body)) {
			t.Errorf("critical %s at %d-%d out of bounds (body %d)", c.Kind, c.Offset, c.End, len(body))
		}
	}
	for _, f := range a.Findings {
		if finding.Rank(f.Severity) == 0 || f.Code == "" || f.Message == "" {
			t.Errorf("bad finding %+v", f)
		}
	}
}

// overLimitPage is a 6 KB page whose head carries a big inline script and
// style and whose canonical and robots meta tag are pushed past a 6,000
// byte limit by inline images.
func overLimitPage() []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head>\n<title>Over the limit</title>\n")
	b.WriteString(`<meta name="description" content="A page that is too big.">` + "\n")
	b.WriteString("<script>var config = {" + strings.Repeat(`"k":"value",`, 300) + "};</script>\n")
	b.WriteString("<style>.hero{background:url(data:image/png;base64," + strings.Repeat("QUJD", 100) + ")}</style>\n")
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&b, `<link rel="preload" as="image" href="data:image/svg+xml;base64,%s">`+"\n", strings.Repeat("PHN2", 100))
	}
	b.WriteString(`<link rel="canonical" href="https://www.example.com/page">` + "\n")
	b.WriteString(`<link rel="alternate" hreflang="en" href="https://www.example.com/page">` + "\n")
	b.WriteString("</head><body>\n<h1>Big page</h1>\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "<p>Paragraph %d with <a href=\"/p/%d\">an internal link</a>.</p>\n", i, i)
	}
	b.WriteString("<!-- tracking -->\n<script>" + strings.Repeat("track();", 60) + "</script>\n")
	b.WriteString(`<meta name="robots" content="noindex">` + "\n")
	b.WriteString(`<h2>Reviews</h2><p><a href="https://partner.example.org/">Partner</a></p>` + "\n</body></html>\n")
	return []byte(b.String())
}

// jsonLDStraddlePage has a JSON-LD block that a 700-byte limit cuts.
func jsonLDStraddlePage() []byte {
	return []byte(`<!DOCTYPE html><html><head><title>Recipe</title>
<script type="application/ld+json">
{"@context":"https://schema.org","@type":"Recipe","name":"Pancakes",
 "recipeIngredient":["flour","milk","eggs","sugar","salt","butter","baking powder"],
 "recipeInstructions":[{"@type":"HowToStep","text":"Mix the dry ingredients in a large bowl."},
  {"@type":"HowToStep","text":"Whisk the milk and eggs, then fold them into the flour."},
  {"@type":"HowToStep","text":"Cook on a hot buttered pan until golden on both sides."}]}
</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[]}</script>
</head><body><h1>Pancakes</h1></body></html>
`)
}

// nearLimitPage is 1,700 bytes: with a 300-byte header it is at 100% of a
// 2,000-byte limit minus one byte.
func nearLimitPage() []byte {
	head := "<!DOCTYPE html><html><head><title>Near</title></head><body><p>"
	tail := "</p></body></html>\n"
	return []byte(head + strings.Repeat("x", 1699-len(head)-len(tail)) + tail)
}

// minifiedPage is one 3 MB line of minified HTML, built deterministically:
// a head, a body of sections with links, scripts and data URIs, and the
// canonical, hreflang and JSON-LD near the end, past Googlebot's 2 MB.
func minifiedPage() []byte {
	var b bytes.Buffer
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>One long line</title>`)
	b.WriteString(`<meta name="description" content="Minified shop page.">`)
	b.WriteString(`<script>window.__STATE__=` + strings.Repeat(`{"id":1234567,"name":"item"},`, 10000) + `0;</script>`)
	b.WriteString(`</head><body><main><h1>Products</h1>`)
	for i := 0; b.Len() < 2_400_000; i++ {
		fmt.Fprintf(&b, `<section class="p"><h2>Product %d</h2><img alt="" src="data:image/png;base64,%s">`, i, strings.Repeat("iVBO", 2000))
		fmt.Fprintf(&b, `<p>Item %d is great.</p><a href="/product/%d">Details</a><a href="https://cdn.example.net/%d">CDN</a></section>`, i, i, i)
	}
	b.WriteString(`</main><link rel="canonical" href="https://www.example.com/page">`)
	b.WriteString(`<link rel="alternate" hreflang="fr" href="https://www.example.com/fr/page">`)
	b.WriteString(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemList","numberOfItems":3}</script>`)
	for b.Len() < 3_000_000 {
		b.WriteString(`<div class="footer-link"><a href="/more">More</a></div>`)
	}
	b.WriteString(`</body></html>`)
	return b.Bytes()
}
