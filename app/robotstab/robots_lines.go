package robotstab

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// robotsEditMax is the longest robots.txt, in bytes, the editor takes on
// its own. Fyne's entry lays its whole text out again on every keystroke:
// measured under the test driver, 30 ms at 16 KiB, 0.3 s at 64 KiB, 1.5 s
// at 128 KiB and about 20 s at 600 KB. A longer file is shown read-only,
// line by line, until the user asks to edit it anyway.
const robotsEditMax = 32 << 10

// robotsLineShown is the most bytes of one line a read-only row shows;
// the rest of a longer line is cut with an ellipsis (Google itself reads
// 16,663 bytes of a line).
const robotsLineShown = 1000

// robotsLines is a read-only, virtualised view of a robots.txt: one row per
// line as Google splits them (at CR, LF or CRLF), numbered from 1, so a
// 2 MiB file opens at once. Its methods belong to the UI goroutine.
type robotsLines struct {
	text   string
	starts []int // byte offset of each line in text
	ends   []int // where each line ends, its terminator excluded
	digits int   // width of the line numbers
	marked int   // the line marked by mark, 0 for none
	list   *widget.List
}

func newRobotsLines() *robotsLines {
	v := &robotsLines{}
	v.list = widget.NewList(func() int { return len(v.starts) }, newRobotsLineRow, v.updateRow)
	v.list.HideSeparators = true
	return v
}

// newRobotsLineRow is a row as dense as the editor's lines; the list clips
// what runs past its width.
func newRobotsLineRow() fyne.CanvasObject {
	t := canvas.NewText("0", theme.Color(theme.ColorNameForeground))
	t.TextStyle = fyne.TextStyle{Monospace: true}
	t.TextSize = theme.Size(theme.SizeNameText)
	return t
}

// setText shows text and scrolls back to its first line.
func (v *robotsLines) setText(text string) {
	v.text = text
	v.starts, v.ends = splitRobotsLines(text)
	v.digits = len(strconv.Itoa(len(v.starts)))
	v.marked = 0
	v.list.UnselectAll()
	v.list.ScrollToOffset(0)
	v.list.Refresh()
}

// mark selects line n (1-based) and scrolls to it; 0 clears the mark.
func (v *robotsLines) mark(n int) {
	if n < 1 || n > len(v.starts) {
		v.marked = 0
		v.list.UnselectAll()
		return
	}
	v.marked = n
	v.list.Select(n - 1)
	v.list.ScrollTo(n - 1)
}

func (v *robotsLines) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(v.starts) {
		return
	}
	t := o.(*canvas.Text)
	t.Text = v.rowText(id)
	t.Color = v.list.Theme().Color(theme.ColorNameForeground, fyne.CurrentApp().Settings().ThemeVariant())
	t.Refresh()
}

// rowText is line id+1 with its number, cut at robotsLineShown bytes.
func (v *robotsLines) rowText(id int) string {
	line := v.text[v.starts[id]:v.ends[id]]
	if len(line) > robotsLineShown {
		cut := robotsLineShown
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		line = line[:cut] + "…"
	}
	n := strconv.Itoa(id + 1)
	return strings.Repeat(" ", v.digits-len(n)) + n + "  " + line
}

// splitRobotsLines returns where each line of text starts and ends (its
// terminator excluded), splitting at CR, LF and CRLF as Google does. The
// text after the last terminator is a line of its own, even when empty.
func splitRobotsLines(text string) (starts, ends []int) {
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '\n' && c != '\r' {
			continue
		}
		starts, ends = append(starts, start), append(ends, i)
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	return append(starts, start), append(ends, len(text))
}
