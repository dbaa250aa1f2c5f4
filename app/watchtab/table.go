package watchtab

import (
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
)

// columns are the list's columns.
var columns = []kit.Column{
	{Title: "Page", Width: 300}, {Title: "Profile", Width: 190}, {Title: "Last check", Width: 150},
	{Title: "What changed", Width: 1000},
}

func (a *Area) newTable() *widget.Table {
	t := kit.NewListTable(columns, func() int { return len(a.rows) },
		func(row, col int) string { return cell(a.rows[row], col) })
	t.OnSelected = func(id widget.TableCellID) {
		a.selected = id.Row
		a.removeBtn.Enable()
		a.showSelected()
	}
	return t
}

// showSelected says in the status line what the selected page's last
// check found, whole (the column shows its beginning).
func (a *Area) showSelected() {
	if a.selected >= 0 && a.selected < len(a.rows) {
		r := a.rows[a.selected]
		a.status.SetText(r.page.URL + ": " + r.changed)
	}
}

// cell is the text of column col for r.
func cell(r row, col int) string {
	switch col {
	case 0:
		return r.page.URL
	case 1:
		return r.page.Profile
	case 2:
		if r.checked.IsZero() {
			return "never"
		}
		return timeText(r.checked)
	default:
		return r.changed
	}
}
