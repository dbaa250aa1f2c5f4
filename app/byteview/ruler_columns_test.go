package byteview

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// overlaps reports whether two visible canvas objects share pixels.
func overlaps(a, b fyne.CanvasObject) bool {
	if !a.Visible() || !b.Visible() {
		return false
	}
	ap, as, bp, bs := a.Position(), a.Size(), b.Position(), b.Size()
	return ap.X < bp.X+bs.Width && bp.X < ap.X+as.Width && ap.Y < bp.Y+bs.Height && bp.Y < ap.Y+as.Height
}

// tinyPage is a body like a real article page: markup and text in short
// runs, hundreds of small inline styles and data: URIs, a few big scripts
// and one JSON-LD block, seeded so each run is the same.
func tinyPage(seed uint64, body int64) []RulerSegment {
	rng := rand.New(rand.NewPCG(seed, seed*7+1))
	var segs []RulerSegment
	for off := int64(0); off < body; {
		n, kind := int64(20+rng.IntN(400)), RulerKindMarkup
		switch r := rng.IntN(1000); {
		case r < 470:
		case r < 900:
			kind = RulerKindText
		case r < 960:
			kind, n = RulerKindInlineStyle, int64(10+rng.IntN(60))
		case r < 990:
			kind, n = RulerKindDataURI, int64(30+rng.IntN(200))
		case r < 998:
			kind, n = RulerKindInlineScript, int64(2_000+rng.IntN(30_000))
		default:
			kind, n = RulerKindWhitespace, 3
		}
		end := min(off+n, body)
		segs = append(segs, RulerSegment{Start: off, End: end, Kind: kind})
		off = end
	}
	segs[len(segs)/2].Kind = RulerKindJSONLD
	return segs
}

// TestRulerWidthsAreByteShares checks that every kind's drawn width is its
// share of the body bytes within one pixel, at 1000 px, on pages of many
// tiny segments: no minimum width inflates small kinds, no majority vote
// erases big interleaved ones.
func TestRulerWidthsAreByteShares(t *testing.T) {
	tests := []struct {
		name   string
		body   int64
		header int64
		seed   uint64
	}{
		{"article of 380 KB", 380_000, 0, 1},
		{"page of 2.3 MB with a header", 2_300_000, 612, 2},
		{"page of 15 MB", 15_000_000, 900, 3},
		{"small page of 9 KB", 9_000, 300, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := RulerModel{HeaderBytes: tt.header, BodyBytes: tt.body, Segments: tinyPage(tt.seed, tt.body)}
			met := rulerMetrics{textH: 10, measure: func(s string) float32 { return float32(len(s) * 6) }}
			p := planRuler(&m, fyne.NewSize(1000, 70), false, met)
			share := map[string]float64{}
			for _, s := range m.Segments {
				share[s.Kind] += float64(s.End-s.Start) / float64(tt.header+tt.body) * 1000
			}
			drawn := map[string]float64{}
			for _, b := range p.bars {
				drawn[b.kind] += float64(b.w)
			}
			for kind, want := range share {
				if got := drawn[kind]; math.Abs(got-want) > 1 {
					t.Errorf("%s drawn %.2f px wide, its share of the bytes is %.2f px", kind, got, want)
				}
			}
			if hw := float64(tt.header) / float64(tt.header+tt.body) * 1000; tt.header > 0 && math.Abs(float64(p.hx)-hw) > 1 {
				t.Errorf("header drawn %.2f px wide, its share is %.2f px", p.hx, hw)
			}
		})
	}
}

// TestRulerHoverTellsTinyKinds checks that a column mixing kinds names
// them all, so an inline style too small to see is still told.
func TestRulerHoverTellsTinyKinds(t *testing.T) {
	segs := []RulerSegment{{0, 990, RulerKindMarkup}, {990, 1_000, RulerKindInlineStyle}, {1_000, 100_000, RulerKindText}}
	_, cols := bucketBars(segs, 100_000, 0, 100)
	got := cols.mix(0.5)
	if want := "this pixel: markup 99% · inline style 1%"; got != want {
		t.Errorf("mix = %q, want %q", got, want)
	}
	if got := cols.mix(50); got != "" {
		t.Errorf("mix of a column of text alone = %q, want none", got)
	}
}

// TestRulerZoneReadsAsZone checks that the ambiguous zone on the page
// ruler is a band of its own: taller than the bar, not dimmed as lost.
func TestRulerZoneReadsAsZone(t *testing.T) {
	test.NewTempApp(t)
	r := NewRuler(truncatedModel())
	showRuler(t, r, fyne.NewSize(1000, r.MinSize().Height))
	rr := test.WidgetRenderer(r).(*rulerRenderer)
	p := r.plan
	if !rr.zone.Visible() || rr.zone.Size().Height <= p.barH {
		t.Errorf("zone %v %v, want a visible band taller than the bar (%v)", rr.zone.Position(), rr.zone.Size(), p.barH)
	}
	if lost := rr.lost.Position().X; lost < p.binX-0.5 {
		t.Errorf("lost part starts at x=%v, inside the zone that ends at %v", lost, p.binX)
	}
	if w := float64(rr.zone.Size().Width); math.Abs(w-97_152.0/2_600_512*1000) > 1 {
		t.Errorf("zone %.1f px wide, want its share of the bytes", w)
	}
	var hairs int
	for _, o := range rulerObjects(r) {
		if rect, ok := o.(*canvas.Rectangle); ok && rect.Size().Width == 1 && rect.FillColor == KindColor(RulerKindJSONLD, r.Theme()) {
			hairs++
		}
	}
	if strings.Contains(p.label, "cutoff") && hairs > 1 {
		t.Errorf("%d JSON-LD hairlines, want at most one", hairs)
	}
}
