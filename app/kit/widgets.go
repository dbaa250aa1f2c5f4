package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// MonoLabel is a selectable, wrapping monospace label for values to copy.
func MonoLabel() *widget.Label {
	l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	l.Selectable = true
	l.Wrapping = fyne.TextWrapBreak
	return l
}

// Heading is a bold section title.
func Heading(text string) *widget.Label {
	return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// FileDialog is what ShowFileDialog needs of Fyne's file dialogs.
type FileDialog interface {
	Resize(fyne.Size)
	Show()
}

// ShowFileDialog shows d over most of the window: at Fyne's minimum size a
// file dialog lists about eight entries, too few to find a file in a full
// download or temporary folder. Call it on the UI thread.
func ShowFileDialog(d FileDialog, win fyne.Window) {
	s := win.Canvas().Size()
	d.Show()                                            // Fyne's file dialog can only be resized once shown
	d.Resize(fyne.NewSize(s.Width*0.85, s.Height*0.85)) // never below the dialog's own minimum
}
