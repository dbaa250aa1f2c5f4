package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/internal/i18n"
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
	what := widget.NewLabelWithStyle(i18n.T("app.welcome-what", "Bytes", 2_000_000)+"\n"+i18n.T("app.welcome-shows"),
		fyne.TextAlignCenter, fyne.TextStyle{})
	hint := widget.NewLabelWithStyle(i18n.T("app.welcome-hint"), fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	a := &welcomeArea{demo: widget.NewButtonWithIcon(i18n.T("app.menu-demo"), theme.MediaPlayIcon(), onDemo)}
	a.demo.Importance = widget.HighImportance
	a.root = container.NewCenter(container.NewVBox(title, what, hint, container.NewCenter(a.demo)))
	return a
}

func (a *welcomeArea) content() fyne.CanvasObject { return a.root }
