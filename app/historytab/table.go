package historytab

import (
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/history"
)

// columns are the list's columns.
var columns = []kit.Column{
	{Title: "Time", Width: 150}, {Title: "Profile", Width: 190}, {Title: "Bytes counted", Width: 130},
	{Title: "Cutoff", Width: 190}, {Title: "Critical elements", Width: 220},
}

func (a *Area) newTable() *widget.Table {
	t := kit.NewListTable(columns, func() int { return len(a.items) },
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
			return "nothing cut"
		}
		return "at body byte " + kit.Commas(*in.CutoffOffset)
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
		return kit.Commas(kept) + " kept"
	}
	return kit.Commas(kept) + " kept, " + kit.Commas(lost) + " lost"
}
