package whatif_test

import (
	"bytes"
	. "github.com/cutoffapp/cutoff/inspect/whatif"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
	"golang.org/x/net/html"
)

// benchSize is the generated page the benchmarks read: the 15 MB limit of
// Google's other crawlers.
const benchSize = 15_000_000

var benchPage = sync.OnceValue(func() []byte { return bigPage(benchSize, 1) })

// bigPage builds a page of about size bytes: a head of styles with data:
// URIs and inline scripts before the canonical link, then sections of
// indented text, images, style attributes and comments, with the h1 and
// JSON-LD after the first few megabytes.
func bigPage(size int, seed uint64) []byte {
	g := &pageBuilder{r: rand.New(rand.NewPCG(seed, 15))}
	g.b.Grow(size + 1<<20)
	g.b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Big page</title>\n")
	for range 6 {
		g.style(150, 2000)
		g.script(150_000)
	}
	g.b.WriteString("<link rel=\"canonical\" href=\"https://www.example.com/big\">\n</head>\n<body>\n<main>\n")
	for i := 0; g.b.Len() < size-1000; i++ {
		if i == 20 {
			g.b.WriteString("<h1>Big page</h1>\n<script type=\"application/ld+json\">{\"@type\":\"Article\"}</script>\n")
		}
		g.indented(200)
		g.img(5_000)
		g.styled(2_000)
		g.comment(500)
		g.b.WriteString("<a href=\"/next\">next</a>\n")
	}
	g.b.WriteString("</main>\n</body>\n</html>\n")
	return g.b.Bytes()
}

// BenchmarkTokenizer is the floor: one bare x/net/html tokenizer pass.
func BenchmarkTokenizer(b *testing.B) {
	page := benchPage()
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		z := html.NewTokenizer(bytes.NewReader(page))
		for z.Next() != html.ErrorToken {
		}
	}
}

func BenchmarkFind(b *testing.B) {
	page := benchPage()
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		Find(page)
	}
}

func BenchmarkAnalyze(b *testing.B) {
	in := googlebot(benchPage())
	b.SetBytes(int64(len(in.Body)))
	b.ReportAllocs()
	for b.Loop() {
		inspect.Analyze(in)
	}
}

// BenchmarkAdvise is the what-if engine's whole cost on a page already
// analysed: finding the elements, planning, and the simulations; on the
// 15 MB page and on the 2.5 MB page shaped like issue 23's video page.
func BenchmarkAdvise(b *testing.B) {
	for _, page := range []struct {
		name string
		body func() []byte
	}{{"video-2.5MB", videoPage}, {"15MB", benchPage}} {
		b.Run(page.name, func(b *testing.B) {
			in := googlebot(page.body())
			base := inspect.Analyze(in)
			b.SetBytes(int64(len(in.Body)))
			b.ReportAllocs()
			var advice []Advice
			for b.Loop() {
				advice = newPlan(in, base).Advise(AllKinds)
			}
			b.ReportMetric(float64(len(advice)), "advice")
		})
	}
}
