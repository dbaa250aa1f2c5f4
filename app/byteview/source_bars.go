package byteview

import (
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// barEntry is a one-line field for the find and go-to bars: Enter and
// Shift+Enter act, Esc closes the bar.
type barEntry struct {
	widget.Entry
	shift    bool
	onEnter  func(shift bool)
	onEscape func()
}

var _ desktop.Keyable = (*barEntry)(nil)

func newBarEntry(placeholder string) *barEntry {
	e := &barEntry{}
	e.ExtendBaseWidget(e)
	e.PlaceHolder = placeholder
	return e
}

// KeyDown tracks Shift, which the entry itself only uses for selection.
func (e *barEntry) KeyDown(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = true
	}
	e.Entry.KeyDown(k)
}

// KeyUp tracks Shift.
func (e *barEntry) KeyUp(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = false
	}
	e.Entry.KeyUp(k)
}

// TypedKey acts on Enter and Esc and leaves other keys to the entry.
func (e *barEntry) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if e.onEnter != nil {
			e.onEnter(e.shift)
		}
	case fyne.KeyEscape:
		if e.onEscape != nil {
			e.onEscape()
		}
	default:
		e.Entry.TypedKey(k)
	}
}

// focusEntry gives the entry the keyboard when it is on a canvas. A bar
// shown for the first time has never been painted, so the driver does not
// know its canvas yet: then each window is asked, and a window's focus
// manager takes the entry only if the entry is in that window's tree.
func focusEntry(f fyne.Focusable) {
	d := fyne.CurrentApp().Driver()
	if c := d.CanvasForObject(f.(fyne.CanvasObject)); c != nil {
		c.Focus(f)
		if c.Focused() == f {
			return
		}
	}
	for _, w := range d.AllWindows() {
		if c := w.Canvas(); c != nil {
			c.Focus(f)
			if c.Focused() == f {
				return
			}
		}
	}
}

// findState remembers the current match so Next and Previous can say
// "n of m" without recounting the document at each step.
type findState struct {
	valid     bool
	query     string
	matchCase bool
	total     int
	at        int64 // offset of the current match; -1: none yet
	n         int   // its 1-based rank among the matches
}

// sourceBar is what the find and go-to bars share: a row above the source
// with a text field, shown and hidden on demand.
type sourceBar struct {
	relayout func()
	leave    func(*barEntry) // hands the keyboard back to the rows
	root     *fyne.Container
	entry    *barEntry
}

func newSourceBar(s *SourceView, placeholder string) sourceBar {
	return sourceBar{relayout: s.relayout, leave: s.leaveBar, entry: newBarEntry(placeholder)}
}

func (b *sourceBar) show() {
	b.root.Show()
	b.relayout()
	focusEntry(b.entry)
}

func (b *sourceBar) hide() {
	b.root.Hide()
	b.relayout()
	b.leave(b.entry)
}

// findBar is the Ctrl+F bar.
type findBar struct {
	sourceBar
	matchCase *widget.Check
	status    *widget.Label
}

func newFindBar(s *SourceView) *findBar {
	f := &findBar{sourceBar: newSourceBar(s, say("find-placeholder"))}
	f.entry.onEnter = func(shift bool) { s.findStep(!shift) }
	f.entry.onEscape = f.hide
	f.matchCase = widget.NewCheck(say("find-match-case"), s.onMatchCase)
	f.status = widget.NewLabel("")
	prev := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { s.findStep(false) })
	next := widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { s.findStep(true) })
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), f.hide)
	f.root = container.NewBorder(nil, nil, widget.NewLabel(say("find-label")),
		container.NewHBox(prev, next, f.matchCase, f.status, closeBtn), f.entry)
	f.root.Hide()
	return f
}

func (f *findBar) reset() { f.setStatus("") }

// setStatus changes the status and lays the bar out again for its new width.
func (f *findBar) setStatus(text string) {
	f.status.SetText(text)
	f.relayout()
}

// findStep moves to the next (forward) or previous match of the find
// field's text and says which match it is. A new query costs one pass over
// the document to count the matches; later steps only search.
func (s *SourceView) findStep(forward bool) {
	q := s.findBar.entry.Text
	if q == "" {
		s.findBar.setStatus("")
		return
	}
	probeBegin("find")
	m := newMatcher(s.body, q, s.matchCase)
	st := &s.find
	fresh := !st.valid || st.query != q || st.matchCase != s.matchCase
	if fresh {
		*st = findState{valid: true, query: q, matchCase: s.matchCase, at: -1}
	}
	origin, at, ok := s.stepFrom(m, st, forward)
	if !ok {
		s.findBar.setStatus(say("find-none"))
		return
	}
	if fresh {
		before, total := m.countSplit(origin)
		st.total, st.n = total, firstRank(forward, at >= origin, before, total)
	} else {
		st.n = nextRank(forward, at, st)
	}
	st.n, st.at = min(max(st.n, 1), st.total), at
	probeMark("searched")
	s.findBar.setStatus(say("find-rank", "N", st.n, "Total", st.total))
	s.markRange(at, at+int64(len(q)))
	probeMark("rows placed")
}

// firstRank is the 1-based rank of the first match found from an origin,
// given how many matches start before the origin.
func firstRank(forward, atOrAfterOrigin bool, before, total int) int {
	switch {
	case forward && atOrAfterOrigin:
		return before + 1
	case forward: // wrapped to the first match
		return 1
	case !atOrAfterOrigin:
		return before
	}
	return total // wrapped to the last match
}

// nextRank is the rank of at, reached by one step from the current match.
func nextRank(forward bool, at int64, st *findState) int {
	switch {
	case forward && at > st.at:
		return st.n + 1
	case forward:
		return 1
	case at < st.at:
		return st.n - 1
	}
	return st.total
}

// stepFrom finds the next or previous match from the current one, or from
// the selected row when there is no current match. It returns where the
// search started too.
func (s *SourceView) stepFrom(m *matcher, st *findState, forward bool) (origin, at int64, ok bool) {
	origin = s.index.start(max(s.selected, 0))
	if forward {
		if st.at >= 0 {
			origin = st.at + int64(len(m.q))
		}
		at, ok = m.findFrom(origin)
		return origin, at, ok
	}
	if st.at >= 0 {
		origin = st.at
	}
	at, ok = m.findBefore(origin)
	return origin, at, ok
}

// goToBar is the Ctrl+G bar.
type goToBar struct {
	sourceBar
	status *widget.Label
}

func newGoToBar(s *SourceView) *goToBar {
	g := &goToBar{sourceBar: newSourceBar(s, say("goto-placeholder", "Example", 2_000_000)), status: widget.NewLabel("")}
	g.entry.onEnter = func(bool) { s.goTo(g.entry.Text) }
	g.entry.onEscape = g.hide
	goBtn := widget.NewButton(say("goto-go"), func() { s.goTo(g.entry.Text) })
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), g.hide)
	g.root = container.NewBorder(nil, nil, widget.NewLabel(say("goto-label")),
		container.NewHBox(goBtn, g.status, closeBtn), g.entry)
	g.root.Hide()
	return g
}

// leaveBar gives the keyboard to the rows when a closing bar's field has
// it: a hidden field would otherwise keep swallowing keys such as Ctrl+End
// and Page Down. A field without the focus leaves the focus where it is.
func (s *SourceView) leaveBar(e *barEntry) {
	c := fyne.CurrentApp().Driver().CanvasForObject(s.list)
	if c != nil && c.Focused() == e {
		c.Focus(s.list)
	}
}

func (g *goToBar) reset() { g.setStatus("") }

// setStatus changes the status and lays the bar out again for its new width.
func (g *goToBar) setStatus(text string) {
	g.status.SetText(text)
	g.relayout()
}

// goTo jumps to the offset typed in text and reports where it landed, or
// why it could not.
func (s *SourceView) goTo(text string) bool {
	off, err := parseOffset(text)
	switch {
	case err != nil:
		s.goBar.setStatus(say("goto-bad", "Example", 2_000_000))
		return false
	case off >= int64(len(s.body)):
		s.goBar.setStatus(say("goto-past-end", "Offset", off, "Size", bytesText(int64(len(s.body)))))
		return false
	}
	s.ScrollToOffset(off)
	s.goBar.setStatus(s.positionText(off))
	return true
}

// positionText says where body offset off is: its line and column (in
// characters from the line's start, both from 1), or its row when lines
// are not counted.
func (s *SourceView) positionText(off int64) string {
	row := s.index.rowOf(off)
	line := s.index.line(row)
	if line == 0 {
		return say("source-row", "Row", row)
	}
	return say("source-line-column", "Line", line, "Column", s.columnOf(off))
}

// columnOf counts the characters from the start of off's line to off, from
// 1: one pass over the line, so a jump into a 64 MB one-line page reads it
// once.
func (s *SourceView) columnOf(off int64) int64 {
	from := s.index.lineStart(off)
	seg := s.body[from:off]
	if s.charset.Decode == nil {
		return int64(utf8.RuneCount(seg)) + 1
	}
	n, charLen := int64(0), s.charset.charLen()
	for i := 0; i < len(seg); n++ {
		i += max(charLen(seg[i:]), 1)
	}
	return n + 1
}
