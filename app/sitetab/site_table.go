package sitetab

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// noMatch is what the table area says when the filter keeps no row.
func noMatch() string { return i18n.T("sitetab.no-match") }

// newTable is the virtualised site table: only the visible cells exist, so
// 100,000 rows cost no more widgets than 30.
func (a *Area) newTable() *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return len(a.model.view), siteCols },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateClip // clipping needs no shaping per cell; URLs are elided by hand
			return l
		},
		a.updateCell)
	t.ShowHeaderColumn = false
	t.CreateHeader = kit.NewSortHeader
	t.UpdateHeader = a.updateHeader
	t.OnSelected = func(id widget.TableCellID) {
		a.selected = id.Row
		a.showDetail()
		a.setButtons()
	}
	for i, c := range siteColumns {
		w := kit.TitleWidth(c.width, c.title())
		t.SetColumnWidth(i, w)
		if i == siteColURL {
			a.urlChars = charsIn(w) // as many as the column as set holds
		}
	}
	a.empty = kit.NewParagraph(noMatch())
	a.empty.Alignment = fyne.TextAlignCenter
	a.empty.Hide()
	a.detail = widget.NewLabel("")
	a.detail.Wrapping = fyne.TextWrapBreak
	a.detail.Selectable = true
	a.detail.Hide()
	return t
}

// tableArea is the table with the line shown over it when the filter keeps
// no row.
func (a *Area) tableArea() fyne.CanvasObject {
	a.emptyBox = container.NewVBox(widget.NewLabel(""), a.empty) // below the header row
	return container.NewStack(a.table, a.emptyBox)
}

// refreshTable redraws the table and says so when the filter keeps no row.
func (a *Area) refreshTable() {
	none := len(a.model.view) == 0 && len(a.model.rows) > 0
	if none != a.empty.Visible() {
		if none {
			a.empty.Show()
		} else {
			a.empty.Hide()
		}
		a.emptyBox.Refresh() // lay the line out now that it shows
	}
	a.table.Refresh()
}

// showDetail shows everything the selected row knows below the table, or
// hides the panel when no row is selected.
func (a *Area) showDetail() {
	was := a.detail.Visible()
	if a.selected < 0 || a.selected >= len(a.model.view) {
		a.detail.Hide()
	} else {
		a.detail.SetText(detail(&a.model.rows[a.model.view[a.selected]]))
		a.detail.Show()
	}
	if a.root != nil && was != a.detail.Visible() {
		a.root.Refresh() // the table gives the panel its room, or takes it back
	}
}

// charsIn is about how many characters of a URL fit in a cell width wide.
func charsIn(width float32) int {
	const sample = "https://www.example.com/category/page-name.html?q=1"
	size := fyne.MeasureText(sample, theme.TextSize(), fyne.TextStyle{})
	per := size.Width / float32(len(sample))
	if per <= 0 {
		return 60
	}
	return max(int((width-2*theme.InnerPadding())/per), 12)
}

// elideURL shortens u to at most n characters by taking out its middle, so
// that the host and the last path segment (the file name, with its query)
// stay: "https://example.com/blog/…/old-article.html".
func elideURL(u string, n int) string {
	r := []rune(u)
	if len(r) <= n {
		return u
	}
	tail := n / 2 // no path, or a very long file name: keep its end
	if i := strings.LastIndex(u, "/"); i >= 0 && utf8.RuneCountInString(u[i:]) <= n*2/3 {
		tail = utf8.RuneCountInString(u[i:])
	}
	head := n - 1 - tail
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

func (a *Area) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	if id.Row < 0 || id.Row >= len(a.model.view) {
		l.SetText("")
		return
	}
	l.Importance = widget.MediumImportance
	if a.model.warn(id.Row, id.Col) {
		l.Importance = widget.WarningImportance
	}
	text := a.model.cell(id.Row, id.Col)
	if id.Col == siteColURL {
		text = elideURL(text, a.urlChars)
	}
	l.SetText(text)
}

func (a *Area) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	kit.SortHeader{Titles: func(c int) string { return siteColumns[c].title() }, Cols: siteCols,
		Col: a.model.sortCol, Desc: a.model.sortDesc, SortBy: func(col int) {
			a.model.sortBy(col)
			a.refreshTable()
		}}.Update(id, o)
}
