package verifytab

import (
	"cmp"
	"net/netip"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
	"github.com/cutoffapp/cutoff/verify"
)

// verifyColumn is one column of the results table.
type verifyColumn struct {
	id    string // the title's message id
	width float32
}

// title is the column's title in the language in use.
func (c verifyColumn) title() string { return i18n.T(c.id) }

// The results table's columns, in order.
const (
	verifyColIP = iota
	verifyColClaimed
	verifyColVerdict
	verifyColEvidence // beside the verdict, so it is on screen at 1024 px
	verifyColRequests
	verifyColReverse
	verifyColForward
	verifyColRange
	verifyCols
)

var verifyColumns = [verifyCols]verifyColumn{
	{"verifytab.col-ip", 150}, {"verifytab.col-claimed", 110}, {"verifytab.col-verdict", 80}, {"verifytab.col-evidence", 600},
	{"verifytab.col-requests", 80}, {"verifytab.col-reverse", 260}, {"verifytab.col-forward", 150}, {"verifytab.col-range", 260},
}

// verifyRow is a result with its address parsed once, for sorting.
type verifyRow struct {
	res  verify.Result
	addr netip.Addr
}

func (a *Area) newTable() *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return len(a.rows), verifyCols },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		a.updateCell)
	t.ShowHeaderColumn = false
	t.CreateHeader = kit.NewSortHeader
	t.UpdateHeader = a.updateHeader
	t.OnSelected = a.onSelect
	for i, c := range verifyColumns {
		t.SetColumnWidth(i, kit.TitleWidth(c.width, c.title()))
	}
	t.SetColumnWidth(verifyColVerdict, verdictColumnWidth())
	return t
}

// verdictColumnMax bounds the verdict column, so that the evidence beside
// it stays on screen at 1024 px.
const verdictColumnMax = 200

// verdictColumnWidth fits the verdict column to its title and to the
// verdicts in the language in use, within verdictColumnMax: "doğrulandı"
// or "terverifikasi" is wider than "verified".
func verdictColumnWidth() float32 {
	c := verifyColumns[verifyColVerdict]
	w := kit.TitleWidth(c.width, c.title())
	for _, v := range []verify.Verdict{verify.Verified, verify.Fake, verify.Unknown, verify.Unverifiable, verify.NotAnAddress} {
		w = max(w, kit.CellTextWidth(verdictWord(v), false))
	}
	return min(w, verdictColumnMax)
}

func (a *Area) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	kit.SortHeader{Titles: func(c int) string { return verifyColumns[c].title() }, Cols: verifyCols,
		Col: a.sortCol, Desc: a.sortDesc, SortBy: a.onSort}.Update(id, o)
}

func (a *Area) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	l, ok := o.(*widget.Label)
	if !ok || id.Row < 0 || id.Row >= len(a.rows) {
		return
	}
	r := &a.rows[id.Row].res
	l.Importance = widget.MediumImportance
	if id.Col == verifyColVerdict {
		l.Importance = verifyImportance(r.Verdict)
	}
	l.SetText(verifyCell(r, id.Col))
}

// verifyCell is the text of one cell.
func verifyCell(r *verify.Result, col int) string {
	switch col {
	case verifyColIP:
		return r.IP
	case verifyColClaimed:
		return cmp.Or(r.Claimed, i18n.T("verifytab.claimed-any"))
	case verifyColVerdict:
		return verdictWord(r.Verdict)
	case verifyColRequests:
		if r.Requests == 0 {
			return ""
		}
		return kit.Commas(r.Requests)
	case verifyColReverse:
		return strings.Join(r.ReverseDNS, " ")
	case verifyColForward:
		return prose.YesNo(r.ForwardConfirmed)
	case verifyColRange:
		if !r.Ranges.Matched {
			return ""
		}
		return verify.RangeText(r.Ranges)
	case verifyColEvidence:
		return r.Evidence
	}
	return ""
}

// verdictWord is a verdict as the table shows it; the CSV keeps the code.
func verdictWord(v verify.Verdict) string {
	switch v {
	case verify.Verified:
		return i18n.T("verifytab.verdict-verified")
	case verify.Fake:
		return i18n.T("verifytab.verdict-fake")
	case verify.Unknown:
		return i18n.T("verifytab.verdict-unknown")
	case verify.Unverifiable:
		return i18n.T("verifytab.verdict-unverifiable")
	case verify.NotAnAddress:
		return i18n.T("verifytab.verdict-not-an-address")
	}
	return string(v)
}

func verifyImportance(v verify.Verdict) widget.Importance {
	switch v {
	case verify.Verified:
		return widget.SuccessImportance
	case verify.Fake:
		return widget.DangerImportance
	}
	return widget.WarningImportance
}

func (a *Area) onSelect(id widget.TableCellID) {
	if id.Row < 0 || id.Row >= len(a.rows) {
		return
	}
	a.selected = id.Row
	r := a.rows[id.Row].res
	text := r.IP + ": " + r.Evidence
	if r.Error != "" {
		text += "\nDNS: " + r.Error
	}
	a.evidence.SetText(text)
}

// onSort sorts by col, or reverses the order when col is already the key.
func (a *Area) onSort(col int) {
	if col == a.sortCol {
		a.sortDesc = !a.sortDesc
	} else {
		a.sortCol, a.sortDesc = col, false
	}
	a.sortRows()
	a.table.Refresh()
}

func (a *Area) sortRows() {
	if a.sortCol < 0 {
		return
	}
	slices.SortStableFunc(a.rows, func(x, y verifyRow) int {
		c := verifyCompare(&x, &y, a.sortCol)
		if a.sortDesc {
			return -c
		}
		return c
	})
}

// verifyCompare orders two rows by one column: addresses numerically,
// verdicts fake first, requests by count, the rest as text.
func verifyCompare(x, y *verifyRow, col int) int {
	switch col {
	case verifyColIP:
		return x.addr.Compare(y.addr)
	case verifyColVerdict:
		return cmp.Compare(verifyVerdictRank(x.res.Verdict), verifyVerdictRank(y.res.Verdict))
	case verifyColRequests:
		return cmp.Compare(x.res.Requests, y.res.Requests)
	}
	return strings.Compare(verifyCell(&x.res, col), verifyCell(&y.res, col))
}

func verifyVerdictRank(v verify.Verdict) int {
	switch v {
	case verify.Fake:
		return 0
	case verify.Unknown:
		return 1
	}
	return 2
}

func (a *Area) showResults(results []verify.Result, text string) {
	a.rows = make([]verifyRow, len(results))
	for i, r := range results {
		addr, _ := netip.ParseAddr(r.IP)
		a.rows[i] = verifyRow{res: r, addr: addr}
	}
	a.sortRows()
	a.progress.SetValue(1)
	a.status.SetText(text)
	a.evidence.SetText("")
	a.selected = -1
	a.table.UnselectAll()
	a.table.Refresh()
	a.setResultButtons()
}

// CopyText is the selected row, its cells separated by tabs, for Ctrl+C;
// "" when no row is selected.
func (a *Area) CopyText() string {
	if a.selected < 0 || a.selected >= len(a.rows) {
		return ""
	}
	r := &a.rows[a.selected].res
	return kit.RowText(verifyCols, func(col int) string { return verifyCell(r, col) })
}
