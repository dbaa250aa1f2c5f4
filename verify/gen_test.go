package verify

import (
	"math/rand/v2"
	"strconv"
)

// logGen is an endless, deterministic access log in combined format, mixing
// browsers, genuine and fake crawlers, IPv6 and junk roughly as a busy
// site's log does. It is an io.Reader, so a gigabyte can stream through
// ScanLog without being stored.
type logGen struct {
	rng *rand.Rand
	// distinctFakes is how many addresses fake Googlebot; 0 means 500.
	distinctFakes int
	buf           []byte
	off           int
	lines         int64
}

func newLogGen(seed uint64) *logGen {
	return &logGen{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), buf: make([]byte, 0, 64<<10)}
}

var genAgents = []string{
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
	"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
	"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
}

const (
	genGooglebot = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.7103.59 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	genBingbot   = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/80.0.345.0 Safari/537.36"
)

var genPaths = []string{"/", "/products/widget-3000?ref=home", "/blog/2026/10/how-crawlers-count-bytes", "/static/app.3f9a1c.js", "/img/hero.webp", "/robots.txt", "/sitemap.xml"}

func (g *logGen) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if g.off == len(g.buf) {
			g.refill()
		}
		c := copy(p[n:], g.buf[g.off:])
		g.off += c
		n += c
	}
	return n, nil
}

// refill generates the next batch of about 64 KiB of lines.
func (g *logGen) refill() {
	g.buf, g.off = g.buf[:0], 0
	for len(g.buf) < 60<<10 {
		g.buf = g.line(g.buf)
		g.lines++
	}
}

// line appends one line; the mix is 86% browsers, 6% Googlebot from its
// ranges, 3% fake Googlebot, 2% Bingbot, 1% Googlebot over IPv6,
// 1% Googlebot-Image, 1% junk.
func (g *logGen) line(b []byte) []byte {
	r := g.rng.IntN(100)
	switch {
	case r < 86:
		b = g.v4(b, 198, 51, g.rng.IntN(256), g.rng.IntN(256))
		return g.rest(b, genAgents[g.rng.IntN(len(genAgents))])
	case r < 92:
		b = g.v4(b, 66, 249, 64+g.rng.IntN(8), g.rng.IntN(32))
		return g.rest(b, genGooglebot)
	case r < 95:
		fakes := g.distinctFakes
		if fakes == 0 {
			fakes = 500
		}
		i := g.rng.IntN(fakes)
		b = g.v4(b, 203, 0, i/256, i%256)
		return g.rest(b, genGooglebot)
	case r < 97:
		b = g.v4(b, 157, 55, 39, g.rng.IntN(256))
		return g.rest(b, genBingbot)
	case r < 98:
		b = append(b, "2001:4860:4801:1"...)
		b = strconv.AppendInt(b, int64(g.rng.IntN(3)), 16)
		b = append(b, "::"...)
		b = strconv.AppendInt(b, int64(g.rng.IntN(4096)), 16)
		return g.rest(b, genGooglebot)
	case r < 99:
		b = g.v4(b, 66, 249, 66, g.rng.IntN(32))
		return g.rest(b, "Googlebot-Image/1.0")
	}
	return append(b, "\x00\x17 upstream timed out (110: Connection timed out) while reading response header\n"...)
}

func (g *logGen) v4(b []byte, a, c, d, e int) []byte {
	for i, o := range [4]int{a, c, d, e} {
		if i > 0 {
			b = append(b, '.')
		}
		b = strconv.AppendInt(b, int64(o), 10)
	}
	return b
}

func (g *logGen) rest(b []byte, ua string) []byte {
	b = append(b, " - - [12/Oct/2026:06:25:"...)
	b = strconv.AppendInt(b, int64(10+g.rng.IntN(50)), 10)
	b = append(b, ` +0000] "GET `...)
	b = append(b, genPaths[g.rng.IntN(len(genPaths))]...)
	b = append(b, ` HTTP/1.1" 200 `...)
	b = strconv.AppendInt(b, int64(g.rng.IntN(200000)), 10)
	b = append(b, ` "-" "`...)
	b = append(b, ua...)
	return append(b, "\"\n"...)
}
