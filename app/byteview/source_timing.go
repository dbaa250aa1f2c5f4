package byteview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// sourceProbe times the view's actions to the next painted frame in a
// binary built with -tags sourceprobe (source_probe.go); nil otherwise.
var sourceProbe interface {
	object() fyne.CanvasObject
	begin(what string)
	mark(what string)
}

// probeBegin starts timing an action when the probe is built in.
func probeBegin(what string) {
	if sourceProbe != nil {
		sourceProbe.begin(what)
	}
}

// probeMark logs the time since the action began, when the probe is built
// in: how much of it the view's own work took before the frame.
func probeMark(what string) {
	if sourceProbe != nil {
		sourceProbe.mark(what)
	}
}

// withProbe adds the probe's object over o when the probe is built in.
func withProbe(o fyne.CanvasObject) fyne.CanvasObject {
	if sourceProbe == nil {
		return o
	}
	dot := sourceProbe.object()
	dot.Resize(fyne.NewSize(1, 1))
	return container.NewStack(o, container.NewWithoutLayout(dot))
}
