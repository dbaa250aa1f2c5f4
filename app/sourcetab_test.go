package app

import (
	"os"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// TestSourceDataOf checks what the Source tab is handed for a saved
// Shift_JIS page: the engine's charset with a decoder, the byte map read in
// place, and the legend of the kinds the page has.
func TestSourceDataOf(t *testing.T) {
	test.NewTempApp(t)
	body, err := os.ReadFile("byteview/testdata/pages/asahi-head.sjis.html")
	if err != nil {
		t.Fatal(err)
	}
	an := inspect.Analyze(inspect.Input{Body: body})
	d := sourceDataOf(&fetch.Result{Body: body}, an)
	if d.charset.Name != "Shift_JIS" || d.charset.Decode == nil {
		t.Fatalf("charset %q (decoder %v), want Shift_JIS with a decoder", d.charset.Name, d.charset.Decode != nil)
	}
	if r, n := d.charset.Decode([]byte("\x93\xfa")); r != '日' || n != 2 {
		t.Errorf("Decode(93 FA) = %q, %d, want 日, 2", r, n)
	}
	var spans []byteview.RulerSegment
	d.kinds.KindSpans(0, int64(len(body)), func(s byteview.RulerSegment) { spans = append(spans, s) })
	if len(spans) != an.ByteMap.Len() || spans[0].Start != 0 || spans[len(spans)-1].End != int64(len(body)) {
		t.Errorf("%d spans from %v to %v, want the byte map's %d covering the body", len(spans),
			spans[0].Start, spans[len(spans)-1].End, an.ByteMap.Len())
	}
	want := map[string]bool{byteview.RulerKindInlineScript: true, byteview.RulerKindComment: true, byteview.RulerKindMarkup: true}
	for _, k := range d.legend {
		delete(want, k)
	}
	if len(want) > 0 {
		t.Errorf("legend %v lacks %v", d.legend, want)
	}
	s := newSourceArea()
	s.show(d)
	if got := s.view.Rows(); got < 50 {
		t.Errorf("%d rows for a 61-line page", got)
	}
}
