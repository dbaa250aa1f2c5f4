// Package app is Cutoff's Fyne user interface: the window, its top bar and
// profile picker, the Overview, Source and Headers tabs, and the one
// coordinator of the tabs that are packages of their own (app/impacttab,
// app/resourcestab, app/renderedtab, app/robotstab, app/verifytab,
// app/comparetab, app/sitetab, app/historytab, app/watchtab): it builds
// them, prepares their models from a report off the UI thread (views.go),
// opens the Source tab at a byte for them, runs the inspection and the
// render on app/job's runner, and saves every inspection in the history
// file (history.go).
//
// The package takes the fyne.App and fyne.Window it is given and never creates
// an application itself, so every screen builds and tests under Fyne's test
// driver (fyne.io/fyne/v2/test) without a display or cgo. It does no HTTP and
// no parsing: the engine in package inspect computes, this package shows.
//
// Widgets and their methods belong to the UI goroutine. Results computed on
// other goroutines are handed over through app/job's Bridge, the one caller
// of fyne.Do; renderers never call it.
//
// Byte offsets shown or accepted by the widgets here are offsets into the
// decoded response body unless a comment says otherwise; the crawler's count
// adds the HTTP header block in front of the body.
package app
