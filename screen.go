package main

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.4/glfw"
)

// screenSize is the primary monitor's work area (the screen less task
// bars) in device-independent units, or zero when it cannot be had. Fyne
// has no API for it and opens a window at the size asked even when it is
// larger than the screen, which leaves the Inspect button off-screen on a
// 1024×768 display. It runs on the main thread, before the Fyne driver
// starts (glfw.Init is idempotent, so the driver's own call is unaffected).
func screenSize() fyne.Size {
	if err := glfw.Init(); err != nil {
		return fyne.Size{}
	}
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return fyne.Size{}
	}
	_, _, w, h := m.GetWorkarea()
	sx, sy := m.GetContentScale()
	if w <= 0 || h <= 0 || sx <= 0 || sy <= 0 {
		return fyne.Size{}
	}
	return fyne.NewSize(float32(w)/sx, float32(h)/sy)
}
