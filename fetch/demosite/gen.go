package demosite

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"strings"
)

// gen makes the bulky, meaningless parts of the demo pages. It draws from a
// splitmix64 sequence written here rather than math/rand, so the bytes can
// never change with the Go version.
type gen struct {
	state uint64
	n     int // serial number for ids, so generated names never repeat
}

// newGen returns a generator seeded from name.
func newGen(name string) *gen {
	h := fnv.New64a()
	h.Write([]byte(name))
	return &gen{state: h.Sum64()}
}

// next returns the next value of the splitmix64 sequence.
func (g *gen) next() uint64 {
	g.state += 0x9e3779b97f4a7c15
	z := g.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// between returns a number in [lo, hi].
func (g *gen) between(lo, hi int) int {
	return lo + int(g.next()%uint64(hi-lo+1))
}

// serial returns a fresh id.
func (g *gen) serial() int {
	g.n++
	return g.n
}

// filler is one kind of generated content. write must append exactly size
// bytes for any size >= min; lo and hi bound the size of a typical block.
type filler struct {
	min, lo, hi int
	write       func(g *gen, b *bytes.Buffer, size int)
}

// fillers are the kinds a template may ask for with "{{kind OFFSET}}".
var fillers = map[string]filler{
	"bloat":  {min: 256, lo: 30_000, hi: 120_000, write: (*gen).bloatBlock},
	"images": {min: 256, lo: 20_000, hi: 80_000, write: (*gen).imageBlock},
	"text":   {min: 512, lo: 800, hi: 3_000, write: (*gen).section},
	"js":     {min: 512, lo: 400, hi: 2_500, write: (*gen).jsModule},
	"words":  {min: 0, lo: 1 << 30, hi: 1 << 30, write: (*gen).words},
}

// fill appends blocks of the named kind until b is exactly until bytes long.
func (g *gen) fill(b *bytes.Buffer, kind string, until int) error {
	f, ok := fillers[kind]
	if !ok {
		return fmt.Errorf("%w: {{%s %d}}", errDirective, kind, until)
	}
	if until < b.Len() {
		return fmt.Errorf("%w: {{%s %d}} comes at byte %d", errOverflow, kind, until, b.Len())
	}
	for rem := until - b.Len(); rem > 0; rem = until - b.Len() {
		if rem < f.min {
			b.WriteString(strings.Repeat(" ", rem)) // too little room for a block
			break
		}
		size := min(g.between(f.lo, f.hi), rem)
		if rem-size < f.min {
			size = rem // the rest would be too small for a block of its own
		}
		start := b.Len()
		f.write(g, b, size)
		if got := b.Len() - start; got != size {
			return fmt.Errorf("demosite: %s block is %d bytes, want %d", kind, got, size)
		}
	}
	return nil
}

// words appends exactly n bytes of words separated by spaces.
func (g *gen) words(b *bytes.Buffer, n int) {
	end := b.Len() + n
	for b.Len() < end {
		b.WriteString(wordList[g.next()%uint64(len(wordList))])
		b.WriteByte(' ')
	}
	b.Truncate(end)
}

// wordList is the vocabulary of generated text: an outdoor shop's catalogue.
var wordList = strings.Fields(`boot boots tent tents jacket jackets pack backpack trail trails
	summit ridge valley river lake forest alpine winter spring summer waterproof breathable
	lightweight durable leather synthetic insulated shell fleece merino wool sock laces sole
	grip traction ankle support comfort fit size price stock colour green blue grey orange
	hike hiking camp camping walk walking climb weekend family guide review rating warranty`)

// noise fills dst with bytes from the sequence.
func (g *gen) noise(dst []byte) {
	for i := 0; i < len(dst); i += 8 {
		v := g.next()
		for j := i; j < i+8 && j < len(dst); j++ {
			dst[j] = byte(v >> (8 * (j - i)))
		}
	}
}

// base64PNG appends n bytes (a multiple of 4) of base64 that decodes to a
// PNG signature followed by noise: the shape of an inlined product photo.
func (g *gen) base64PNG(b *bytes.Buffer, n int) {
	raw := make([]byte, n/4*3)
	g.noise(raw)
	copy(raw, "\x89PNG\r\n\x1a\n")
	enc := base64.NewEncoder(base64.StdEncoding, b)
	enc.Write(raw)
	enc.Close()
}
