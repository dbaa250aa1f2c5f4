// Package app is Cutoff's Fyne user interface: the window, the byte ruler, the
// source view, the tables and dialogs that show an inspection's report.
//
// The package takes the fyne.App and fyne.Window it is given and never creates
// an application itself, so every screen builds and tests under Fyne's test
// driver (fyne.io/fyne/v2/test) without a display or cgo. It does no HTTP and
// no parsing: the engine in package inspect computes, this package shows.
//
// Widgets and their methods belong to the UI goroutine. Results computed on
// other goroutines are handed over with fyne.Do; renderers never call it.
//
// Byte offsets shown or accepted by the widgets here are offsets into the
// decoded response body unless a comment says otherwise; the crawler's count
// adds the HTTP header block in front of the body.
package app
