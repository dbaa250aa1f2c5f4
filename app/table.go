package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// newSortHeader makes a column title cell of a sortable table: a flat,
// left-aligned button whose tap sorts by that column (the table's
// UpdateHeader sets its text and action).
func newSortHeader() fyne.CanvasObject {
	b := widget.NewButton("", nil)
	b.Importance = widget.LowImportance
	b.Alignment = widget.ButtonAlignLeading
	return b
}
