package watchtab

import (
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// columns are the list's columns, titled in the language in use.
func columns() []kit.Column {
	return []kit.Column{
		{Title: i18n.T("watchtab.column-page"), Width: 300}, {Title: i18n.T("watchtab.column-profile"), Width: 190},
		{Title: i18n.T("watchtab.column-checked"), Width: 150}, {Title: i18n.T("watchtab.column-changed"), Width: 1000},
	}
}

func (a *Area) newTable() *widget.Table {
	t := kit.NewListTable(columns(), func() int { return len(a.rows) },
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
		a.status.SetText(i18n.T("watchtab.page-found", "URL", r.page.URL, "Found", r.changed))
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
			return i18n.T("watchtab.never")
		}
		return timeText(r.checked)
	default:
		return r.changed
	}
}
