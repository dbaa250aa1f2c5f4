package robotstab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// followCursor keeps the editor's caret in view. The entry does not scroll
// itself (it grows inside a.edit so that the gutter scrolls along), so
// without this, typing past the last visible line, or selecting a verdict
// whose deciding line is further down, leaves the caret out of sight.
func (a *Area) followCursor() {
	if a.edit == nil || a.readOnly {
		return
	}
	view := a.edit.Size()
	if view.Width <= 0 || view.Height <= 0 {
		return
	}
	// The text may have grown in this very frame, before the scroll laid
	// its content out again; the scroll clamps its offset to that size.
	if c := a.edit.Content; c.Size() != c.MinSize().Max(view) {
		c.Resize(c.MinSize().Max(view))
	}
	th := a.editor.Theme()
	letter := fyne.MeasureText("M", th.Size(theme.SizeNameText), a.editor.TextStyle)
	caret := a.editor.CursorPosition().Add(a.editor.Position())
	pad := th.Size(theme.SizeNameInnerPadding)
	off := fyne.NewPos(
		keepInView(a.edit.Offset.X, view.Width, caret.X, letter.Width, 2*letter.Width),
		keepInView(a.edit.Offset.Y, view.Height, caret.Y, letter.Height, pad))
	if off != a.edit.Offset {
		a.edit.ScrollToOffset(off)
	}
}

// keepInView is the scroll offset along one axis that shows the span
// [at, at+size) with margin around it, moving the current offset as little
// as possible. It never returns a negative offset.
func keepInView(offset, view, at, size, margin float32) float32 {
	switch {
	case at-margin < offset:
		offset = at - margin
	case at+size+margin > offset+view:
		offset = at + size + margin - view
	}
	return max(offset, 0)
}
