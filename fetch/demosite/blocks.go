package demosite

import (
	"bytes"
	"fmt"
	"strings"
)

// bloatBlock appends an inline data: image in a style element or a chunk
// of inlined app state in a script element: what bloats real heads.
func (g *gen) bloatBlock(b *bytes.Buffer, size int) {
	if g.next()%2 == 0 {
		g.styleImage(b, size)
	} else {
		g.stateScript(b, size)
	}
}

// styleImage appends <style> with a background image inlined as base64.
func (g *gen) styleImage(b *bytes.Buffer, size int) {
	head := fmt.Sprintf(`<style>.photo-%06d{background-image:url("data:image/png;base64,`, g.serial())
	const tail = "</style>\n"
	room := size - len(head) - len(`")}`) - len(tail)
	b.WriteString(head)
	g.base64PNG(b, room/4*4)
	b.WriteString(`")}`)
	b.WriteString(strings.Repeat(" ", room%4))
	b.WriteString(tail)
}

// stateScript appends a <script> that pushes product records into the
// page's inlined state, the way client-side apps hydrate.
func (g *gen) stateScript(b *bytes.Buffer, size int) {
	const head, tail = "<script>window.__STATE__.push([", "]);</script>\n"
	end := b.Len() + size - len(tail)
	b.WriteString(head)
	var item []byte
	for {
		item = g.product(item[:0])
		if b.Len()+len(item) > end {
			break
		}
		b.Write(item)
	}
	b.WriteString(strings.Repeat(" ", end-b.Len()))
	b.WriteString(tail)
}

// product appends one product record as JSON, with a trailing comma.
func (g *gen) product(dst []byte) []byte {
	id := g.serial()
	name := wordList[g.next()%uint64(len(wordList))] + " " + wordList[g.next()%uint64(len(wordList))]
	return fmt.Appendf(dst, `{"id":%d,"sku":"SKU-%06d","name":%q,"price":%d.%02d,"stock":%d},`,
		id, g.between(0, 999_999), name, g.between(5, 499), g.between(0, 99), g.between(0, 250))
}

// imageBlock appends an <img> whose source is inlined as a data: URI.
func (g *gen) imageBlock(b *bytes.Buffer, size int) {
	head := fmt.Sprintf(`<img alt="Product photo %06d" width="640" height="480" src="data:image/png;base64,`, g.serial())
	const tail = ">\n"
	room := size - len(head) - len(`"`) - len(tail)
	b.WriteString(head)
	g.base64PNG(b, room/4*4)
	b.WriteString(`"`)
	b.WriteString(strings.Repeat(" ", room%4))
	b.WriteString(tail)
}

// linkTargets are the demo pages generated text links to.
var linkTargets = []string{"/", "/clean", "/resources", "/noindex", "/big"}

// section appends a <section> with a heading and a paragraph of text
// sprinkled with internal links.
func (g *gen) section(b *bytes.Buffer, size int) {
	const tail = "</p>\n</section>\n"
	end := b.Len() + size - len(tail)
	id := g.serial()
	fmt.Fprintf(b, "<section id=\"part-%06d\">\n<h2>", id)
	g.words(b, g.between(12, 40))
	b.WriteString("</h2>\n<p>")
	for end-b.Len() > 400 {
		g.words(b, g.between(100, 250))
		target := linkTargets[g.next()%uint64(len(linkTargets))]
		fmt.Fprintf(b, ` <a href="%s?from=%d">`, target, id)
		g.words(b, g.between(8, 30))
		b.WriteString("</a> ")
	}
	g.words(b, end-b.Len())
	b.WriteString(tail)
}

// jsModule appends one generated module of the demo bundle.
func (g *gen) jsModule(b *bytes.Buffer, size int) {
	head := fmt.Sprintf("registry.push(function m%06d(s) { var k = s.items || []; "+
		"return k.filter(function (x) { return x.w > %03d; }).map(function (x) { return { id: x.id, t: \"",
		g.serial(), g.between(100, 999)) // three digits, no leading zero: "use strict" forbids octal literals
	const tail = "\" }; }); });\n"
	b.WriteString(head)
	g.words(b, size-len(head)-len(tail))
	b.WriteString(tail)
}
