package byteview

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// minifiedBody is one line of tags and words, size bytes long.
func minifiedBody(size int) []byte {
	unit := `<div class="nav"><a href="/news/world">World news</a></div>`
	b := []byte(strings.Repeat(unit, size/len(unit)+1))
	return b[:size]
}

// TestSourceWrapFollowsWidth checks that long lines wrap at as many
// columns as fit the view: the widest row fills the view to within a few
// glyphs, never past it, bounded by SourceMinWrap and SourceMaxWrap.
func TestSourceWrapFollowsWidth(t *testing.T) {
	tests := []struct {
		name  string
		width float32
		clamp int // the wrap width expected when the bounds decide; 0: the width decides
	}{
		{"1024 px", 1024, 0},
		{"1920 px", 1920, 0},
		{"narrower than the minimum", 400, SourceMinWrap},
		{"wider than the maximum", 6000, SourceMaxWrap},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			s := NewSourceView()
			w := test.NewTempWindow(t, s.Content())
			w.Resize(fyne.NewSize(tt.width, 500))
			s.Show(SourceDocument{Body: minifiedBody(100_000)})
			wrap := s.index.width
			if tt.clamp != 0 {
				if wrap != tt.clamp {
					t.Fatalf("wrap width %d, want %d", wrap, tt.clamp)
				}
				return
			}
			view := s.list.Size().Width
			rowEnd := s.metrics.width
			if rowEnd > view || rowEnd < view-4*s.metrics.glyphW {
				t.Errorf("rows are %v px wide (wrap %d) in a view of %v px", rowEnd, wrap, view)
			}
			if row, _ := s.index.bytes(0); len(row) < wrap-sourceBreakLookback || len(row) > wrap {
				t.Errorf("first row holds %d bytes, wrap width %d", len(row), wrap)
			}
		})
	}
}

// TestSourceRewrapKeepsPlace checks that a resize re-wraps the rows while
// the selected byte stays selected and in view, and that offsets, go-to
// and find still land on the right row.
func TestSourceRewrapKeepsPlace(t *testing.T) {
	test.NewTempApp(t)
	body := minifiedBody(1_000_000)
	s := NewSourceView()
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(1920, 700))
	s.Show(SourceDocument{Body: body})
	const target = 654_321
	s.ScrollToOffset(target)
	wide := s.index.width

	w.Resize(fyne.NewSize(1024, 700))
	if s.index.width >= wide {
		t.Fatalf("wrap width %d after narrowing, was %d", s.index.width, wide)
	}
	checkRowHolds(t, s, s.selected, target, "the selected row")
	y, off := float32(s.selected)*s.rowPitch(), s.list.GetScrollOffset()
	if y < off || y+s.metrics.rowH > off+s.list.Size().Height {
		t.Errorf("selected row %d (y %v-%v) is out of view (%v-%v) after the re-wrap",
			s.selected, y, y+s.metrics.rowH, off, off+s.list.Size().Height)
	}
	if s.markStart != target {
		t.Errorf("marked byte %d, want %d", s.markStart, target)
	}
	if !s.goTo("900000") {
		t.Fatal("go to 900000 failed")
	}
	checkRowHolds(t, s, s.selected, 900_000, "the go-to row")
	copy(body[len(body)-9:], "NeedleXYZ")
	s.findBar.entry.SetText("needlexyz")
	s.findStep(true)
	checkRowHolds(t, s, s.selected, int64(len(body)-9), "the found row")
}

func checkRowHolds(t *testing.T, s *SourceView, row int, off int64, what string) {
	t.Helper()
	if start, end := s.index.start(row), s.index.start(row+1); off < start || off >= end {
		t.Errorf("%s (%d) spans %d-%d, not byte %d", what, row, start, end, off)
	}
}

// TestSourceRewrapInBackground checks that a large body is re-wrapped off
// the UI goroutine: the old rows stay shown until the new index is handed
// over, one re-index runs at a time and ends at the latest width, and a
// re-index of a document replaced meanwhile is dropped.
func TestSourceRewrapInBackground(t *testing.T) {
	test.NewTempApp(t)
	body := minifiedBody(sourceSyncWrapBytes + 1)
	handed := make(chan func(), 1)
	s := NewSourceView()
	s.wrap.do = func(f func()) { handed <- f }
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(1920, 700))
	s.Show(SourceDocument{Body: body})
	wide := s.index.width

	w.Resize(fyne.NewSize(1024, 700))
	w.Resize(fyne.NewSize(1300, 700))
	if s.index.width != wide || !s.wrap.building {
		t.Fatalf("wrap width %d (building %v) before the hand-over, want the old %d while building", s.index.width, s.wrap.building, wide)
	}
	(<-handed)() // the 1024 px index, built while 1300 px was asked for: a second build follows
	(<-handed)()
	if got, want := s.index.width, s.wrap.want; got != want || s.wrap.building {
		t.Fatalf("wrap width %d (building %v), want %d", got, s.wrap.building, want)
	}
	checkPartitionOf(t, s)

	w.Resize(fyne.NewSize(1920, 700))
	s.Show(SourceDocument{Body: []byte("<p>short</p>\n")})
	(<-handed)() // the large body's index arrives after the document changed
	if s.index.count() != 1 || !bytes.Equal(s.body, s.index.body) {
		t.Errorf("a stale re-index replaced the shown document's rows (%d rows)", s.index.count())
	}
}

func checkPartitionOf(t *testing.T, s *SourceView) {
	t.Helper()
	checkPartition(t, s.body, s.index, nil)
}

// TestSourceRewrapKeepsTop checks that with nothing selected a re-wrap
// keeps the byte at the top of the view on the top row.
func TestSourceRewrapKeepsTop(t *testing.T) {
	test.NewTempApp(t)
	s := NewSourceView()
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(1024, 700))
	s.Show(SourceDocument{Body: minifiedBody(1_000_000)})
	s.list.ScrollToOffset(4321 * s.rowPitch())
	top := s.index.start(s.topRow())
	w.Resize(fyne.NewSize(1920, 700))
	if got := s.topRow(); s.index.start(got) > top || s.index.start(got+1) <= top {
		t.Errorf("top row %d (bytes %d-%d) after the re-wrap does not hold byte %d, the top before",
			got, s.index.start(got), s.index.start(got+1), top)
	}
	if s.selected != -1 {
		t.Errorf("row %d selected after a re-wrap with nothing selected", s.selected)
	}
}
