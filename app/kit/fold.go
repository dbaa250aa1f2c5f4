package kit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Fold shows a block of text at most a few lines high, the rest a scroll
// away, with a toggle at its top right that opens it to more lines. A long
// block above a list thus leaves the list most of the window. It starts
// folded.
type Fold struct {
	widget.BaseWidget
	// OnToggled runs after the toggle folded or opened the block: the
	// container holding it lays it out again there, since its height
	// changed.
	OnToggled func()

	content     fyne.CanvasObject
	scroll      *container.Scroll
	toggle      *widget.Button
	folded      bool
	foldedLines int // lines shown folded
	openLines   int // lines shown open, the rest scrolled
}

// NewFold folds content to foldedLines lines of text, and to openLines
// when opened.
func NewFold(content fyne.CanvasObject, foldedLines, openLines int) *Fold {
	f := &Fold{content: content, scroll: container.NewVScroll(content), folded: true,
		foldedLines: foldedLines, openLines: openLines}
	f.toggle = widget.NewButton("", func() {
		f.SetFolded(!f.folded)
		if f.OnToggled != nil {
			f.OnToggled()
		}
	})
	f.toggle.Importance = widget.LowImportance
	f.ExtendBaseWidget(f)
	f.setToggleText()
	return f
}

// Folded reports whether the block shows only its first lines.
func (f *Fold) Folded() bool { return f.folded }

// SetFolded folds or opens the block.
func (f *Fold) SetFolded(folded bool) {
	f.folded = folded
	f.setToggleText()
	f.scroll.ScrollToTop()
	f.Refresh()
}

// Toggle is the button that folds and opens the block.
func (f *Fold) Toggle() *widget.Button { return f.toggle }

func (f *Fold) setToggleText() {
	if f.folded {
		f.toggle.SetText(i18n.T("kit.show-more"))
	} else {
		f.toggle.SetText(i18n.T("kit.show-less"))
	}
}

// linesHeight is the height of n lines of text in a label, from its top
// edge to the end of the last line: the padding under them left out, so
// that a folded block ends on a whole line. It is measured on a label, as
// the theme lays lines out.
func linesHeight(n int) float32 {
	l := widget.NewLabel(strings.TrimSuffix(strings.Repeat("Mg\n", n), "\n"))
	return l.MinSize().Height - theme.InnerPadding()
}

// heights are the block's shown height and whether the toggle is needed:
// whether the text is longer than its folded lines.
func (f *Fold) heights() (shown float32, overflows bool) {
	full := f.content.MinSize().Height
	pad := theme.InnerPadding() + 0.5 // under the last line of a label
	shown = full
	if limit := linesHeight(f.openLines); !f.folded && full > limit+pad {
		shown = limit
	}
	if limit := linesHeight(f.foldedLines); f.folded && full > limit+pad {
		shown = limit
	}
	return shown, full > linesHeight(f.foldedLines)+pad
}

// CreateRenderer is part of fyne.Widget.
func (f *Fold) CreateRenderer() fyne.WidgetRenderer { return &foldRenderer{f: f} }

type foldRenderer struct{ f *Fold }

// Layout puts the toggle at the top right, beside the text rather than
// under it, so the folded block costs no extra line.
func (r *foldRenderer) Layout(size fyne.Size) {
	shown, overflows := r.f.heights()
	r.f.toggle.Hidden = !overflows
	width := size.Width
	if overflows {
		ts := r.f.toggle.MinSize()
		width -= ts.Width
		r.f.toggle.Move(fyne.NewPos(width, 0))
		r.f.toggle.Resize(ts)
	}
	r.f.scroll.Move(fyne.NewPos(0, 0))
	r.f.scroll.Resize(fyne.NewSize(width, max(shown, size.Height)))
}

func (r *foldRenderer) MinSize() fyne.Size {
	shown, _ := r.f.heights()
	return fyne.NewSize(r.f.toggle.MinSize().Width+r.f.scroll.MinSize().Width, shown)
}

func (r *foldRenderer) Refresh() {
	r.f.content.Refresh()
	r.Layout(r.f.Size())
}

func (r *foldRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.f.scroll, r.f.toggle}
}

func (r *foldRenderer) Destroy() {}
