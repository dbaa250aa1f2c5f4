package robots

import (
	"fmt"
	"strings"
	"testing"
)

// bigRobots builds a robots.txt of exactly size bytes shaped like the large
// files seen in the wild: comments, many named crawler groups blocked
// outright, and a long "*" group of folder, wildcard and query rules.
func bigRobots(size int) []byte {
	var b strings.Builder
	b.WriteString("# robots.txt for a large shop\n# generated\n\n")
	for i := range 200 {
		fmt.Fprintf(&b, "User-agent: Bot%c%c-crawler\nDisallow: /\n\n", 'a'+i%26, 'a'+i/26)
	}
	b.WriteString("User-agent: Googlebot\nDisallow: /checkout/\nAllow: /checkout/help$\nDisallow: /*?sessionid=\n\nUser-agent: *\n")
	for i := 0; b.Len() < size; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "Disallow: /category-%d/filter/\n", i)
		case 1:
			fmt.Fprintf(&b, "Disallow: /*?color=%d&*\n", i)
		case 2:
			fmt.Fprintf(&b, "Allow: /category-%d/filter/public/\n", i-2)
		default:
			fmt.Fprintf(&b, "Disallow: /search/%d/*.json$ # legacy\n", i)
		}
	}
	return []byte(b.String()[:size])
}

// smallRobots is a typical shop robots.txt.
const smallRobots = `User-agent: *
Disallow: /cart/
Disallow: /checkout/
Disallow: /account/
Disallow: /*?sort=
Disallow: /*?filter=
Disallow: /search
Allow: /search/help
Disallow: /*.json$

User-agent: Googlebot
Disallow: /checkout/
Disallow: /*?sessionid=
Allow: /

User-agent: GPTBot
Disallow: /

Sitemap: https://shop.example/sitemap.xml
`

// benchURLs returns n varied URLs.
func benchURLs(n int) []string {
	urls := make([]string, n)
	for i := range urls {
		switch i % 5 {
		case 0:
			urls[i] = fmt.Sprintf("https://shop.example/category-%d/filter/red?page=%d", i%3000, i)
		case 1:
			urls[i] = fmt.Sprintf("https://shop.example/product/%d.html?color=%d&size=m", i, i%50)
		case 2:
			urls[i] = fmt.Sprintf("https://shop.example/search/%d/results.json", i)
		case 3:
			urls[i] = fmt.Sprintf("https://shop.example/checkout/step-%d", i%4)
		default:
			urls[i] = fmt.Sprintf("https://shop.example/blog/%d/", i)
		}
	}
	return urls
}

func BenchmarkParse500KiB(b *testing.B) {
	body := bigRobots(MaxBytes)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body)
	}
}

func BenchmarkLint500KiB(b *testing.B) {
	f := Parse(bigRobots(MaxBytes))
	b.ReportAllocs()
	for b.Loop() {
		f.Lint()
	}
}

func benchmarkCheck(b *testing.B, f *File, tokens []string) {
	urls := benchURLs(10000)
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range urls {
			f.CheckChain(tokens, false, u)
		}
	}
	b.ReportMetric(float64(len(urls))*float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
}

// BenchmarkCheck10000URLs evaluates 10,000 URLs per iteration: against a
// typical file, against the 500 KiB file for Googlebot (its own small
// group) and for any other crawler (the long "*" group).
func BenchmarkCheck10000URLs(b *testing.B) {
	big := Parse(bigRobots(MaxBytes))
	b.Run("typical", func(b *testing.B) {
		benchmarkCheck(b, Parse([]byte(smallRobots)), []string{"googlebot-image", "googlebot"})
	})
	b.Run("500KiB-googlebot", func(b *testing.B) { benchmarkCheck(b, big, []string{"googlebot"}) })
	b.Run("500KiB-star", func(b *testing.B) { benchmarkCheck(b, big, []string{"bingbot"}) })
}
