package resourcestab

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Columns of the resources table.
const (
	// The note (why it is not fetched, what went wrong) comes right after
	// the counts, so it is on screen at 1024 px without scrolling.
	ColURL = iota
	ColKind
	ColStatus
	ColBytes
	ColNote
	ColLimit
	ColBar
	ColRobots
	ColFound
	Cols
)

// resourceColumn is a column of the resources table: its title's message
// id and its width.
type resourceColumn struct {
	id    string
	width float32
}

// title is the column's title in the language in use.
func (c resourceColumn) title() string { return i18n.T(c.id) }

// columnWidths are the columns' widths in the language in use: the kind
// column is as wide as its longest word ("önceden yükleme" in Turkish),
// never narrower than for English, so that no kind is cut short.
func columnWidths() [Cols]float32 {
	var w [Cols]float32
	for i, c := range resourceColumns {
		w[i] = c.width
	}
	for _, k := range resources.Kinds {
		// The table's dividers and cell padding take a little more.
		w[ColKind] = max(w[ColKind], kit.CellTextWidth(k.Text(), false)+2*theme.Padding())
	}
	return w
}

var resourceColumns = [Cols]resourceColumn{
	{"resourcestab.col-url", 300}, {"resourcestab.col-kind", 90}, {"resourcestab.col-status", 60},
	{"resourcestab.col-bytes", 110}, {"resourcestab.col-note", 360}, {"resourcestab.col-limit", 110},
	{"resourcestab.col-ruler", 140}, {"resourcestab.col-robots", 170}, {"resourcestab.col-found", 110},
}

// Row is one resource with its cell texts, prepared off the UI
// thread.
type Row struct {
	Res     resources.Resource
	Cells   [Cols]string
	Problem bool // truncated, failed, blocked or discovered after the cutoff
	Greyed  bool // a kind the renderer does not fetch
	model   byteview.RulerModel
}

// Area is the Resources tab: a sortable table of every subresource
// with its own mini ruler, a "problems only" filter and a dialog with the
// selected resource's details.
type Area struct {
	win      fyne.Window
	all      []Row
	rows     []Row // all, filtered and sorted
	sortCol  int
	sortDesc bool
	selected int // index into rows, -1 when none
	shown    bool

	lastTapRow int       // row of the last tap on a cell, for double taps
	lastTapAt  time.Time // when it was
	now        func() time.Time
	dialog     *dialog.CustomDialog // the details dialog open last; tests look at it

	summary  *kit.Paragraph
	problems *widget.Check
	open     *widget.Button
	table    *widget.Table
	widths   [Cols]float32 // the columns' widths in the language of the tab (columnWidths)
	urlWidth float32       // the URL column's width, set by urlColumnLayout
	root     fyne.CanvasObject
}

// New builds the Resources tab; win hosts its details dialog. Call it on
// the UI thread.
func New(win fyne.Window) *Area {
	a := &Area{win: win, sortCol: -1, selected: -1, lastTapRow: -1, now: time.Now,
		widths: columnWidths(), urlWidth: resourceColumns[ColURL].width}
	a.summary = kit.NewParagraph(i18n.T("resourcestab.empty"))
	// The sentence is longer in French or Japanese than in English: it
	// wraps rather than widening the window past a 1024-pixel screen.
	a.problems = widget.NewCheck(i18n.T("resourcestab.problems-only"), func(bool) { a.refilter() })
	a.open = widget.NewButtonWithIcon(i18n.T("resourcestab.details-button"), theme.InfoIcon(), a.onOpen)
	a.open.Disable()
	a.table = a.newTable()
	bar := container.NewBorder(nil, nil, nil, container.NewHBox(a.problems, a.open), a.summary)
	a.root = container.NewBorder(bar, nil, nil, nil, container.New(urlColumnLayout{a}, a.table))
	return a
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// Rows are the rows shown, before the filter and the sort.
func (a *Area) Rows() []Row { return a.all }

// Summary is the sentence above the table.
func (a *Area) Summary() string { return a.summary.Text }

func (a *Area) newTable() *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return len(a.rows), Cols },
		func() fyne.CanvasObject { return newResourceCell(a.onCellTapped) },
		a.updateCell)
	t.ShowHeaderColumn = false
	t.CreateHeader = kit.NewSortHeader
	t.UpdateHeader = a.updateHeader
	t.OnSelected = func(id widget.TableCellID) { a.onSelect(id.Row) }
	for i, w := range a.widths {
		t.SetColumnWidth(i, w)
	}
	return t
}

func (a *Area) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	if id.Row < 0 || id.Row >= len(a.rows) {
		return
	}
	c := o.(*resourceCell)
	c.id = id
	c.setSelected(id.Row == a.selected)
	row := &a.rows[id.Row]
	if id.Col == ColBar && row.Res.Requested {
		c.label.Hide()
		c.bar.Show()
		c.ruler.SetModel(row.model)
		return
	}
	c.bar.Hide()
	c.label.Show()
	c.label.Importance = cellImportance(row, id.Col)
	if id.Col == ColBar {
		c.label.SetText("—")
		return
	}
	if id.Col == ColURL {
		c.label.SetText(ElideMiddle(row.Cells[ColURL], urlTextWidth(a.urlWidth), measureLabel))
		return
	}
	c.label.SetText(row.Cells[id.Col])
}

// cellImportance greys what the renderer skips and colours the cell that
// holds a problem, not the whole row.
func cellImportance(row *Row, col int) widget.Importance {
	if row.Greyed {
		return widget.LowImportance
	}
	r := &row.Res
	var warn bool
	switch col {
	case ColStatus:
		warn = r.Status >= 400 || (r.Requested && r.Status == 0)
	case ColBytes:
		warn = r.Truncated
	case ColRobots:
		warn = r.Robots != nil && !r.Robots.Allowed
	case ColFound:
		warn = !r.DiscoveredBeforeCutoff && !r.Summary
	case ColNote:
		warn = row.Problem
	}
	if warn {
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

func (a *Area) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	kit.SortHeader{Titles: func(c int) string { return resourceColumns[c].title() }, Cols: Cols,
		Col: a.sortCol, Desc: a.sortDesc, SortBy: a.sortBy}.Update(id, o)
}

// Show replaces the table's rows; note, when not "", says why no
// subresource was fetched (inspect.Report.ResourcesNote).
func (a *Area) Show(rows []Row, note string) {
	a.all = rows
	a.shown = true
	a.summary.SetText(resourcesSummary(rows, note))
	a.refilter()
}

// Filled reports whether a report's resources were shown.
func (a *Area) Filled() bool { return a.shown }

// sortBy sorts by col, ascending first, descending on a second tap.
func (a *Area) sortBy(col int) {
	if a.sortCol == col {
		a.sortDesc = !a.sortDesc
	} else {
		a.sortCol, a.sortDesc = col, false
	}
	a.refilter()
}

// refilter rebuilds the visible rows from the filter and the sort order.
func (a *Area) refilter() {
	a.rows = a.rows[:0]
	for _, r := range a.all {
		if !a.problems.Checked || r.Problem {
			a.rows = append(a.rows, r)
		}
	}
	if a.sortCol >= 0 {
		col, desc := a.sortCol, a.sortDesc
		slices.SortStableFunc(a.rows, func(x, y Row) int {
			c := compareRows(&x, &y, col)
			if desc {
				return -c
			}
			return c
		})
	}
	a.selected, a.lastTapRow = -1, -1
	a.open.Disable()
	a.table.UnselectAll()
	a.table.Refresh()
}

// compareRows orders two rows by a column's value: numbers as numbers.
func compareRows(x, y *Row, col int) int {
	switch col {
	case ColStatus:
		return cmp.Compare(x.Res.Status, y.Res.Status)
	case ColBytes:
		return cmp.Compare(x.Res.CountedBytes, y.Res.CountedBytes)
	case ColLimit:
		return cmp.Compare(x.Res.LimitBytes, y.Res.LimitBytes)
	case ColBar:
		return cmp.Compare(fillRatio(&x.Res), fillRatio(&y.Res))
	case ColFound:
		return cmp.Compare(x.Res.DiscoveredOffset, y.Res.DiscoveredOffset)
	}
	return strings.Compare(x.Cells[col], y.Cells[col])
}

func fillRatio(r *resources.Resource) float64 {
	if r.LimitBytes <= 0 {
		return 0
	}
	return float64(r.CountedBytes) / float64(r.LimitBytes)
}

// onCellTapped selects the tapped cell, as the table does for a tap on
// itself, and opens the details on a second tap on the same row within
// doubleTapGap: widget.Table reports no second selection of a cell that is
// already selected, so the cells time the taps themselves.
func (a *Area) onCellTapped(id widget.TableCellID) {
	if id.Row < 0 || id.Row >= len(a.rows) {
		return
	}
	now := a.now()
	double := id.Row == a.lastTapRow && now.Sub(a.lastTapAt) <= doubleTapGap
	a.lastTapRow, a.lastTapAt = id.Row, now
	a.win.Canvas().Focus(a.table)
	a.table.Select(id)
	a.onSelect(id.Row) // the same cell again is no new selection for the table
	if double {
		a.lastTapRow = -1 // a third tap starts over
		a.onOpen()
	}
}

func (a *Area) onSelect(row int) {
	if row < 0 || row >= len(a.rows) {
		return
	}
	a.selected = row
	a.open.Enable()
	a.table.Refresh() // every cell of the row shows it is selected
}

// CopyText is the selected row, tab-separated, for Ctrl+C.
func (a *Area) CopyText() string {
	if a.selected < 0 || a.selected >= len(a.rows) {
		return ""
	}
	r := a.rows[a.selected]
	cells := slices.Clone(r.Cells[:])
	cells[ColBar] = strconv.FormatFloat(100*fillRatio(&r.Res), 'f', 1, 64) + "%"
	return strings.Join(cells, "\t")
}

func (a *Area) onOpen() {
	if a.selected >= 0 && a.selected < len(a.rows) {
		a.dialog = showResourceDialog(a.win, &a.rows[a.selected])
	}
}

// resourcesSummary is the line above the table: counts by what matters,
// or why nothing was fetched when note says so.
func resourcesSummary(rows []Row, note string) string {
	if len(rows) == 0 && note != "" {
		return note
	}
	if len(rows) == 0 {
		return i18n.T("resourcestab.no-resources")
	}
	var fetched, problems int
	for _, r := range rows {
		if r.Res.Fetched {
			fetched++
		}
		if r.Problem {
			problems++
		}
	}
	return i18n.T("resourcestab.summary", "Count", len(rows), "Fetched", fetched, "Problems", problems)
}
