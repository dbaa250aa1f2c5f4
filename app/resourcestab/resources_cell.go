package resourcestab

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
)

// doubleTapGap is the longest time between two taps on one row that still
// opens its details, as a double click does on the desktop.
const doubleTapGap = 400 * time.Millisecond

// resourceCell is a cell of the resources table: a label, or a compact
// ruler in the bar column. It takes taps itself, so a tap on its ruler
// selects the row too and a second tap can be timed.
type resourceCell struct {
	widget.BaseWidget
	bg    *canvas.Rectangle // the selection colour when the cell's row is selected
	label *widget.Label
	ruler *byteview.Ruler
	bar   *fyne.Container // the ruler with its padding
	id    widget.TableCellID
	onTap func(widget.TableCellID)
}

var _ fyne.Tappable = (*resourceCell)(nil)

func newResourceCell(onTap func(widget.TableCellID)) *resourceCell {
	c := &resourceCell{label: widget.NewLabel(""), ruler: byteview.NewRuler(byteview.RulerModel{}), onTap: onTap,
		bg: canvas.NewRectangle(color.Transparent)}
	c.label.Truncation = fyne.TextTruncateEllipsis
	c.ruler.Compact = true
	c.ruler.OnSelect = func(int64) { c.tapped() }
	c.bar = container.NewPadded(c.ruler)
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer is part of fyne.Widget.
func (c *resourceCell) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(c.bg, c.label, c.bar))
}

// setSelected shows whether the cell's row is the selected one: a click
// anywhere in a row selects the whole row, not one cell.
func (c *resourceCell) setSelected(on bool) {
	var want color.Color = color.Transparent
	if on {
		want = c.Theme().Color(theme.ColorNameSelection, fyne.CurrentApp().Settings().ThemeVariant())
	}
	if c.bg.FillColor != want {
		c.bg.FillColor = want
		c.bg.Refresh()
	}
}

// Tapped reports the tap with the cell it landed on.
func (c *resourceCell) Tapped(*fyne.PointEvent) { c.tapped() }

func (c *resourceCell) tapped() {
	if c.onTap != nil {
		c.onTap(c.id)
	}
}
