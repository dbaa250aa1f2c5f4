package kit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Paragraph is read-only text wrapped to the width it is given, between
// words as BreakLines breaks them: never at the narrow no-break space of a
// French number ("2 000 000 octets" stays whole), and between Japanese
// characters by Japanese rules. Fyne's word wrapping breaks at every
// Unicode space and Japanese text only where it runs out of room.
//
// Use it for sentences a user reads but does not select: a Paragraph
// cannot be selected, since the lines it shows are not its text.
type Paragraph struct {
	widget.BaseWidget
	Text       string
	TextStyle  fyne.TextStyle
	Importance widget.Importance
	Alignment  fyne.TextAlign
	// SizeName is the theme size of the text; "" is the usual text size.
	SizeName fyne.ThemeSizeName

	label *widget.Label // the lines, wrapped here
	width float32       // the text width the lines were broken for; 0 before a layout
}

// NewParagraph is a Paragraph of text.
func NewParagraph(text string) *Paragraph {
	p := &Paragraph{Text: text}
	p.ExtendBaseWidget(p)
	return p
}

// NewParagraphWithStyle is a Paragraph of text in style.
func NewParagraphWithStyle(text string, style fyne.TextStyle) *Paragraph {
	p := &Paragraph{Text: text, TextStyle: style}
	p.ExtendBaseWidget(p)
	return p
}

// SetText shows text.
func (p *Paragraph) SetText(text string) {
	p.Text = text
	p.Refresh()
}

// CreateRenderer is the label of the paragraph's lines.
func (p *Paragraph) CreateRenderer() fyne.WidgetRenderer {
	p.ExtendBaseWidget(p)
	p.label = widget.NewLabel("")
	p.sync()
	return &paragraphRenderer{p: p}
}

// Refresh breaks the text again and draws it.
func (p *Paragraph) Refresh() {
	if p.label == nil {
		return // not drawn yet: the renderer will sync
	}
	p.sync()
	p.BaseWidget.Refresh()
}

// sync gives the label the text broken for the last width laid out
// (unbroken before any layout) and the paragraph's style.
func (p *Paragraph) sync() {
	p.label.TextStyle, p.label.Importance = p.TextStyle, p.Importance
	p.label.Alignment, p.label.SizeName = p.Alignment, p.SizeName
	text := p.Text
	if p.width > 0 {
		size := p.textSize()
		style := p.TextStyle
		text = strings.Join(BreakLines(p.Text, p.width, func(s string) float32 {
			return fyne.MeasureText(s, size, style).Width
		}), "\n")
	}
	if text != p.label.Text {
		p.label.Text = text
	}
	p.label.Refresh()
}

// textSize is the size of the paragraph's text in its theme.
func (p *Paragraph) textSize() float32 {
	if p.SizeName != "" {
		return p.Theme().Size(p.SizeName)
	}
	return p.Theme().Size(theme.SizeNameText)
}

// leastBrokenWidth is the width, in M's, below which a paragraph is not
// broken into lines.
const leastBrokenWidth = 8

// paragraphRenderer lays the paragraph's label out, breaking the text
// again when the width changes.
type paragraphRenderer struct{ p *Paragraph }

func (r *paragraphRenderer) Destroy() {}

func (r *paragraphRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.p.label} }

// Layout breaks the text for size's width, less the label's padding. A
// width of a few characters only comes before the window is laid out (a
// container first lays its content out at its least size): broken there,
// the text would be a word per line, a height the next layout would start
// from; it stays as it was instead.
func (r *paragraphRenderer) Layout(size fyne.Size) {
	w := size.Width - 2*r.p.Theme().Size(theme.SizeNameInnerPadding)
	least := fyne.MeasureText(strings.Repeat("M", leastBrokenWidth), r.p.textSize(), r.p.TextStyle).Width
	if w >= least && w != r.p.width {
		r.p.width = w
		r.p.sync()
	}
	r.p.label.Resize(size)
}

// MinSize is as narrow as a wrapped label's (a few characters) and as
// tall as the lines broken at the last width.
func (r *paragraphRenderer) MinSize() fyne.Size {
	h := r.p.label.MinSize().Height
	pad := 2 * r.p.Theme().Size(theme.SizeNameInnerPadding)
	w := fyne.MeasureText("MM", r.p.textSize(), r.p.TextStyle).Width
	return fyne.NewSize(w+pad, h)
}

func (r *paragraphRenderer) Refresh() { r.p.label.Refresh() }
