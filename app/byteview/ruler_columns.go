package byteview

import (
	"slices"
	"strconv"
	"strings"
)

// The ruler draws its body to scale: every kind's width is its share of the
// body bytes within one pixel. The body is cut into columns of one pixel
// (at most rulerMaxBuckets); each column goes whole to one kind present in
// it, the one furthest behind its share so far, so that shares add up
// across columns the way error diffusion spreads grey levels over dots. A
// significant kind too small to win any column is drawn as a hairline at
// its largest segment; the hover text names every kind in a column.

// rulerColumns holds the bytes of each kind in each column.
type rulerColumns struct {
	n, body int64
	x0, x1  float32
	weight  []int64 // n rows of len(Kinds)+1; the last counts other kinds and gaps
}

// kindSlots is the number of weight slots per column.
func kindSlots() int { return len(Kinds) + 1 }

// bucketBars lays segments out over columns x0..x1 of a body of body bytes
// and returns the bars to draw, neighbouring columns of one kind merged,
// hairlines last. The work is linear in segments plus columns.
func bucketBars(segs []RulerSegment, body int64, x0, x1 float32) ([]rulerBar, *rulerColumns) {
	if body <= 0 || x1 <= x0 {
		return nil, nil
	}
	n := int64(min(rulerMaxBuckets, max(1, int((x1-x0)/rulerBucketPx+0.5))))
	c := &rulerColumns{n: min(n, body), body: body, x0: x0, x1: x1}
	c.fill(segs)
	dom := c.apportion()
	bars := c.runs(dom)
	return append(bars, c.hairlines(segs, dom)...), c
}

// lo is the first body byte of column b: byte o falls in column o*n/body.
func (c *rulerColumns) lo(b int64) int64 { return (b*c.body + c.n - 1) / c.n }

// step is the width of one column, in pixels.
func (c *rulerColumns) step() float32 { return (c.x1 - c.x0) / float32(c.n) }

// fill adds each segment's bytes to the columns it covers, and the bytes
// no segment covers to the last slot.
func (c *rulerColumns) fill(segs []RulerSegment) {
	nk := kindSlots()
	c.weight = make([]int64, int(c.n)*nk)
	for _, s := range segs {
		lo, hi := max(s.Start, 0), min(s.End, c.body)
		if hi <= lo {
			continue
		}
		k := rulerKindIndex(s.Kind)
		for b := lo * c.n / c.body; b <= (hi-1)*c.n/c.body; b++ {
			c.weight[int(b)*nk+k] += min(hi, c.lo(b+1)) - max(lo, c.lo(b))
		}
	}
	for b := range c.n {
		row := c.weight[int(b)*nk : int(b+1)*nk]
		var sum int64
		for _, w := range row {
			sum += w
		}
		row[nk-1] += max(c.lo(b+1)-c.lo(b)-sum, 0)
	}
}

// apportion gives each column to the kind present in it that is furthest
// behind its share of the columns so far.
func (c *rulerColumns) apportion() []int {
	nk := kindSlots()
	deficit := make([]float64, nk)
	dom := make([]int, c.n)
	for b := range c.n {
		row := c.weight[int(b)*nk : int(b+1)*nk]
		var sum int64
		for _, w := range row {
			sum += w
		}
		best := nk - 1
		for k, w := range row {
			if w == 0 {
				continue
			}
			deficit[k] += float64(w) / float64(sum)
			if row[best] == 0 || deficit[k] > deficit[best] {
				best = k
			}
		}
		deficit[best]--
		dom[b] = best
	}
	return dom
}

// runs merges neighbouring columns of one kind into bars.
func (c *rulerColumns) runs(dom []int) []rulerBar {
	step := c.step()
	var bars []rulerBar
	for b, k := range dom {
		kind := kindAt(k)
		x := c.x0 + float32(b)*step
		if n := len(bars); n > 0 && bars[n-1].kind == kind {
			bars[n-1].w = x + step - bars[n-1].x
			continue
		}
		bars = append(bars, rulerBar{x: x, w: step, kind: kind})
	}
	return bars
}

// hairlines draws a 1-pixel line for each significant kind that has bytes
// but won no column, at its largest segment: a 300-byte JSON-LD block in
// 256 MB stays visible without taking more than its pixel.
func (c *rulerColumns) hairlines(segs []RulerSegment, dom []int) []rulerBar {
	won := make([]bool, kindSlots())
	for _, k := range dom {
		won[k] = true
	}
	largest := make(map[int]RulerSegment)
	for _, s := range segs {
		k := rulerKindIndex(s.Kind)
		lo, hi := max(s.Start, 0), min(s.End, c.body)
		if hi <= lo || won[k] || !rulerSignificant(k) {
			continue
		}
		if l, ok := largest[k]; !ok || hi-lo > l.End-l.Start {
			largest[k] = RulerSegment{Start: lo, End: hi, Kind: s.Kind}
		}
	}
	var out []rulerBar
	for k, s := range largest {
		mid := (s.Start + s.End) / 2
		x := c.x0 + float32(float64(mid)/float64(c.body)*float64(c.x1-c.x0))
		out = append(out, rulerBar{x: min(max(x-0.5, c.x0), c.x1-1), w: 1, kind: kindAt(k), hair: true})
	}
	slices.SortFunc(out, func(a, b rulerBar) int { return cmpInt64(int64(a.x*16), int64(b.x*16)) })
	return out
}

// kindAt is the kind of weight slot k; "" for other kinds and gaps.
func kindAt(k int) string {
	if k >= 0 && k < len(Kinds) {
		return Kinds[k]
	}
	return ""
}

// mix names the kinds in the column drawn at x when there are several:
// "this pixel: markup 61% · text 37% · inline style 2%". It is how a kind
// too small to see on its own is still told.
func (c *rulerColumns) mix(x float32) string {
	if c == nil || x < c.x0 || x >= c.x1 {
		return ""
	}
	b := min(int64((x-c.x0)/c.step()), c.n-1)
	nk := kindSlots()
	row := c.weight[int(b)*nk : int(b+1)*nk]
	type part struct {
		k int
		w int64
	}
	var parts []part
	var sum int64
	for k, w := range row {
		if w > 0 {
			parts = append(parts, part{k, w})
			sum += w
		}
	}
	if len(parts) < 2 {
		return ""
	}
	slices.SortStableFunc(parts, func(a, b part) int { return cmpInt64(b.w, a.w) })
	names := make([]string, len(parts))
	for i, pt := range parts {
		names[i] = KindName(kindAt(pt.k)) + " " + sharePercent(pt.w, sum)
	}
	return say("hover-pixel", "Parts", strings.Join(names, " · "))
}

// sharePercent is part of whole as a whole percentage, "<1%" when smaller.
func sharePercent(part, whole int64) string {
	pct := part * 100 / whole
	if pct == 0 {
		return percent("<1")
	}
	return percent(strconv.FormatInt(pct, 10))
}
