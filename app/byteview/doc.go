// Package byteview holds Cutoff's reusable byte widgets: the Ruler, a bar drawn
// to scale over a byte range with its segments, markers and cutoff lines, and
// the SourceView, a virtualised view of a document's bytes with an offset
// gutter, find and go-to-offset.
//
// The package imports only Fyne. Its models speak of byte ranges, kinds and
// colours, never of reports: the app package adapts an inspection's report to
// these models (app/views.go), so the widgets can serve any byte budget.
//
// Byte offsets are offsets into the document the widget was given. Widgets and
// their methods belong to the UI goroutine.
package byteview
