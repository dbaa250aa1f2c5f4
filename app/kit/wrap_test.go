package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

func TestWrapLayout(t *testing.T) {
	test.NewTempApp(t)
	box := func(w float32) fyne.CanvasObject {
		r := canvas.NewRectangle(nil)
		r.SetMinSize(fyne.NewSize(w, 10))
		return r
	}
	objs := []fyne.CanvasObject{box(100), box(300), box(200), box(100)}
	l := NewWrapLayout(10, 5)
	tests := []struct {
		width      float32
		minW, minH float32
		lastAt     fyne.Position
	}{
		{1000, 300, 10, fyne.NewPos(630, 0)}, // one row
		{420, 300, 25, fyne.NewPos(210, 15)}, // 100+300 | 200+100
		{1200, 300, 10, fyne.NewPos(630, 0)}, // wider again: one row, min width unchanged
		{300, 300, 55, fyne.NewPos(0, 45)},   // 100 | 300 | 200 | 100
		{50, 300, 55, fyne.NewPos(0, 45)},    // narrower than an object: one each
	}
	for _, tt := range tests {
		l.Layout(objs, fyne.NewSize(tt.width, 100))
		if got := l.MinSize(objs); got != fyne.NewSize(tt.minW, tt.minH) {
			t.Errorf("at %v px: min size %v, want %vx%v", tt.width, got, tt.minW, tt.minH)
		}
		if got := objs[3].Position(); got != tt.lastAt {
			t.Errorf("at %v px: last object at %v, want %v", tt.width, got, tt.lastAt)
		}
	}
}
