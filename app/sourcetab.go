package app

import (
	"fyne.io/fyne/v2"

	"github.com/cutoffapp/cutoff/app/byteview"
)

// sourceArea is the Source tab: the virtualised byteview.SourceView of source.go fed
// from a report.
type sourceArea struct {
	view *byteview.SourceView
}

// sourceData is what the Source tab shows, prepared off the UI thread.
type sourceData struct {
	body       []byte
	cutoff     *int64
	highlights []byteview.SourceHighlight
}

func newSourceArea() *sourceArea {
	return &sourceArea{view: byteview.NewSourceView()}
}

func (a *sourceArea) content() fyne.CanvasObject { return a.view.Content() }

func (a *sourceArea) show(d sourceData) {
	a.view.SetDocument(d.body, d.cutoff, d.highlights)
}

// goTo scrolls to a body offset and marks it.
func (a *sourceArea) goTo(offset int64) { a.view.ScrollToOffset(offset) }

func (a *sourceArea) find()            { a.view.ShowFind() }
func (a *sourceArea) askOffset()       { a.view.ShowGoTo() }
func (a *sourceArea) copyText() string { return a.view.SelectedText() }
