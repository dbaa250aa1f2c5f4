package byteview

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// SourceRowBytes is how many body bytes one source view row shows. Rows are
// fixed-width so the view is virtual: row r always holds bytes
// [r*SourceRowBytes, (r+1)*SourceRowBytes), whatever the line breaks, and a
// 64 MB document is 524,288 rows of equal height (about 11 million pixels,
// within float32 precision).
const SourceRowBytes = 128

// SourceHighlight tints a critical element in the source view. Start and End
// are body offsets, End exclusive; Label ("canonical link") is shown in the
// status line when a row holding it is selected, Kind when Label is empty.
type SourceHighlight struct {
	Start, End  int64
	Kind, Label string
}

// SourceView shows a decoded body in fixed rows of SourceRowBytes bytes with
// a byte-offset gutter. Everything past the cutoff is shaded, the cutoff row
// marks the exact column, highlights tint critical elements, and a find bar
// (ShowFind) and a go-to-offset bar (ShowGoTo) work over the whole document.
// Rows are decoded only when shown, so opening 64 MB costs no more than
// opening 64 KB. Its methods belong to the UI goroutine.
type SourceView struct {
	body       []byte
	cutoff     int64 // -1: nothing cut
	highlights []SourceHighlight
	hlMaxEnd   []int64 // hlMaxEnd[i]: largest End among highlights[:i+1]
	markStart  int64   // the found match or go-to byte; -1: none
	markEnd    int64
	selected   int // selected row; -1: none
	matchCase  bool
	find       findState

	metrics sourceMetrics
	cols    *rowColumns // scratch for the row being updated

	list       *sourceList
	root       *fyne.Container
	bars       *fyne.Container // banner, find bar, go-to bar
	banner     *fyne.Container
	bannerText *widget.Label
	status     *widget.Label
	findBar    *findBar
	goBar      *goToBar
}

// NewSourceView returns an empty source view. An app (or the test app) must
// exist: rows are measured with its theme.
func NewSourceView() *SourceView {
	s := &SourceView{cutoff: -1, markStart: -1, selected: -1, cols: &rowColumns{}}
	s.metrics = newSourceMetrics(0)
	s.list = newSourceList(s.Rows, func() fyne.CanvasObject { return newSourceRow(s) }, s.updateRow, s.Navigate)
	s.list.HideSeparators = true
	s.list.OnSelected = s.onRowSelected
	s.list.OnUnselected = func(widget.ListItemID) { s.selected = -1 }
	s.status = widget.NewLabel("")
	s.status.Truncation = fyne.TextTruncateEllipsis
	s.bannerText = widget.NewLabel("")
	s.bannerText.Wrapping = fyne.TextWrapWord
	s.banner = container.NewBorder(nil, nil, nil,
		widget.NewButtonWithIcon("Go to cutoff", theme.NavigateNextIcon(), s.onGoToCutoff), s.bannerText)
	s.banner.Hide()
	s.findBar = newFindBar(s)
	s.goBar = newGoToBar(s)
	s.bars = container.NewVBox(s.banner, s.findBar.root, s.goBar.root)
	s.root = container.NewBorder(s.bars, s.status, nil, nil, container.NewHScroll(s.list))
	s.showStatus()
	return s
}

// Content is the view's root object, to place in a window or tab.
func (s *SourceView) Content() fyne.CanvasObject { return s.root }

// SetDocument shows body, shading from body offset *cutoff on (nil: nothing
// cut) and tinting highlights. body is kept, not copied: the caller must not
// change it afterwards.
func (s *SourceView) SetDocument(body []byte, cutoff *int64, highlights []SourceHighlight) {
	s.body = body
	s.cutoff = -1
	if cutoff != nil {
		s.cutoff = min(max(*cutoff, 0), int64(len(body)))
	}
	s.setHighlights(highlights)
	s.markStart, s.markEnd, s.selected = -1, -1, -1
	s.find = findState{}
	s.metrics = newSourceMetrics(len(body))
	s.list.UnselectAll()
	s.list.ScrollToOffset(0) // unlike ScrollToTop, safe before the list is first drawn
	s.list.Refresh()
	s.showBanner()
	s.findBar.reset()
	s.goBar.reset()
	s.showStatus()
}

// setHighlights keeps highlights sorted by start with a running maximum of
// their ends, so the ones touching a row are found without a full scan.
func (s *SourceView) setHighlights(hs []SourceHighlight) {
	s.highlights = slices.Clone(hs)
	slices.SortStableFunc(s.highlights, func(a, b SourceHighlight) int { return cmpInt64(a.Start, b.Start) })
	s.hlMaxEnd = make([]int64, len(s.highlights))
	var top int64
	for i, h := range s.highlights {
		top = max(top, h.End)
		s.hlMaxEnd[i] = top
	}
}

// Rows returns how many rows the document takes: ceil(len/SourceRowBytes).
func (s *SourceView) Rows() int {
	return (len(s.body) + SourceRowBytes - 1) / SourceRowBytes
}

// rowBytes returns row's bytes and its first body offset.
func (s *SourceView) rowBytes(row int) ([]byte, int64) {
	start := int64(row) * SourceRowBytes
	if row < 0 || start >= int64(len(s.body)) {
		return nil, start
	}
	return s.body[start:min(start+SourceRowBytes, int64(len(s.body)))], start
}

// ScrollToOffset selects the row holding body offset off, scrolls it into
// view and marks that byte. Offsets outside the body are clamped.
func (s *SourceView) ScrollToOffset(off int64) {
	if len(s.body) == 0 {
		return
	}
	off = min(max(off, 0), int64(len(s.body))-1)
	s.markRange(off, off+1)
}

// markRange marks [start, end), selects its first row and scrolls to it.
func (s *SourceView) markRange(start, end int64) {
	s.markStart, s.markEnd = start, end
	row := int(start / SourceRowBytes)
	s.list.Select(row)
	s.selected = row
	s.list.ScrollTo(row)
	s.centerRow(row)
	s.list.Refresh()
	s.showStatus()
}

// centerRow scrolls row to the middle of the view once the view has a
// size, so a jump target shows what surrounds it (the shaded rows after the
// cutoff, the lines around a match) instead of sitting on an edge.
func (s *SourceView) centerRow(row int) {
	view := s.list.Size().Height
	if view <= 0 {
		return
	}
	step := s.metrics.rowH + s.list.Theme().Size(theme.SizeNamePadding) // the list's item pitch
	s.list.ScrollToOffset(float32(row)*step - (view-s.metrics.rowH)/2)
}

// SelectedText is the selected row's text, for Ctrl+C: its bytes as they
// are, with invalid UTF-8 replaced by U+FFFD. It is "" when no row is
// selected.
func (s *SourceView) SelectedText() string {
	row, _ := s.rowBytes(s.selected)
	return strings.ToValidUTF8(string(row), "\uFFFD")
}

// SelectedOffset is the marked byte (the last match or go-to target) if
// any, otherwise the selected row's first byte.
func (s *SourceView) SelectedOffset() (int64, bool) {
	switch {
	case s.markStart >= 0:
		return s.markStart, true
	case s.selected >= 0:
		return int64(s.selected) * SourceRowBytes, true
	}
	return 0, false
}

// Find returns the first match of query at or after body offset from,
// wrapping around to the start; ok is false when query does not occur. It
// ignores ASCII case unless match case is on (SetMatchCase). It only
// searches: the find bar moves the view.
func (s *SourceView) Find(query string, from int64) (int64, bool) {
	return newMatcher(s.body, query, s.matchCase).findFrom(from)
}

// FindBefore returns the last match of query starting before body offset
// before, wrapping around to the end; ok is false when query does not occur.
func (s *SourceView) FindBefore(query string, before int64) (int64, bool) {
	return newMatcher(s.body, query, s.matchCase).findBefore(before)
}

// SetMatchCase makes Find and the find bar match case exactly (on) or
// ignore ASCII case (off, the default).
func (s *SourceView) SetMatchCase(on bool) {
	s.findBar.matchCase.SetChecked(on) // calls onMatchCase
}

func (s *SourceView) onMatchCase(on bool) {
	s.matchCase = on
	s.find = findState{}
}

// ShowFind shows the find bar and focuses its field (Ctrl+F).
func (s *SourceView) ShowFind() { s.findBar.show() }

// ShowGoTo shows the go-to-offset bar and focuses its field (Ctrl+G).
func (s *SourceView) ShowGoTo() { s.goBar.show() }

// HideBars hides the find and go-to bars (Esc).
func (s *SourceView) HideBars() {
	s.findBar.hide()
	s.goBar.hide()
}

func (s *SourceView) onRowSelected(id widget.ListItemID) {
	s.selected = id
	s.showStatus()
}

func (s *SourceView) onGoToCutoff() {
	if s.cutoff >= 0 {
		s.ScrollToOffset(s.cutoff)
	}
}

func (s *SourceView) showBanner() {
	if s.cutoff < 0 || s.cutoff >= int64(len(s.body)) {
		s.banner.Hide()
		s.relayout()
		return
	}
	s.bannerText.SetText("Shaded from body byte " + commas(s.cutoff) +
		" on: past the cutoff, the crawler never sees what follows.")
	s.banner.Show()
	s.relayout()
}

// relayout lays the bars out again after one is shown or hidden: a
// container does not notice a child's visibility change by itself.
func (s *SourceView) relayout() {
	if s.bars != nil {
		s.bars.Refresh()
		s.root.Refresh()
	}
}

// showStatus describes the selected row, or the document when none is.
func (s *SourceView) showStatus() {
	if len(s.body) == 0 {
		s.status.SetText("The body is empty.")
		return
	}
	row, start := s.rowBytes(s.selected)
	if row == nil {
		s.status.SetText(commas(int64(len(s.body))) + " bytes in " + commas(int64(s.Rows())) + " rows of " +
			strconv.Itoa(SourceRowBytes) + " bytes. Ctrl+F finds, Ctrl+G goes to an offset.")
		return
	}
	end := start + int64(len(row))
	parts := []string{"Row " + commas(int64(s.selected)), "body " + ByteRange(start, end)}
	if s.markStart >= start && s.markStart < end {
		parts = append(parts, "marked byte "+commas(s.markStart))
	}
	switch {
	case s.cutoff >= 0 && start >= s.cutoff:
		parts = append(parts, "past the cutoff")
	case s.cutoff >= 0 && end > s.cutoff:
		parts = append(parts, "the cutoff falls at byte "+commas(s.cutoff))
	}
	for _, h := range s.rowHighlights(start, end) {
		parts = append(parts, highlightName(h)+" ("+ByteRange(h.Start, h.End)+")")
	}
	s.status.SetText(strings.Join(parts, " · "))
}

func highlightName(h SourceHighlight) string {
	if h.Label != "" {
		return h.Label
	}
	return h.Kind
}

// rowHighlights returns up to sourceRowHighlights highlights touching body
// bytes [start, end), in order of their start.
func (s *SourceView) rowHighlights(start, end int64) []SourceHighlight {
	i := sort.Search(len(s.highlights), func(i int) bool { return s.highlights[i].Start >= end })
	var out []SourceHighlight
	for i--; i >= 0 && s.hlMaxEnd[i] > start; i-- {
		if h := s.highlights[i]; h.End > start {
			out = append(out, h)
		}
	}
	slices.Reverse(out)
	return out[:min(len(out), sourceRowHighlights)]
}
