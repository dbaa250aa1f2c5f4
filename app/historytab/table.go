package historytab

import (
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// columns are the list's columns, titled in the language in use.
func columns() []kit.Column {
	return []kit.Column{
		{Title: i18n.T("historytab.column-time"), Width: 150}, {Title: i18n.T("historytab.column-profile"), Width: 190},
		{Title: i18n.T("historytab.column-bytes"), Width: 130}, {Title: i18n.T("historytab.column-cutoff"), Width: 190},
		{Title: i18n.T("historytab.column-critical"), Width: 220},
	}
}

func (a *Area) newTable() *widget.Table {
	t := kit.NewListTable(columns(), func() int { return len(a.items) },
		func(row, col int) string { return cell(a.items[row], col) })
	t.OnSelected = func(id widget.TableCellID) {
		a.row = id.Row
		a.openBtn.Enable()
		a.viewBtn.Enable()
	}
	return t
}

// cell is the text of column col for inspection in.
func cell(in history.Inspection, col int) string {
	switch col {
	case 0:
		return timeText(in.Time)
	case 1:
		return in.Profile
	case 2:
		return kit.Commas(in.CountedBytes)
	case 3:
		if in.CutoffOffset == nil {
			return i18n.T("historytab.nothing-cut")
		}
		return i18n.T("historytab.cut-at", "Offset", *in.CutoffOffset)
	default:
		return keptLost(in.Critical)
	}
}

// keptLost counts the critical elements the crawler kept and lost.
func keptLost(es []history.Element) string {
	var kept, lost int64
	for _, e := range es {
		if e.BeyondCutoff {
			lost++
		} else {
			kept++
		}
	}
	if lost == 0 {
		return i18n.T("historytab.kept", "Kept", kept)
	}
	return i18n.T("historytab.kept-lost", "Kept", kept, "Lost", lost)
}
