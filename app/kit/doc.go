// Package kit holds the small pieces every tab of the window builds with:
// numbers and bytes as words (Commas, BytesText, Duration, ShownText), the
// bold and monospace labels, paragraphs wrapped as each language breaks
// lines (Paragraph, BreakLines), a block folded to a few lines (Fold), the
// header cells of a sortable table (SortHeader) and the file dialog sized
// to the window.
//
// It imports no other package of the window, so the window (package app)
// and every tab package may import it. Its widgets belong to the UI
// goroutine; its text functions may be called from any goroutine.
package kit
