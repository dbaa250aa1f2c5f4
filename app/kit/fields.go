package kit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// TextArea is a multi-line entry that behaves as a field of a form: Tab
// and Shift+Tab move the focus on instead of typing a tab character, and
// Ctrl+Home and Ctrl+End move the caret to the start and the end of the
// text. The driver gives every shortcut to the focused field first, so
// these keys never reach the window's own shortcuts while it has the focus.
type TextArea struct {
	widget.Entry
}

// NewTextArea is an empty TextArea.
func NewTextArea() *TextArea {
	t := &TextArea{}
	t.MultiLine = true
	t.Wrapping = fyne.TextWrapWord
	t.ExtendBaseWidget(t)
	return t
}

// AcceptsTab is false: Tab leaves the field.
func (t *TextArea) AcceptsTab() bool { return false }

// TypedShortcut moves the caret for Ctrl+Home and Ctrl+End and hands every
// other shortcut to the entry.
func (t *TextArea) TypedShortcut(s fyne.Shortcut) {
	if c, ok := s.(*desktop.CustomShortcut); ok && c.Modifier == fyne.KeyModifierShortcutDefault {
		switch c.KeyName {
		case fyne.KeyHome:
			t.CursorRow = 0
			t.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
			return
		case fyne.KeyEnd:
			t.CursorRow = strings.Count(t.Text, "\n")
			t.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
			return
		}
	}
	t.Entry.TypedShortcut(s)
}

// EscEntry is a one-line entry where Esc runs OnEscape (closing the dialog
// it is in, say), or without one goes on to the window's own key handler
// (which cancels the running job): a plain entry takes Esc and does
// nothing with it, so the key would never reach the window.
type EscEntry struct {
	widget.Entry
	OnEscape func()
}

// NewEscEntry is an empty EscEntry.
func NewEscEntry() *EscEntry {
	e := &EscEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey runs OnEscape for Esc, or hands Esc to the window's key
// handler, and hands every other key to the entry.
func (e *EscEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		if e.OnEscape != nil {
			e.OnEscape()
			return
		}
		if c := fyne.CurrentApp().Driver().CanvasForObject(e); c != nil && c.OnTypedKey() != nil {
			c.OnTypedKey()(ev)
			return
		}
	}
	e.Entry.TypedKey(ev)
}
