package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// welcomeArea is the first screen, before any inspection: what Cutoff does
// and a button that starts the embedded demo site.
type welcomeArea struct {
	demo *widget.Button
	root fyne.CanvasObject
}

func newWelcomeArea(onDemo func()) *welcomeArea {
	title := widget.NewLabelWithStyle("Cutoff", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameHeadingText
	what := widget.NewLabelWithStyle(
		"See what a crawler really gets when it fetches a URL: Googlebot keeps the first 2,000,000 bytes, header included.\n"+
			"Cutoff shows where that cutoff falls, what the crawler loses past it, and what robots.txt lets it fetch.",
		fyne.TextAlignCenter, fyne.TextStyle{})
	hint := widget.NewLabelWithStyle("Type a URL above and press Enter, or try the built-in demo site (no network needed).",
		fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	a := &welcomeArea{demo: widget.NewButtonWithIcon("Try the demo", theme.MediaPlayIcon(), onDemo)}
	a.demo.Importance = widget.HighImportance
	a.root = container.NewCenter(container.NewVBox(title, what, hint, container.NewCenter(a.demo)))
	return a
}

func (a *welcomeArea) content() fyne.CanvasObject { return a.root }
