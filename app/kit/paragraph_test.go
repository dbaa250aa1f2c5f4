package kit

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestParagraphBreaksAtItsWidth lays a French sentence out in a real
// (test driver) window at two widths: its lines follow the width, the
// numbers stay whole, its text stays as set, and its height is its lines'.
func TestParagraphBreaksAtItsWidth(t *testing.T) {
	test.NewTempApp(t)
	text := "Googlebot Smartphone garde 2\u202f000\u202f000 octets : il s’arrête à l’octet 1\u202f999\u202f860 du corps et perd 600\u202f140 octets."
	p := NewParagraph(text)
	w := test.NewTempWindow(t, p)
	var heights []float32
	for _, width := range []float32{900, 300, 160} {
		w.Resize(fyne.NewSize(width, 400))
		shown := p.label.Text
		lines := strings.Split(shown, "\n")
		if strings.ReplaceAll(shown, "\n", " ") != text {
			t.Errorf("at %v px the lines %q are not the text", width, lines)
		}
		for _, l := range lines {
			if strings.HasPrefix(l, "000") || strings.HasPrefix(l, "999") || strings.HasPrefix(l, "140") || strings.HasPrefix(l, "860") {
				t.Errorf("at %v px a number is cut: line %q", width, l)
			}
			if lw := fyne.MeasureText(l, p.textSize(), p.TextStyle).Width; lw > p.width+0.5 {
				t.Errorf("at %v px line %q is %v px, wider than %v", width, l, lw, p.width)
			}
		}
		if p.Text != text {
			t.Errorf("the paragraph's text became %q", p.Text)
		}
		heights = append(heights, p.MinSize().Height)
	}
	if !(heights[0] < heights[1] && heights[1] < heights[2]) {
		t.Errorf("heights %v at 900, 300 and 160 px: a narrower paragraph should be taller", heights)
	}
}
