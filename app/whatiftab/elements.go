package whatiftab

import (
	"slices"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The orders the element list offers, by their place in its picker.
const (
	orderPage = iota
	orderLargest
)

// excerptBytes is how much of an element's bytes its row quotes.
const excerptBytes = 80

// elementList is the panel's right column: every movable element with
// its tick, kind, byte range, size and first bytes, and a button opening
// the Source tab at it. Rows are built as they scroll into view, so a page
// of a hundred thousand elements costs no more than one of ten.
type elementList struct {
	els   []whatif.Element
	body  []byte
	sel   *selection
	order []int // row → element index

	heading *widget.Label
	sort    *widget.Select
	list    *widget.List
	root    fyne.CanvasObject

	onTick   func(i int, on bool)
	onOffset func(int64)
}

func newElementList(onTick func(int, bool), onOffset func(int64)) *elementList {
	l := &elementList{onTick: onTick, onOffset: onOffset}
	l.heading = kit.Heading(i18n.T("whatiftab.elements"))
	l.list = widget.NewList(func() int { return len(l.order) }, newElementRow, l.updateRow)
	l.sort = widget.NewSelect([]string{i18n.T("whatiftab.order-page"), i18n.T("whatiftab.order-largest")},
		func(string) { l.sortRows() })
	l.sort.SetSelectedIndex(orderPage)
	l.root = container.NewBorder(container.NewBorder(nil, nil, nil, l.sort, l.heading), nil, nil, nil, l.list)
	return l
}

func (l *elementList) content() fyne.CanvasObject { return l.root }

func (l *elementList) clear() {
	l.els, l.body, l.sel, l.order = nil, nil, nil, nil
	l.heading.SetText(i18n.T("whatiftab.elements"))
	l.list.Refresh()
}

// show lists the plan's elements of body, ticked as sel says.
func (l *elementList) show(plan *whatif.Plan, body []byte, sel *selection) {
	l.els, l.body, l.sel = plan.Elements, body, sel
	l.heading.SetText(i18n.T("whatiftab.elements-to-move", "Count", len(l.els)))
	l.sortRows()
}

// sortRows orders the rows as the order picker says.
func (l *elementList) sortRows() {
	l.order = make([]int, len(l.els))
	for i := range l.order {
		l.order[i] = i
	}
	if l.sort.SelectedIndex() == orderLargest {
		slices.SortStableFunc(l.order, func(x, y int) int {
			return int(l.els[y].Move.End - l.els[y].Move.Start - (l.els[x].Move.End - l.els[x].Move.Start))
		})
	}
	l.list.Refresh()
	l.list.ScrollToTop()
}

// refresh redraws the ticks.
func (l *elementList) refresh() { l.list.Refresh() }

func newElementRow() fyne.CanvasObject {
	check := widget.NewCheck("", nil)
	text := widget.NewLabel("")
	text.Truncation = fyne.TextTruncateEllipsis
	jump := widget.NewButtonWithIcon("", theme.NavigateNextIcon(), nil)
	jump.Importance = widget.LowImportance
	return container.NewBorder(nil, nil, check, jump, text)
}

func (l *elementList) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(l.order) {
		return
	}
	i := l.order[id]
	e := l.els[i]
	row := o.(*fyne.Container)
	text := row.Objects[0].(*widget.Label)
	check := row.Objects[1].(*widget.Check)
	jump := row.Objects[2].(*widget.Button)
	along := l.sel.takenAlong(i)
	text.SetText(elementText(e, l.body, along))
	check.OnChanged = nil
	check.Checked, check.Partial = l.sel.on[i] || along, false
	if along {
		check.Disable()
	} else {
		check.Enable()
	}
	check.Refresh()
	check.OnChanged = func(on bool) { l.onTick(i, on) }
	jump.OnTapped = func() { l.onOffset(e.Move.Start) }
}

// elementText describes one element in its row: "inline script · bytes
// 1,200–45,000 · 43,800 bytes · <script>var a = …".
func elementText(e whatif.Element, body []byte, along bool) string {
	s := i18n.T("whatiftab.element-row", "Kind", kindNoun(e.Kind, 1), "Start", e.Move.Start, "End", e.Move.End,
		"Bytes", bytesText(e.Move.End-e.Move.Start))
	if along {
		s += " · " + i18n.T("whatiftab.moves-along")
	}
	return s + " · " + excerpt(body, e.Move)
}

// excerpt is the first bytes of a move's range as one line: white space
// runs shown as one space, control characters left out.
func excerpt(body []byte, m whatif.Move) string {
	end := min(m.End, m.Start+excerptBytes, int64(len(body)))
	if m.Start < 0 || m.Start >= end {
		return ""
	}
	text := kit.ShownText(body[m.Start:end], excerptBytes)
	text = strings.Join(strings.Fields(text), " ")
	text = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, text)
	if text == "" {
		return i18n.T("whatiftab.white-space")
	}
	if end < m.End {
		text += "…"
	}
	return text
}
