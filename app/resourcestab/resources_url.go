package resourcestab

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// minURLWidth is the URL column's width when the window has no room to
// spare: the other columns keep theirs and the table scrolls.
const minURLWidth = 300

// ellipsis replaces the middle of a URL too long for its cell.
const ellipsis = "…"

// ElideMiddle shortens url to fit width (as measure measures text) by
// cutting its middle, so that the file name at its end stays whole: three
// preloads of one host differ by their file names, which an ellipsis at the
// end would hide. When even the file name does not fit, the host keeps at
// most half the width and the file name's end the rest. A URL with no
// host (data:, javascript:) keeps its start.
func ElideMiddle(url string, width float32, measure func(string) float32) string {
	if measure(url) <= width {
		return url
	}
	runes := []rune(url)
	hostEnd, tailStart := urlParts(url)
	tail := len(runes) - tailStart
	text := func(head, tail int) string {
		return string(runes[:head]) + ellipsis + string(runes[len(runes)-tail:])
	}
	fits := func(head, tail int) bool { return measure(text(head, tail)) <= width }
	if fits(0, tail) {
		return text(longest(len(runes)-tail, func(n int) bool { return fits(n, tail) }), tail)
	}
	head := longest(hostEnd, func(n int) bool { return measure(string(runes[:n])+ellipsis) <= width/2 })
	return text(head, longest(tail, func(n int) bool { return fits(head, n) }))
}

// urlParts are the indexes, in runes, of the end of url's scheme and host
// and of the start of the part that must stay: from the last slash of its
// path (the file name with its query). A URL without "://" has neither.
func urlParts(url string) (hostEnd, tailStart int) {
	n := utf8.RuneCountInString(url)
	i := strings.Index(url, "://")
	if i < 0 {
		return 0, n
	}
	cut := i + 3
	path := url[cut:]
	if j := strings.IndexAny(path, "?#"); j >= 0 {
		path = path[:j]
	}
	first, last := strings.IndexByte(path, '/'), strings.LastIndexByte(path, '/')
	if first < 0 {
		return n, n
	}
	return utf8.RuneCountInString(url[:cut+first]), utf8.RuneCountInString(url[:cut+last])
}

// longest is the largest n in [0, limit] for which ok holds, ok being
// true up to some n and false after it.
func longest(limit int, ok func(int) bool) int {
	lo, hi := 0, limit
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// measureLabel measures text as a table cell's label draws it.
func measureLabel(text string) float32 {
	return fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width
}

// urlTextWidth is the room for text in a URL cell of the given width.
func urlTextWidth(column float32) float32 { return column - 2*theme.InnerPadding() }

// urlColumnLayout lays out the table and gives its URL column the width
// the window has left after the other columns, never less than
// minURLWidth.
type urlColumnLayout struct{ a *Area }

// Layout is part of fyne.Layout.
func (l urlColumnLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	var others float32
	for i, w := range l.a.widths {
		if i != ColURL {
			others += w
		}
	}
	// The scroll bar and the gaps between columns take a little more.
	w := max(minURLWidth, size.Width-others-float32(Cols)*theme.Padding()-theme.ScrollBarSize())
	if w != l.a.urlWidth {
		l.a.urlWidth = w
		l.a.table.SetColumnWidth(ColURL, w)
	}
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is part of fyne.Layout.
func (l urlColumnLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		s = s.Max(o.MinSize())
	}
	return s
}
