//lint:file-ignore U1000 noFocus is never called: it is there to make TapButton's focus methods ambiguous, so that TapButton is not a fyne.Focusable

package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// TapButton is a button the mouse presses but Tab passes by: the URL
// field's list of recent URLs, a button whose action the menu also
// offers. Everything else is widget.Button's.
type TapButton struct {
	widget.Button
	// noFocus declares FocusGained and FocusLost at the same depth as the
	// embedded Button's, so neither is promoted and TapButton is not a
	// fyne.Focusable: the focus walk skips it.
	noFocus
}

type noFocus struct{}

func (noFocus) FocusGained() {}
func (noFocus) FocusLost()   {}

// NewTapButton is a TapButton showing label and icon (either may be
// empty) that runs tapped.
func NewTapButton(label string, icon fyne.Resource, tapped func()) *TapButton {
	b := &TapButton{}
	b.Text = label
	b.Icon = icon
	b.OnTapped = tapped
	b.ExtendBaseWidget(b)
	return b
}
