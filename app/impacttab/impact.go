package impacttab

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Data is the Impact tab's text, prepared off the UI thread: one
// string per section, each a block a consultant can select and copy.
type Data struct {
	Summary string
	// Compare is the comparison as text (for copying), CompareRows the
	// same cells, which the tab lays out in columns.
	Compare     string
	CompareRows [][]string
	JSONLD      string
	Open        string
	Hreflang    string
	// Versus heads the comparison: "Full page vs what the crawler keeps",
	// or "Bytes read vs ..." when reading stopped before the page's end.
	Versus string
	// LostLinks and LostHeadings list every item, for the virtualised
	// lists below the comparison.
	LostLinks, LostHeadings lostItems
}

// Area is the Impact tab: what the crawler loses, comparing the full
// document with the kept prefix parsed as a complete document.
type Area struct {
	summary  *widget.Label
	versus   *widget.Label
	compare  *kit.TextTable
	jsonLD   *widget.Label
	open     *widget.Label
	hreflang *widget.Label
	// linkList and headingList show every lost link and heading.
	linkList, headingList *lostList
	data                  Data
	root                  fyne.CanvasObject
}

// New builds the Impact tab; win hosts its dialogs. Call it on the UI
// thread.
func New(win fyne.Window) *Area {
	a := &Area{
		linkList: newLostList(win, "links"), headingList: newLostList(win, "headings"),
		summary: widget.NewLabel(i18n.T("impacttab.inspect-hint")),
		versus:  kit.Heading(versusText(inspect.WholePage)),
		compare: kit.NewTextTable(compareRight...), jsonLD: kit.MonoLabel(), open: kit.MonoLabel(), hreflang: kit.MonoLabel(),
	}
	a.summary.Wrapping = fyne.TextWrapWord
	a.summary.Selectable = true
	top := container.NewVScroll(container.NewVBox(
		a.summary,
		a.versus, a.compare,
		kit.Heading(i18n.T("impacttab.heading-json-ld")), a.jsonLD,
		kit.Heading(i18n.T("impacttab.heading-open")), a.open,
		kit.Heading(i18n.T("impacttab.heading-hreflang")), a.hreflang,
	))
	lists := container.NewAppTabs(
		container.NewTabItem(i18n.T("impacttab.tab-links"), a.linkList.root),
		container.NewTabItem(i18n.T("impacttab.tab-headings"), a.headingList.root),
	)
	split := container.NewVSplit(top, lists)
	split.Offset = 0.55
	a.root = split
	return a
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// Show shows d, prepared by DataOf. Call it on the UI thread.
func (a *Area) Show(d Data) {
	a.data = d
	a.summary.SetText(d.Summary)
	a.versus.SetText(d.Versus)
	a.compare.Header = len(d.CompareRows) > 1
	a.compare.SetRows(d.CompareRows, d.Compare)
	a.jsonLD.SetText(d.JSONLD)
	a.open.SetText(d.Open)
	a.hreflang.SetText(d.Hreflang)
	a.linkList.show(d.LostLinks)
	a.headingList.show(d.LostHeadings)
}

// Shown is what the tab shows.
func (a *Area) Shown() Data { return a.data }

// Filled reports whether a report's impact was shown.
func (a *Area) Filled() bool { return a.data.Summary != "" }

// CopyText is the whole comparison, for Ctrl+C.
func (a *Area) CopyText() string {
	d := a.data
	if d.Summary == "" {
		return ""
	}
	links := i18n.T("impacttab.copy-links") + "\n" + a.linkList.text()
	headings := i18n.T("impacttab.copy-headings") + "\n" + a.headingList.text()
	return strings.Join([]string{d.Summary, d.Compare, d.JSONLD, d.Open, links, headings, d.Hreflang}, "\n\n")
}

// DataOf prepares the Impact tab from an analysis; crawler names the
// profile in sentences. whole is inspect.Report.Whole: when reading stopped
// before the end of the page, the counts are of the bytes read.
func DataOf(an *inspect.Analysis, crawler, whole string) Data {
	if an == nil {
		return Data{Summary: i18n.T("impacttab.not-analysed")}
	}
	partial := whole == inspect.WholeRead
	versus := versusText(whole)
	im := an.Impact
	if im == nil {
		none := i18n.T("impacttab.nothing-lost")
		summary := i18n.T("impacttab.nothing-cut", "Crawler", crawler, "Bytes", bytesText(an.BodyBytes))
		if partial {
			summary = i18n.T("impacttab.nothing-cut-read", "Bytes", bytesText(an.BodyBytes))
		}
		return Data{
			Summary: summary, Versus: versus,
			Compare: none, CompareRows: [][]string{{none}}, JSONLD: keptJSONLDText(an.Critical, whole), Open: none, Hreflang: none,
		}
	}
	rows := compareRows(im, whole)
	kept, lost := bytesText(im.KeptBytes), bytesText(im.LostBytes)
	summary := i18n.T("impacttab.keeps-loses", "Crawler", crawler, "Kept", kept, "Lost", lost)
	if partial {
		summary = i18n.T("impacttab.keeps-loses-read", "Crawler", crawler, "Kept", kept, "Lost", lost)
	}
	return Data{
		Summary:      summary,
		Versus:       versus,
		Compare:      compareText(rows),
		CompareRows:  rows,
		JSONLD:       jsonLDText(im.JSONLD, whole),
		Open:         openText(im.Open),
		Hreflang:     hreflangText(im.Hreflang.Lost),
		LostLinks:    lostLinksOf(im.Links.All),
		LostHeadings: lostHeadingsOf(im.Headings.All),
	}
}

// bytesText is a byte count with its noun, in the language in use:
// "1,999,860 bytes".
func bytesText(n int64) string { return i18n.T("common.bytes", "Count", n) }

// compareWidths are the least widths, in terminal columns (prose.Width),
// of the comparison's label column and its three columns of figures; a
// column whose heading or label is wider in the language in use widens to
// it.
var compareWidths = [4]int{34, 14, 14, 12}

// versusText heads the comparison of whole (inspect.Report.Whole) with the
// kept bytes.
func versusText(whole string) string {
	if whole == inspect.WholeRead {
		return i18n.T("impacttab.versus-read")
	}
	return i18n.T("impacttab.versus-page")
}

// wholeColumn heads the comparison's column of whole (inspect.Report.Whole).
func wholeColumn(whole string) string {
	if whole == inspect.WholeRead {
		return i18n.T("impacttab.column-read")
	}
	return i18n.T("impacttab.column-page")
}

// noJSONLD is the JSON-LD line of a page without any, as far as whole
// (inspect.Report.Whole) goes.
func noJSONLD(whole string) string {
	if whole == inspect.WholeRead {
		return i18n.T("impacttab.no-json-ld-read")
	}
	return i18n.T("impacttab.no-json-ld-page")
}

// compareRows are the side-by-side table of counts and presences: the
// columns' titles, then a row per count or element.
func compareRows(im *scan.Impact, whole string) [][]string {
	rows := [][]string{{"", wholeColumn(whole), i18n.T("impacttab.column-kept"), i18n.T("impacttab.column-lost")}}
	count := func(name string, c scan.Count) {
		rows = append(rows, []string{name, kit.Commas(c.Full), kit.Commas(c.Kept), kit.Commas(c.Lost())})
	}
	count(i18n.T("impacttab.row-body-bytes"), scan.Count{Full: im.KeptBytes + im.LostBytes, Kept: im.KeptBytes})
	count(i18n.T("impacttab.row-text-bytes"), im.TextBytes)
	count(i18n.T("impacttab.row-internal-links"), im.Links.Internal)
	count(i18n.T("impacttab.row-external-links"), im.Links.External)
	for lvl := range 6 {
		if im.Headings.Full[lvl] > 0 {
			count(i18n.T("impacttab.row-headings", "Element", "h"+strconv.Itoa(lvl+1)),
				scan.Count{Full: int64(im.Headings.Full[lvl]), Kept: int64(im.Headings.Kept[lvl])})
		}
	}
	count(i18n.T("impacttab.row-hreflang"), scan.Count{Full: int64(im.Hreflang.Full), Kept: int64(im.Hreflang.Kept)})
	presence := func(name string, p scan.Presence) {
		note := ""
		if p.Full && !p.Kept {
			note = i18n.T("impacttab.lost-mark")
		}
		rows = append(rows, []string{name, presentWord(p.Full), presentWord(p.Kept), note})
	}
	presence(i18n.T("impacttab.row-title"), im.Title)
	presence(i18n.T("impacttab.row-meta-description"), im.MetaDescription)
	presence(i18n.T("impacttab.row-canonical"), im.Canonical)
	presence(i18n.T("impacttab.row-meta-robots"), im.MetaRobots)
	presence(i18n.T("impacttab.row-first-h1"), im.H1)
	return rows
}

// compareRight marks the comparison's columns of figures, which line up on
// the right.
var compareRight = []bool{false, true, true, true}

// compareText is the comparison as text for a fixed-width font, its
// columns as wide as their widest cell and at least compareWidths.
func compareText(rows [][]string) string {
	widths := compareWidths
	for _, r := range rows {
		for i, cell := range r {
			n := prose.Width(cell)
			if i > 0 {
				// A column of figures is right-aligned: when its widest cell
				// sets its width (the French heading "gardé par le robot"),
				// one more space keeps that cell apart from its left neighbour.
				n++
			}
			widths[i] = max(widths[i], n)
		}
	}
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%s %s %s %s\n", prose.PadRight(r[0], widths[0]), prose.PadLeft(r[1], widths[1]),
			prose.PadLeft(r[2], widths[2]), prose.PadLeft(r[3], widths[3]))
	}
	return strings.TrimRight(b.String(), "\n")
}

func presentWord(ok bool) string {
	if ok {
		return i18n.T("impacttab.present")
	}
	return i18n.T("impacttab.missing")
}

func jsonLDText(blocks []scan.JSONLDImpact, whole string) string {
	if len(blocks) == 0 {
		return noJSONLD(whole)
	}
	var b strings.Builder
	for i, j := range blocks {
		types := j.Types
		if types == "" {
			types = i18n.T("impacttab.no-type")
		}
		b.WriteString(i18n.T("impacttab.json-ld-block", "Number", "#"+strconv.Itoa(i+1), "Types", types,
			"Range", byteview.ByteRange(j.Offset, j.End), "State", jsonLDState(j)) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// keptJSONLDText sums up the JSON-LD blocks of a page nothing cuts: all of
// them are kept.
func keptJSONLDText(crit []scan.Critical, whole string) string {
	n := 0
	for _, c := range crit {
		if c.Kind == scan.ElementJSONLD {
			n++
		}
	}
	switch n {
	case 0:
		return noJSONLD(whole)
	case 1:
		return i18n.T("impacttab.json-ld-kept-one")
	}
	return i18n.T("impacttab.json-ld-kept-all", "Count", n)
}

func jsonLDState(j scan.JSONLDImpact) string {
	switch {
	case j.State == scan.StateLost:
		return i18n.T("impacttab.json-ld-lost")
	case j.State == scan.StateCut:
		return i18n.T("impacttab.json-ld-cut")
	case !j.ValidFull:
		return i18n.T("impacttab.json-ld-invalid")
	}
	return i18n.T("impacttab.json-ld-valid")
}

func openText(o scan.OpenAtCutoff) string {
	var b strings.Builder
	if len(o.Elements) > 0 {
		b.WriteString(i18n.T("impacttab.open-elements", "Elements", strings.Join(o.Elements, " > ")) + "\n")
	}
	if o.Inside != "" {
		// Inside is "comment" or "tag": a message each, since the noun's
		// gender and article differ by language.
		b.WriteString(i18n.T("impacttab.cut-inside-"+o.Inside, "Offset", o.InsideOffset) + "\n")
	}
	if o.Element != "" {
		b.WriteString(i18n.T("impacttab.cut-inside-element", "Element", openElementName(o.Element), "Offset", o.Offset) + "\n")
	}
	if b.Len() == 0 {
		return i18n.T("impacttab.nothing-open")
	}
	return strings.TrimRight(b.String(), "\n")
}

// openElementName names an element left open at the cutoff.
func openElementName(el string) string {
	if el == "json-ld" {
		return i18n.T("impacttab.json-ld-script")
	}
	return "<" + el + ">"
}

func hreflangText(lost []scan.Alternate) string {
	if len(lost) == 0 {
		return i18n.T("impacttab.no-hreflang-lost")
	}
	var b strings.Builder
	for _, h := range lost {
		fmt.Fprintf(&b, "%s %s %s\n", byteColumn(h.Offset), prose.PadRight(h.Lang, 8), h.Href)
	}
	return strings.TrimRight(b.String(), "\n")
}

// byteColumn is a lost item's body offset at the start of its line,
// padded so that what follows lines up: "byte 12,345      ".
func byteColumn(offset int64) string {
	return i18n.T("impacttab.byte-column", "Offset", fmt.Sprintf("%-12s", kit.Commas(offset)))
}
