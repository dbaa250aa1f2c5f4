package byteview

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Wrap widths of the source view. A source line longer than the wrap width
// is shown in several rows, each break on a character boundary (after a tag
// or a space when one is near); a row holds at most the wrap width plus its
// line ending. The wrap width is as many monospace columns as fit the
// view's width, between SourceMinWrap and SourceMaxWrap bytes;
// SourceRowBytes until the view has a size.
const (
	SourceRowBytes = 128
	SourceMinWrap  = 80
	SourceMaxWrap  = 512
)

// SourceHighlight tints a critical element in the source view. Start and End
// are body offsets, End exclusive; Label ("canonical link") is shown in the
// status line when a row holding it is selected, Kind when Label is empty.
type SourceHighlight struct {
	Start, End  int64
	Kind, Label string
}

// SourceView shows a decoded body a row per source line, long lines
// wrapped to the view's width, with a gutter of line numbers and byte
// offsets. Each byte is tinted by its kind, tags and attribute names are
// lightly coloured, and legacy charsets are decoded per row. Everything past the cutoff is shaded, the cutoff row
// marks the exact column, highlights tint critical elements, and a find bar
// (ShowFind) and a go-to-offset bar (ShowGoTo) work over the whole document.
// Rows are decoded only when shown and indexed in one pass (4 bytes a
// row), so opening 64 MB costs little more than opening 64 KB. Its methods
// belong to the UI goroutine.
type SourceView struct {
	body       []byte
	index      *rowIndex
	charset    SourceCharset
	kinds      SourceKinds // nil: no byte kinds
	cutoff     int64       // -1: nothing cut
	highlights []SourceHighlight
	hlMaxEnd   []int64 // hlMaxEnd[i]: largest End among highlights[:i+1]
	markStart  int64   // the found match or go-to byte; -1: none
	markEnd    int64
	selected   int // selected row; -1: none
	matchCase  bool
	find       findState

	metrics sourceMetrics
	scratch *rowScratch // for the row being updated
	wrap    wrapState

	list       *sourceList
	root       *fyne.Container
	bars       *fyne.Container // header, banner, find bar, go-to bar
	header     *sourceHeader
	banner     *fyne.Container
	bannerText *widget.Label
	status     *widget.Label
	findBar    *findBar
	goBar      *goToBar
}

// NewSourceView returns an empty source view. An app (or the test app) must
// exist: rows are measured with its theme.
func NewSourceView() *SourceView {
	s := &SourceView{cutoff: -1, markStart: -1, selected: -1, scratch: &rowScratch{}}
	s.index = newRowIndex(nil, nil, SourceRowBytes)
	s.wrap.do = fyne.Do
	s.setMetrics()
	s.list = newSourceList(s.Rows, func() fyne.CanvasObject { return newSourceRow(s) }, s.updateRow, s.Navigate)
	s.list.HideSeparators = true
	s.list.OnSelected = s.onRowSelected
	s.list.OnUnselected = func(widget.ListItemID) { s.selected = -1 }
	s.status = widget.NewLabel("")
	s.status.Truncation = fyne.TextTruncateEllipsis
	s.bannerText = widget.NewLabel("")
	s.bannerText.Wrapping = fyne.TextWrapWord
	s.banner = container.NewBorder(nil, nil, nil,
		widget.NewButtonWithIcon(say("source-go-to-cutoff"), theme.NavigateNextIcon(), s.onGoToCutoff), s.bannerText)
	s.banner.Hide()
	s.findBar = newFindBar(s)
	s.goBar = newGoToBar(s)
	s.header = newSourceHeader()
	s.bars = container.NewVBox(s.header.root, s.banner, s.findBar.root, s.goBar.root)
	s.root = container.NewBorder(s.bars, s.status, nil, nil, withProbe(container.New(wrapLayout{s}, container.NewHScroll(s.list))))
	s.showStatus()
	return s
}

// Content is the view's root object, to place in a window or tab.
func (s *SourceView) Content() fyne.CanvasObject { return s.root }

// SourceDocument is what a source view shows.
type SourceDocument struct {
	// Body is kept, not copied: the caller must not change it afterwards.
	Body []byte
	// Cutoff is the body offset shading starts at; nil: nothing cut.
	Cutoff *int64
	// Highlights tint critical elements.
	Highlights []SourceHighlight
	// Kinds are the body's byte kinds, which tint the bytes in the ruler's
	// colours; nil: no tints, and every byte is read as markup.
	Kinds SourceKinds
	// Legend lists the kinds the header's legend shows, in the ruler's
	// order (Kinds); nil: the kinds of Kinds when it is a Segments.
	Legend []string
	// Charset says how the bytes make characters; the zero value is UTF-8.
	Charset SourceCharset
}

// SetDocument shows body, shading from body offset *cutoff on (nil: nothing
// cut) and tinting highlights, read as UTF-8 without byte kinds. body is
// kept, not copied: the caller must not change it afterwards.
func (s *SourceView) SetDocument(body []byte, cutoff *int64, highlights []SourceHighlight) {
	s.Show(SourceDocument{Body: body, Cutoff: cutoff, Highlights: highlights})
}

// Show shows a document: it indexes its rows in one pass and draws only
// the rows in view.
func (s *SourceView) Show(d SourceDocument) {
	probeBegin("show")
	s.body, s.charset = d.Body, d.Charset
	s.cutoff = -1
	if d.Cutoff != nil {
		s.cutoff = min(max(*d.Cutoff, 0), int64(len(d.Body)))
	}
	s.kinds = d.Kinds
	legend := d.Legend
	if segs, ok := d.Kinds.(Segments); ok && legend == nil {
		legend = presentKinds(segs)
	}
	s.wrap.doc++
	s.index = newRowIndex(d.Body, s.charset.charLen(), s.wrapWidth())
	s.setHighlights(d.Highlights)
	s.markStart, s.markEnd, s.selected = -1, -1, -1
	s.find = findState{}
	s.setMetrics()
	s.list.UnselectAll()
	s.list.ScrollToOffset(0) // unlike ScrollToTop, safe before the list is first drawn
	s.list.Refresh()
	s.header.show(s.body, &s.charset, legend, s.index.packed)
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

// Rows returns how many rows the document takes: one per source line,
// more for lines longer than the wrap width.
func (s *SourceView) Rows() int { return s.index.count() }

// rowBytes returns row's bytes and its first body offset.
func (s *SourceView) rowBytes(row int) ([]byte, int64) { return s.index.bytes(row) }

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
	row := s.index.rowOf(start)
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

// SelectedText is the selected row's text, for Ctrl+C: its characters
// decoded in the document's charset, a U+FFFD for each byte that starts no
// character. It is "" when no row is selected.
func (s *SourceView) SelectedText() string {
	row, _ := s.rowBytes(s.selected)
	decode := s.charset.Decode
	if decode == nil {
		decode = utf8.DecodeRune
	}
	var b strings.Builder
	for i := 0; i < len(row); {
		r, n := decode(row[i:])
		b.WriteRune(r)
		i += max(n, 1)
	}
	return b.String()
}

// SelectedOffset is the marked byte (the last match or go-to target) if
// any, otherwise the selected row's first byte.
func (s *SourceView) SelectedOffset() (int64, bool) {
	switch {
	case s.markStart >= 0:
		return s.markStart, true
	case s.selected >= 0:
		return s.index.start(s.selected), true
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
	s.bannerText.SetText(say("source-shaded", "Offset", s.cutoff))
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
		s.status.SetText(say("source-empty"))
		return
	}
	row, start := s.rowBytes(s.selected)
	if row == nil {
		s.status.SetText(say("source-status", "Bytes", len(s.body), "Rows", s.Rows()))
		return
	}
	end := start + int64(len(row))
	parts := []string{say("source-row", "Row", s.selected), say("source-body-range", "Range", ByteRange(start, end))}
	if line := s.index.line(s.selected); line > 0 {
		parts[0] = say("source-line-row", "Line", line, "Row", s.selected)
	}
	if s.markStart >= start && s.markStart < end {
		parts = append(parts, say("source-marked", "Offset", s.markStart))
	}
	switch {
	case s.cutoff >= 0 && start >= s.cutoff:
		parts = append(parts, say("hover-past-cutoff"))
	case s.cutoff >= 0 && end > s.cutoff:
		parts = append(parts, say("source-cutoff-falls", "Offset", s.cutoff))
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
