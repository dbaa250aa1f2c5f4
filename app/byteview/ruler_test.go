package byteview

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// offsetPtr returns a pointer to v, for optional offsets in models.
func offsetPtr(v int64) *int64 { return &v }

// untruncatedModel is a 480 KB page well under a 2,000,000-byte limit.
func untruncatedModel() RulerModel {
	return RulerModel{
		HeaderBytes: 420,
		BodyBytes:   480_000,
		Segments: []RulerSegment{
			{0, 2_000, RulerKindMarkup},
			{2_000, 40_000, RulerKindInlineStyle},
			{40_000, 41_200, RulerKindJSONLD},
			{41_200, 200_000, RulerKindInlineScript},
			{200_000, 420_000, RulerKindText},
			{420_000, 480_000, RulerKindMarkup},
		},
		LimitBytes:       2_000_000,
		BinaryLimitBytes: 2_097_152,
		Markers: []RulerMarker{
			{Offset: 310, End: 360, Kind: "title", Label: "title"},
			{Offset: 900, End: 990, Kind: "canonical", Label: "canonical link"},
			{Offset: 40_000, End: 41_200, Kind: "json-ld", Label: "JSON-LD block 1"},
		},
	}
}

// truncatedModel is a 2.6 MB page with a 512-byte header: the decimal
// cutoff falls at body byte 1,999,488, the binary one at 2,096,640, and the
// canonical and a JSON-LD block lie past both.
func truncatedModel() RulerModel {
	return RulerModel{
		HeaderBytes: 512,
		BodyBytes:   2_600_000,
		Segments: []RulerSegment{
			{0, 5_000, RulerKindMarkup},
			{5_000, 25_000, RulerKindInlineStyle},
			{25_000, 30_000, RulerKindMarkup},
			{30_000, 1_230_000, RulerKindInlineScript},
			{1_230_000, 1_800_000, RulerKindText},
			{1_800_000, 1_900_000, RulerKindDataURI},
			{1_900_000, 2_400_000, RulerKindMarkup},
			{2_400_000, 2_400_800, RulerKindJSONLD},
			{2_400_800, 2_600_000, RulerKindMarkup},
		},
		Cutoff:           offsetPtr(2_000_000 - 512),
		BinaryCutoff:     offsetPtr(2_097_152 - 512),
		LimitBytes:       2_000_000,
		BinaryLimitBytes: 2_097_152,
		Markers: []RulerMarker{
			{Offset: 310, End: 360, Kind: "title", Label: "title"},
			{Offset: 2_050_000, End: 2_050_090, Kind: "hreflang", Label: "hreflang fr", AtRisk: true},
			{Offset: 2_400_000, End: 2_400_800, Kind: "json-ld", Label: "JSON-LD block 1", Beyond: true},
			{Offset: 2_431_007, End: 2_431_090, Kind: "canonical", Label: "canonical link", Beyond: true},
		},
	}
}

// hugeModel spans 256 MiB in 200,000 segments of markup and text, with a
// 20 MB inline script and one 300-byte JSON-LD block that must stay visible.
func hugeModel() RulerModel {
	const body, n = 256 << 20, 200_000
	step := int64(body / n)
	segs := make([]RulerSegment, 0, n+2)
	for i := range int64(n) {
		kind := RulerKindMarkup
		switch {
		case i >= 80_000 && i < 95_000:
			kind = RulerKindInlineScript
		case i%3 == 2:
			kind = RulerKindText
		}
		segs = append(segs, RulerSegment{i * step, (i + 1) * step, kind})
	}
	segs = append(segs, RulerSegment{n * step, body, RulerKindMarkup})
	json := int64(190_000) * step
	segs[190_000] = RulerSegment{json, json + 300, RulerKindJSONLD}
	segs = append(segs, RulerSegment{json + 300, json + step, RulerKindMarkup})
	cut := int64(64_000_000 - 600)
	return RulerModel{
		HeaderBytes: 600, BodyBytes: body, Segments: segs, Cutoff: &cut,
		LimitBytes: 64_000_000, BinaryLimitBytes: 64 << 20, BinaryCutoff: offsetPtr(64<<20 - 600),
		Markers: []RulerMarker{{Offset: json, End: json + 300, Label: "JSON-LD block 9", Beyond: true}},
	}
}

// smallScaledModel is a 471-byte stylesheet with a 200-byte header, drawn
// to the scale of its 2,000,000-byte limit.
func smallScaledModel() RulerModel {
	return RulerModel{HeaderBytes: 200, BodyBytes: 471, LimitBytes: 2_000_000, BinaryLimitBytes: 2_097_152,
		ScaleBytes: 2_000_000}
}

// robotsOverModel is a 600,000-byte robots.txt: Google reads 512,000.
func robotsOverModel() RulerModel {
	return RulerModel{BodyBytes: 600_000, LimitBytes: 512_000, Cutoff: offsetPtr(512_000), ScaleBytes: 600_000}
}

func showRuler(t *testing.T, r *Ruler, size fyne.Size) fyne.Window {
	t.Helper()
	w := test.NewTempWindow(t, r)
	w.SetPadded(false)
	w.Resize(size)
	return w
}

func TestRulerMarkup(t *testing.T) {
	tests := []struct {
		name    string
		model   RulerModel
		compact bool
		golden  string
	}{
		{"untruncated", untruncatedModel(), false, "ruler/untruncated.xml"},
		{"truncated", truncatedModel(), false, "ruler/truncated.xml"},
		{"truncated compact", truncatedModel(), true, "ruler/truncated_compact.xml"},
		{"256 MiB", hugeModel(), false, "ruler/256mib.xml"},
		{"empty", RulerModel{}, false, "ruler/empty.xml"},
		{"sliver of its limit", smallScaledModel(), false, "ruler/scaled_small.xml"},
		{"sliver of its limit, compact", smallScaledModel(), true, "ruler/scaled_small_compact.xml"},
		{"robots.txt over 500 KiB, compact", robotsOverModel(), true, "ruler/scaled_robots_over.xml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			r := NewRuler(tt.model)
			r.Compact = tt.compact
			w := showRuler(t, r, fyne.NewSize(800, r.MinSize().Height))
			assertMarkup(t, tt.golden, w.Canvas())
		})
	}
}

// rulerObjects returns the ruler's visible canvas objects.
func rulerObjects(r *Ruler) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, o := range test.WidgetRenderer(r).Objects() {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

func TestRuler256MiBObjectCount(t *testing.T) {
	test.NewTempApp(t)
	r := NewRuler(hugeModel())
	showRuler(t, r, fyne.NewSize(1600, 80))
	// At most a bar per pixel column (markup and text interleave in every
	// column, so the bar dithers), plus the fixed parts.
	if got, limit := len(test.WidgetRenderer(r).Objects()), 1600+100; got >= limit {
		t.Errorf("256 MiB ruler draws %d canvas objects, want fewer than %d", got, limit)
	}
	json := KindColor(RulerKindJSONLD, r.Theme())
	found := false
	for _, o := range rulerObjects(r) {
		if rect, ok := o.(*canvas.Rectangle); ok && rect.FillColor == json && rect.Size().Height == rulerBarH {
			found = true
		}
	}
	if !found {
		t.Error("the 300-byte JSON-LD block in 256 MiB is not drawn")
	}
}

func TestRulerTapSelectsOffset(t *testing.T) {
	const width = 800
	tests := []struct {
		name  string
		model RulerModel
		x     float32
	}{
		{"no header, start", RulerModel{BodyBytes: 1_000}, 1},
		{"no header, middle", RulerModel{BodyBytes: 2_600_000}, 400},
		{"no header, end", RulerModel{BodyBytes: 256 << 20}, 799},
		{"header, middle", truncatedModel(), 333},
		{"header, past cutoff", truncatedModel(), 700},
		{"1 KB with header", RulerModel{HeaderBytes: 300, BodyBytes: 1_000}, 500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			r := NewRuler(tt.model)
			showRuler(t, r, fyne.NewSize(width, r.MinSize().Height))
			var got int64 = -1
			r.OnSelect = func(off int64) { got = off }
			test.TapAt(r, fyne.NewPos(tt.x, r.plan.barY+5))
			// The body is drawn from the header block's right edge to the end.
			x0 := r.plan.hx
			perPixel := float64(tt.model.BodyBytes) / float64(width-x0)
			want := float64(tt.x-x0) * perPixel
			if d := float64(got) - want; d < -perPixel || d > perPixel {
				t.Errorf("tap at x=%v selected body offset %d, want %.0f ± %.0f", tt.x, got, want, perPixel)
			}
		})
	}
}

func TestRulerTapHeaderAndMarker(t *testing.T) {
	test.NewTempApp(t)
	m := truncatedModel()
	r := NewRuler(m)
	showRuler(t, r, fyne.NewSize(800, r.MinSize().Height))
	var got int64 = -1
	r.OnSelect = func(off int64) { got = off }

	test.TapAt(r, fyne.NewPos(1, r.plan.barY+5))
	if got != 0 {
		t.Errorf("tap on the header block selected %d, want 0", got)
	}
	canonical := m.Markers[3]
	x := r.plan.bodyX(canonical.Offset)
	test.TapAt(r, fyne.NewPos(x, r.plan.markY+2))
	if got != canonical.Offset {
		t.Errorf("tap on the canonical marker selected %d, want %d", got, canonical.Offset)
	}
}

func TestRulerHover(t *testing.T) {
	test.NewTempApp(t)
	m := truncatedModel()
	r := NewRuler(m)
	w := showRuler(t, r, fyne.NewSize(800, r.MinSize().Height))
	p := r.plan
	tests := []struct {
		name string
		pos  fyne.Position
		want []string
	}{
		{"header", fyne.NewPos(0.5, p.barY+5), []string{"HTTP header", "512 bytes"}},
		{"inline script", fyne.NewPos(p.bodyX(600_000), p.barY+5),
			[]string{"inline script", "body bytes 30,000–1,229,999 (1,200,000 bytes)"}},
		{"ambiguous zone", fyne.NewPos(p.bodyX(2_050_000), p.barY+5), []string{"ambiguous zone"}},
		{"past the cutoff", fyne.NewPos(p.bodyX(2_500_000), p.barY+5), []string{"markup", "past the cutoff"}},
		{"canonical marker", fyne.NewPos(p.bodyX(2_431_007), p.markY+2),
			[]string{"canonical link", "2,431,007", "past the cutoff"}},
		{"at-risk marker", fyne.NewPos(p.bodyX(2_050_000), p.markY+2), []string{"hreflang fr", "at risk"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.MoveMouse(w.Canvas(), tt.pos)
			rr := test.WidgetRenderer(r).(*rulerRenderer)
			got := rr.tip.Text
			if !rr.tip.Visible() {
				t.Fatalf("no hover label at %v", tt.pos)
			}
			for _, want := range tt.want {
				if !strings.Contains(got, want) {
					t.Errorf("hover at %v says %q, want it to contain %q", tt.pos, got, want)
				}
			}
			if overlaps(rr.tipBg, rr.label) {
				t.Errorf("hover label at %v %v covers the cutoff label at %v %v", rr.tipBg.Position(), rr.tipBg.Size(),
					rr.label.Position(), rr.label.Size())
			}
		})
	}
	test.MoveMouse(w.Canvas(), fyne.NewPos(900, 900))
	if rr := test.WidgetRenderer(r).(*rulerRenderer); rr.tip.Visible() {
		t.Errorf("hover label %q still shown after the pointer left", rr.tip.Text)
	}
}

func TestRulerSetModelReplans(t *testing.T) {
	test.NewTempApp(t)
	r := NewRuler(untruncatedModel())
	showRuler(t, r, fyne.NewSize(800, r.MinSize().Height))
	if r.plan.hasCut {
		t.Fatal("untruncated page drawn with a cutoff line")
	}
	r.SetModel(truncatedModel())
	if !r.plan.hasCut || !r.plan.hasBin {
		t.Errorf("after SetModel(truncated): cutoff line %v, binary line %v, want both", r.plan.hasCut, r.plan.hasBin)
	}
	if got, want := r.plan.label, "cutoff at counted byte 2,000,000 (body byte 1,999,488) · 2,097,152 if MB means MiB"; got != want {
		t.Errorf("cutoff label = %q, want %q", got, want)
	}
}

func TestBucketBarsKeepsSmallSegments(t *testing.T) {
	tests := []struct {
		name string
		segs []RulerSegment
		body int64
		want []string // kinds that must appear
		not  []string // kinds that must not
	}{
		{"tiny JSON-LD in text", []RulerSegment{{0, 1_000_000, RulerKindText}, {500_000, 500_010, RulerKindJSONLD}},
			1_000_000, []string{RulerKindText, RulerKindJSONLD}, nil},
		{"tiny whitespace may vanish", []RulerSegment{{0, 1_000_000, RulerKindText}, {500_000, 500_010, RulerKindWhitespace}},
			1_000_000, []string{RulerKindText}, []string{RulerKindWhitespace}},
		{"gap drawn neutral", []RulerSegment{{0, 500, RulerKindInlineScript}}, 1_000,
			[]string{RulerKindInlineScript, ""}, nil},
		{"no segments", nil, 5_000, []string{""}, nil},
		{"1-byte body", []RulerSegment{{0, 1, RulerKindComment}}, 1, []string{RulerKindComment}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bars, _ := bucketBars(tt.segs, tt.body, 0, 800)
			kinds := map[string]bool{}
			var end float32
			for _, b := range bars {
				kinds[b.kind] = true
				if b.hair {
					continue // hairlines are drawn over the bars
				}
				if b.x < end-0.01 {
					t.Errorf("bar %+v overlaps the previous one ending at %v", b, end)
				}
				end = b.x + b.w
			}
			for _, k := range tt.want {
				if !kinds[k] {
					t.Errorf("bucketBars drew kinds %v, want %q among them", kinds, k)
				}
			}
			for _, k := range tt.not {
				if kinds[k] {
					t.Errorf("bucketBars drew %q, which should be absorbed", k)
				}
			}
			if len(bars) > rulerMaxBuckets {
				t.Errorf("bucketBars drew %d bars, want at most %d", len(bars), rulerMaxBuckets)
			}
		})
	}
}

func TestNiceStep(t *testing.T) {
	tests := []struct {
		raw  float64
		want int64
	}{
		{0.3, 1}, {1, 1}, {1.5, 2}, {3, 5}, {7, 10}, {120_000, 200_000}, {480_000, 500_000}, {1_000_000, 1_000_000},
		{26_843_545.6, 50_000_000},
	}
	for _, tt := range tests {
		if got := niceStep(tt.raw); got != tt.want {
			t.Errorf("niceStep(%v) = %d, want %d", tt.raw, got, tt.want)
		}
	}
}

func TestShortBytes(t *testing.T) {
	tests := []struct {
		v    int64
		want string
	}{
		{0, "0"}, {999, "999 B"}, {500_000, "500 KB"}, {1_000_000, "1 MB"}, {1_500_000, "1.5 MB"},
		{2_000_000_000, "2 GB"},
	}
	for _, tt := range tests {
		if got := shortBytes(tt.v); got != tt.want {
			t.Errorf("shortBytes(%d) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestRulerLegend(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, RulerLegend([]string{RulerKindHeader, RulerKindInlineScript, RulerKindJSONLD}))
	w.SetPadded(false)
	w.Resize(fyne.NewSize(500, 30))
	assertMarkup(t, "ruler/legend.xml", w.Canvas())
}

// FuzzPlanRuler checks that no model, however odd, panics the planner or
// puts a bar outside the ruler.
func FuzzPlanRuler(f *testing.F) {
	f.Add(int64(512), int64(2_600_000), int64(0), int64(1_000), int64(1_999_488), int64(2_096_640), int64(0), float32(800))
	f.Add(int64(0), int64(0), int64(0), int64(0), int64(-1), int64(-1), int64(0), float32(0))
	f.Add(int64(0), int64(1), int64(5), int64(-3), int64(7), int64(2), int64(0), float32(1))
	f.Add(int64(200), int64(471), int64(0), int64(471), int64(-1), int64(-1), int64(2_000_000), float32(140))
	f.Add(int64(0), int64(600_000), int64(0), int64(10), int64(512_000), int64(-1), int64(600_000), float32(500))
	f.Fuzz(func(t *testing.T, header, body, segStart, segEnd, cut, bin, scale int64, width float32) {
		if width < 0 || width > 10_000 || math.IsNaN(float64(width)) {
			return
		}
		m := RulerModel{HeaderBytes: header, BodyBytes: body, ScaleBytes: scale, LimitBytes: scale,
			Segments: []RulerSegment{{segStart, segEnd, RulerKindJSONLD}},
			Markers:  []RulerMarker{{Offset: segStart, End: segEnd, Label: "x"}}}
		if cut >= 0 {
			m.Cutoff = &cut
		}
		if bin >= 0 {
			m.BinaryCutoff = &bin
		}
		met := rulerMetrics{textH: 10, measure: func(s string) float32 { return float32(len(s) * 6) }}
		p := planRuler(&m, fyne.NewSize(width, 70), false, met)
		for _, b := range p.bars {
			if b.x < -0.01 || b.x+b.w > width+0.01 {
				t.Errorf("bar %+v outside 0..%v", b, width)
			}
		}
		if p.hasLimit && (p.limX < 0 || p.limX > width) {
			t.Errorf("limit line at %v, outside 0..%v", p.limX, width)
		}
		p.describe(fyne.NewPos(width/2, p.barY+1), &m)
		p.offsetAt(fyne.NewPos(width/2, p.markY+1), &m)
		if off, ok := p.offsetAt(fyne.NewPos(width*0.9, p.barY+1), &m); ok && body > 0 && (off < 0 || off >= body) {
			t.Errorf("tap on the bar selects offset %d, outside the body of %d bytes", off, body)
		}
	})
}

// BenchmarkRuler256MiB sets a 256 MiB model of 200,000 segments on a shown
// ruler and draws it: sorting, bucketing and placing the pooled objects.
func BenchmarkRuler256MiB(b *testing.B) {
	test.NewTempApp(b)
	m := hugeModel()
	r := NewRuler(RulerModel{})
	w := test.NewWindow(r)
	defer w.Close()
	w.Resize(fyne.NewSize(1600, 80))
	b.ReportAllocs()
	for b.Loop() {
		r.SetModel(m)
	}
	b.ReportMetric(float64(len(test.WidgetRenderer(r).Objects())), "objects")
}

func TestRulerScaleGeometry(t *testing.T) {
	const width = 800
	tests := []struct {
		name    string
		model   RulerModel
		endMax  float32 // the body ends at or before this column
		endMin  float32 // and at or after this one
		limit   bool    // a limit line is drawn
		cutX    float32 // expected cutoff column, 0 for none
		tickEnd string  // label of the last tick, "" to skip
	}{
		{"unscaled", RulerModel{BodyBytes: 1_000, LimitBytes: 2_000_000}, width, width, false, 0, "1 KB"},
		{"scale smaller than the response", RulerModel{BodyBytes: 1_000, ScaleBytes: 10}, width, width, false, 0, "1 KB"},
		{"471 bytes of 2,000,000", smallScaledModel(), rulerMinHeaderPx + rulerMinBodyPx, rulerMinHeaderPx + rulerMinBodyPx,
			true, 0, "2 MB"},
		{"half of the limit", RulerModel{BodyBytes: 1_000_000, LimitBytes: 2_000_000, ScaleBytes: 2_000_000},
			width/2 + 1, width/2 - 1, true, 0, "2 MB"},
		{"robots.txt over its limit", robotsOverModel(), width, width, false, width * 512 / 600, "600 KB"},
		{"header only", RulerModel{HeaderBytes: 300, LimitBytes: 2_000_000, ScaleBytes: 2_000_000},
			rulerMinHeaderPx, rulerMinHeaderPx, true, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			met := rulerMetrics{textH: 10, measure: func(s string) float32 { return float32(len(s) * 6) }}
			p := planRuler(&tt.model, fyne.NewSize(width, 70), false, met)
			if p.endX > tt.endMax || p.endX < tt.endMin {
				t.Errorf("body ends at x=%v, want %v..%v", p.endX, tt.endMin, tt.endMax)
			}
			for _, b := range p.bars {
				if b.x+b.w > p.endX+0.01 {
					t.Errorf("bar %+v runs past the end of the body at %v", b, p.endX)
				}
			}
			if got, want := p.hasLimit, tt.limit; got != want {
				t.Errorf("limit line drawn = %v, want %v", got, want)
			}
			if tt.limit && p.limX < width-2 {
				t.Errorf("limit line at x=%v, want it at the right end (%v)", p.limX, width)
			}
			if tt.cutX > 0 && (p.cutX < tt.cutX-1 || p.cutX > tt.cutX+1) {
				t.Errorf("cutoff line at x=%v, want %v", p.cutX, tt.cutX)
			}
			if tt.cutX == 0 && p.hasCut {
				t.Errorf("cutoff line drawn at x=%v, want none", p.cutX)
			}
			if n := len(p.ticks); tt.tickEnd != "" && (n == 0 || p.ticks[n-1].label != tt.tickEnd) {
				t.Errorf("ticks %+v, want the last one labelled %q", p.ticks, tt.tickEnd)
			}
		})
	}
}

func TestRulerScaledHoverAndTap(t *testing.T) {
	test.NewTempApp(t)
	m := smallScaledModel()
	r := NewRuler(m)
	w := showRuler(t, r, fyne.NewSize(800, r.MinSize().Height))
	var got int64 = -1
	r.OnSelect = func(off int64) { got = off }
	test.TapAt(r, fyne.NewPos(600, r.plan.barY+5))
	if want := m.BodyBytes - 1; got != want {
		t.Errorf("tap past the body selected offset %d, want the last byte %d", got, want)
	}
	test.MoveMouse(w.Canvas(), fyne.NewPos(600, r.plan.barY+5))
	tip := test.WidgetRenderer(r).(*rulerRenderer).tip.Text
	if want := "1,999,329 bytes to spare below the limit of 2,000,000 (671 bytes used)"; !strings.Contains(tip, want) {
		t.Errorf("hover past the body says %q, want it to contain %q", tip, want)
	}
	test.MoveMouse(w.Canvas(), fyne.NewPos(r.plan.endX-1, r.plan.barY+5))
	if tip := test.WidgetRenderer(r).(*rulerRenderer).tip.Text; !strings.Contains(tip, "body byte") {
		t.Errorf("hover on the sliver says %q, want a body byte", tip)
	}
}

// TestRulerScaled256MiBBounded checks that a huge scale keeps the drawing
// bounded and the body inside its share of the width.
func TestRulerScaled256MiBBounded(t *testing.T) {
	test.NewTempApp(t)
	m := hugeModel()
	m.ScaleBytes = 1 << 30
	r := NewRuler(m)
	showRuler(t, r, fyne.NewSize(1600, 80))
	if got, limit := len(test.WidgetRenderer(r).Objects()), 1600+100; got >= limit {
		t.Errorf("scaled 256 MiB ruler draws %d canvas objects, want fewer than %d", got, limit)
	}
	if got, want := r.plan.endX, float32(1600)/4; got < want-1 || got > want+1 {
		t.Errorf("256 MiB of a 1 GiB scale ends at x=%v, want %v", got, want)
	}
}

func TestUsedPercent(t *testing.T) {
	tests := []struct {
		part, limit int64
		want        string
	}{
		{0, 2_000_000, "0.0%"}, {671, 2_000_000, "<0.1%"}, {1_000, 2_000_000, "0.1%"}, {1_000_000, 2_000_000, "50.0%"},
	}
	for _, tt := range tests {
		if got := usedPercent(tt.part, tt.limit); got != tt.want {
			t.Errorf("usedPercent(%d, %d) = %q, want %q", tt.part, tt.limit, got, tt.want)
		}
	}
}
