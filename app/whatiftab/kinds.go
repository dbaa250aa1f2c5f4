package whatiftab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// kindsColumn is the panel's left column: a tick per kind of movable
// element with its count and bytes, and each advice with a button that
// ticks exactly its moves.
type kindsColumn struct {
	checks   []*widget.Check
	totals   []kindTotal
	apply    []*widget.Button
	box      *fyne.Container
	root     fyne.CanvasObject
	onKind   func(i int, on bool)
	onAdvice func(i int)
}

func newKindsColumn(onKind func(int, bool), onAdvice func(int)) *kindsColumn {
	c := &kindsColumn{box: container.NewVBox(), onKind: onKind, onAdvice: onAdvice}
	c.root = container.NewVScroll(c.box)
	return c
}

func (c *kindsColumn) content() fyne.CanvasObject { return c.root }

func (c *kindsColumn) clear() {
	c.checks, c.totals, c.apply = nil, nil, nil
	c.box.Objects = nil
	c.box.Refresh()
}

// show lists the kinds and the advice.
func (c *kindsColumn) show(totals []kindTotal, advice []adviceItem) {
	c.clear()
	c.totals = totals
	objs := []fyne.CanvasObject{kit.Heading(i18n.T("whatiftab.move-out"))}
	for i, t := range totals {
		ch := widget.NewCheck(kindText(t), func(on bool) { c.onKind(i, on) })
		if t.count == 0 {
			ch.Disable()
		}
		c.checks = append(c.checks, ch)
		objs = append(objs, ch)
	}
	if len(advice) > 0 {
		objs = append(objs, kit.Heading(i18n.T("whatiftab.advice")))
	}
	for i, it := range advice {
		b := widget.NewButtonWithIcon(i18n.T("whatiftab.apply"), theme.ConfirmIcon(), func() { c.onAdvice(i) })
		text := it.message
		if it.unmatched > 0 {
			text = i18n.Then(text, i18n.T("whatiftab.unmatched", "Count", it.unmatched))
		}
		msg := kit.NewParagraph(text)
		c.apply = append(c.apply, b)
		objs = append(objs, container.NewBorder(nil, nil, container.NewVBox(b), nil, msg))
	}
	c.box.Objects = objs
	c.box.Refresh()
}

// sync shows each kind's tick as the selection has it: ticked when every
// element of the kind is, partly when some are.
func (c *kindsColumn) sync(s *selection) {
	for i, ch := range c.checks {
		all, some := s.kindState(c.totals[i].kind)
		if ch.Checked == all && ch.Partial == some {
			continue
		}
		ch.Checked, ch.Partial = all, some // not SetChecked: that calls OnChanged
		ch.Refresh()
	}
}

// kindText names a kind with its totals: "inline scripts: 17, 1,142,101
// bytes, saves 1,141,630".
func kindText(t kindTotal) string {
	if t.count == 0 {
		return i18n.T("whatiftab.kind-none", "Kind", kindNoun(t.kind, 2))
	}
	return i18n.T("whatiftab.kind-totals", "Kind", kindNoun(t.kind, t.count), "Count", t.count,
		"Bytes", bytesText(t.bytes), "Saves", t.saves)
}

// kindNoun names elements of kind k, as many as n: "inline script",
// "inline scripts".
func kindNoun(k whatif.Kind, n int) string { return i18n.T("whatiftab.kind-"+k.String(), "Count", n) }

// bytesText is a byte count with its noun, in the language in use:
// "1,999,860 bytes".
func bytesText(n int64) string { return i18n.T("common.bytes", "Count", n) }
