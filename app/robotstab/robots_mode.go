package robotstab

import (
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// setText puts text before the user without scheduling an evaluation: in
// the editor, or read-only line by line when it is longer than
// robotsEditMax and the user has not asked to edit it anyway.
func (a *Area) setText(text string) {
	a.readOnly = len(text) > robotsEditMax && !a.editAnyway
	a.editor.OnChanged = nil
	if a.readOnly {
		a.shown = text
		a.editor.SetText("")
		a.lines.setText(text)
	} else {
		a.shown = ""
		a.lines.setText("")
		a.editor.SetText(text)
	}
	a.editor.OnChanged = a.onEdited
	a.showMode()
}

// text is the robots.txt being evaluated: the editor's, or the read-only
// one.
func (a *Area) text() string {
	if a.readOnly {
		return a.shown
	}
	return a.editor.Text
}

// showMode shows the editor or the read-only lines with what explains them.
func (a *Area) showMode() {
	setVisible(a.edit, !a.readOnly)
	setVisible(a.lines.list, a.readOnly)
	setVisible(a.long, a.readOnly)
	if a.readOnly {
		size, id := int64(len(a.shown)), "robotstab.long-draft"
		if a.shown == a.data.live {
			size, id = a.data.liveSize, "robotstab.long-file"
		}
		a.longMsg.SetText(i18n.T(id, "Size", kit.BytesText(size), "Max", robotsEditMax))
	}
	if a.leftTop != nil {
		a.leftTop.Refresh() // the notice above the text comes or goes
	}
}

// onEditAnyway moves a long text into the editor, once slow, at the
// user's request.
func (a *Area) onEditAnyway() {
	if !a.readOnly {
		return
	}
	a.editAnyway = true
	text := a.shown
	a.setText(text)
	a.setGutter(text, 0)
	if a.hasSel {
		a.showCell(a.sel)
	}
}

// setVisible shows or hides o.
func setVisible(o interface {
	Show()
	Hide()
}, show bool) {
	if show {
		o.Show()
	} else {
		o.Hide()
	}
}
