package whatif_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
)

// pageBuilder writes generated pages out of the pieces the advice moves.
type pageBuilder struct {
	b bytes.Buffer
	r *rand.Rand
	// scale sizes each kind of filler for one page, so that pages differ
	// in what weighs most (and some need several kinds moved).
	scale [7]float64
}

// sized is n scaled for filler kind k.
func (g *pageBuilder) sized(k, n int) int { return int(float64(n) * g.scale[k]) }

// blob is n bytes of base64-looking text.
func (g *pageBuilder) blob(n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

// style writes a <style> element holding uris CSS data: URIs of about size
// bytes each.
func (g *pageBuilder) style(uris, size int) {
	g.b.WriteString("<style>\n")
	for i := range uris {
		fmt.Fprintf(&g.b, "  .i%d{background:url(\"data:image/png;base64,%s\") no-repeat}\n", i, g.blob(size))
	}
	g.b.WriteString(".x{color:red}</style>\n")
}

// script writes an inline script of about size bytes.
func (g *pageBuilder) script(size int) {
	fmt.Fprintf(&g.b, "<script>var d=%q;</script>\n", g.blob(size))
}

func (g *pageBuilder) comment(size int) { fmt.Fprintf(&g.b, "<!-- %s -->\n", g.blob(size)) }

// indented writes paragraphs of words indented by runs of white space.
func (g *pageBuilder) indented(paragraphs int) {
	for range paragraphs {
		g.b.WriteString("\n" + strings.Repeat(" ", 4+g.r.IntN(12)) + "<p>")
		for range 5 + g.r.IntN(20) {
			g.b.WriteString(words[g.r.IntN(len(words))] + " ")
		}
		g.b.WriteString("</p>")
	}
	g.b.WriteString("\n")
}

func (g *pageBuilder) img(size int) {
	fmt.Fprintf(&g.b, "<img alt=\"\" src=\"data:image/jpeg;base64,%s\">\n", g.blob(size))
}

func (g *pageBuilder) styled(size int) {
	fmt.Fprintf(&g.b, "<div class=\"c\" style=\"background:url(&quot;data:image/gif;base64,%s&quot;);margin:0 auto\">x</div>\n", g.blob(size))
}

var words = strings.Fields("the quick brown fox jumps over lazy dogs while crawlers read bytes and pages grow big")

// randomPage builds a page of about 1.5 to 4 MB from seed: a head and a
// body each mixing big styles with data: URIs, inline scripts, comments,
// images and style attributes with data: URIs, and indented text, with
// the critical elements placed among them at random.
func randomPage(seed uint64) []byte {
	g := &pageBuilder{r: rand.New(rand.NewPCG(seed, 7))}
	for k := range g.scale {
		g.scale[k] = []float64{0.1, 0.5, 1, 2}[g.r.IntN(4)]
	}
	g.b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	head := []string{
		"<title>Generated page</title>\n",
		"<meta name=\"description\" content=\"A generated page.\">\n",
		"<link rel=\"canonical\" href=\"https://www.example.com/page\">\n",
		"<link rel=\"alternate\" hreflang=\"fr\" href=\"https://www.example.com/fr/page\">\n",
		"<meta name=\"robots\" content=\"max-image-preview:large\">\n",
	}
	body := []string{
		"<h1>Generated</h1>\n",
		"<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"Article\"}</script>\n",
		"<a href=\"/next\">next</a>\n",
	}
	g.r.Shuffle(len(head), func(i, j int) { head[i], head[j] = head[j], head[i] })
	g.r.Shuffle(len(body), func(i, j int) { body[i], body[j] = body[j], body[i] })
	for _, c := range head {
		g.filler(true)
		g.b.WriteString(c)
	}
	g.b.WriteString("</head>\n<body>\n<main>\n")
	for _, c := range body {
		g.filler(false)
		g.b.WriteString(c)
	}
	g.filler(false)
	g.b.WriteString("</main>\n</body>\n</html>\n")
	return g.b.Bytes()
}

// filler writes between zero and a few hundred KB of movable content;
// inHead keeps to what the head holds.
func (g *pageBuilder) filler(inHead bool) {
	for range 1 + g.r.IntN(6) {
		switch n := g.r.IntN(7); {
		case n == 0:
			g.style(g.sized(0, g.r.IntN(300)), 200+g.r.IntN(4000))
		case n == 1:
			g.script(g.sized(1, g.r.IntN(500_000)))
		case n == 2:
			g.comment(g.sized(2, g.r.IntN(60_000)))
		case inHead:
			g.style(g.r.IntN(5), 100)
		case n == 3:
			g.indented(g.sized(3, g.r.IntN(4000)))
		case n == 4:
			g.img(g.sized(4, g.r.IntN(40_000)))
		case n == 5:
			g.styled(g.sized(5, g.r.IntN(30_000)))
		default:
			g.indented(10)
		}
	}
}
