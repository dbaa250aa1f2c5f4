package impacttab

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// Data is the Impact tab's text, prepared off the UI thread: one
// string per section, each a block a consultant can select and copy.
type Data struct {
	Summary  string
	Compare  string
	JSONLD   string
	Open     string
	Hreflang string
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
	compare  *widget.Label
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
		summary: widget.NewLabel("Inspect a URL to compare the full page with what the crawler keeps."),
		versus:  kit.Heading(versusText(inspect.WholePage)),
		compare: kit.MonoLabel(), jsonLD: kit.MonoLabel(), open: kit.MonoLabel(), hreflang: kit.MonoLabel(),
	}
	a.summary.Wrapping = fyne.TextWrapWord
	a.summary.Selectable = true
	top := container.NewVScroll(container.NewVBox(
		a.summary,
		a.versus, a.compare,
		kit.Heading("Structured data (JSON-LD blocks)"), a.jsonLD,
		kit.Heading("Open at the cutoff"), a.open,
		kit.Heading("hreflang alternates lost"), a.hreflang,
	))
	lists := container.NewAppTabs(
		container.NewTabItem("Links lost", a.linkList.root),
		container.NewTabItem("Headings lost", a.headingList.root),
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
	a.compare.SetText(d.Compare)
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
	links := "Links lost:\n" + a.linkList.text()
	headings := "Headings lost:\n" + a.headingList.text()
	return strings.Join([]string{d.Summary, d.Compare, d.JSONLD, d.Open, links, headings, d.Hreflang}, "\n\n")
}

// DataOf prepares the Impact tab from an analysis; crawler names the
// profile in sentences. whole is inspect.Report.Whole: when reading stopped
// before the end of the page, the counts are of the bytes read.
func DataOf(an *inspect.Analysis, crawler, whole string) Data {
	if an == nil {
		return Data{Summary: "The page could not be analysed."}
	}
	partial := whole == inspect.WholeRead
	versus := versusText(whole)
	im := an.Impact
	if im == nil {
		none := "Nothing lost."
		summary := fmt.Sprintf("Nothing is cut: %s gets the whole page (%s).", crawler, kit.BytesText(an.BodyBytes))
		if partial {
			summary = fmt.Sprintf("Nothing is cut in the %s read, but reading stopped before the end of the page: what follows was not analysed.",
				kit.BytesText(an.BodyBytes))
		}
		return Data{
			Summary: summary, Versus: versus,
			Compare: none, JSONLD: keptJSONLDText(an.Critical, whole), Open: none, Hreflang: none,
		}
	}
	summary := fmt.Sprintf("%s keeps the first %s of the body and loses the last %s.",
		crawler, kit.BytesText(im.KeptBytes), kit.BytesText(im.LostBytes))
	if partial {
		summary = fmt.Sprintf("%s keeps the first %s of the body and loses the rest: the %s read after the cutoff, and the part of the page that was not read.",
			crawler, kit.BytesText(im.KeptBytes), kit.BytesText(im.LostBytes))
	}
	return Data{
		Summary:      summary,
		Versus:       versus,
		Compare:      compareText(im, whole),
		JSONLD:       jsonLDText(im.JSONLD, whole),
		Open:         openText(im.Open),
		Hreflang:     hreflangText(im.Hreflang.Lost),
		LostLinks:    lostLinksOf(im.Links.All),
		LostHeadings: lostHeadingsOf(im.Headings.All),
	}
}

// compareRow is one row of compareText, its label as wide as the longest.
const compareRow = "%-34s %14s %14s %12s\n"

// versusText heads the comparison of whole (inspect.Report.Whole) with the
// kept bytes.
func versusText(whole string) string {
	return strings.ToUpper(whole[:1]) + whole[1:] + " vs what the crawler keeps"
}

// noJSONLD is the JSON-LD line of a page without any, as far as whole
// (inspect.Report.Whole) goes.
func noJSONLD(whole string) string {
	if whole == inspect.WholeRead {
		return "No JSON-LD block in the " + whole + "."
	}
	return "No JSON-LD block on the page."
}

// compareText is the side-by-side table of counts and presences.
func compareText(im *scan.Impact, whole string) string {
	var b strings.Builder
	fmt.Fprintf(&b, compareRow, "", whole, "crawler keeps", "lost")
	count := func(name string, c scan.Count) {
		fmt.Fprintf(&b, compareRow, name, kit.Commas(c.Full), kit.Commas(c.Kept), kit.Commas(c.Lost()))
	}
	count("Body bytes", scan.Count{Full: im.KeptBytes + im.LostBytes, Kept: im.KeptBytes})
	count("Visible text in the source (bytes)", im.TextBytes)
	count("Internal links", im.Links.Internal)
	count("External links", im.Links.External)
	for lvl := range 6 {
		if im.Headings.Full[lvl] > 0 {
			count(fmt.Sprintf("h%d headings", lvl+1), scan.Count{Full: int64(im.Headings.Full[lvl]), Kept: int64(im.Headings.Kept[lvl])})
		}
	}
	count("hreflang alternates", scan.Count{Full: int64(im.Hreflang.Full), Kept: int64(im.Hreflang.Kept)})
	presence := func(name string, p scan.Presence) {
		note := ""
		if p.Full && !p.Kept {
			note = "LOST"
		}
		fmt.Fprintf(&b, compareRow, name, presentWord(p.Full), presentWord(p.Kept), note)
	}
	presence("Title", im.Title)
	presence("Meta description", im.MetaDescription)
	presence("Canonical", im.Canonical)
	presence("Meta robots", im.MetaRobots)
	presence("First h1", im.H1)
	return strings.TrimRight(b.String(), "\n")
}

func presentWord(ok bool) string {
	if ok {
		return "present"
	}
	return "missing"
}

func jsonLDText(blocks []scan.JSONLDImpact, whole string) string {
	if len(blocks) == 0 {
		return noJSONLD(whole)
	}
	var b strings.Builder
	for i, j := range blocks {
		types := j.Types
		if types == "" {
			types = "(no @type)"
		}
		fmt.Fprintf(&b, "#%d %s, %s: %s\n", i+1, types, byteview.ByteRange(j.Offset, j.End), jsonLDState(j))
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
		return "The page's JSON-LD block is kept whole."
	}
	return fmt.Sprintf("All %d JSON-LD blocks of the page are kept whole.", n)
}

func jsonLDState(j scan.JSONLDImpact) string {
	switch {
	case j.State == scan.StateLost:
		return "lost, past the cutoff"
	case j.State == scan.StateCut:
		return "cut in the middle: what the crawler gets is invalid JSON"
	case !j.ValidFull:
		return "kept, but not valid JSON even in the full page"
	}
	return "kept and valid"
}

func openText(o scan.OpenAtCutoff) string {
	var b strings.Builder
	if len(o.Elements) > 0 {
		b.WriteString("Open elements: " + strings.Join(o.Elements, " > ") + "\n")
	}
	if o.Inside != "" {
		fmt.Fprintf(&b, "The cutoff falls inside a %s that starts at byte %s; the parser drops it.\n", o.Inside, kit.Commas(o.InsideOffset))
	}
	if o.Element != "" {
		fmt.Fprintf(&b, "The cutoff falls inside %s, opened at byte %s: the crawler gets it unclosed and cut.\n",
			openElementName(o.Element), kit.Commas(o.Offset))
	}
	if b.Len() == 0 {
		return "Nothing is left open at the cutoff."
	}
	return strings.TrimRight(b.String(), "\n")
}

// openElementName names an element left open at the cutoff.
func openElementName(el string) string {
	if el == "json-ld" {
		return "a JSON-LD <script>"
	}
	return "<" + el + ">"
}

func hreflangText(lost []scan.Alternate) string {
	if len(lost) == 0 {
		return "No hreflang alternate lost."
	}
	var b strings.Builder
	for _, h := range lost {
		fmt.Fprintf(&b, "byte %-12s %-8s %s\n", kit.Commas(h.Offset), h.Lang, h.Href)
	}
	return strings.TrimRight(b.String(), "\n")
}
