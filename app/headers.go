package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// headersArea is the Headers tab: the request as sent, the redirect chain
// hop by hop, the final response's header block, sizes and timings. Every
// text is a selectable label, so a consultant can copy any part of it; the
// sizes and timings are laid out in columns (they line up in every
// script) and a right click copies them as text.
type headersArea struct {
	request   *widget.Label
	redirects *widget.Label
	raw       *widget.Label
	sizes     *kit.TextTable
	timings   *kit.TextTable
	root      fyne.CanvasObject
}

func newHeadersArea() *headersArea {
	a := &headersArea{
		request:   kit.MonoLabel(),
		redirects: kit.MonoLabel(),
		raw:       kit.MonoLabel(),
		sizes:     kit.NewTextTable(),
		timings:   kit.NewTextTable(),
	}
	a.root = container.NewVScroll(container.NewVBox(
		kit.Heading(i18n.T("app.headers-request")), a.request,
		kit.Heading(i18n.T("app.headers-redirects")), a.redirects,
		kit.Heading(i18n.T("app.headers-response")), a.raw,
		kit.Heading(i18n.T("app.headers-sizes")), a.sizes,
		kit.Heading(i18n.T("app.headers-timings")), a.timings,
	))
	a.clear()
	return a
}

func (a *headersArea) content() fyne.CanvasObject { return a.root }

// clear shows the empty state, before any inspection.
func (a *headersArea) clear() {
	a.request.SetText(i18n.T("app.headers-empty"))
	for _, l := range []*widget.Label{a.redirects, a.raw} {
		l.SetText("")
	}
	a.sizes.SetRows(nil, "")
	a.timings.SetRows(nil, "")
}

// show fills the tab from the fetch result of a report.
func (a *headersArea) show(r *fetch.Result) {
	if r == nil {
		a.clear()
		return
	}
	if r.Local {
		a.showLocal(r)
		return
	}
	a.request.SetText(requestText(r))
	a.redirects.SetText(redirectText(r))
	a.raw.SetText(kit.HeaderBlockText(r.RawHeader))
	a.showRows(a.sizes, sizesRows(r))
	a.showRows(a.timings, timingsRows(r.Timings))
}

// showRows shows a two-column block in t, copied as rowsText writes it.
func (a *headersArea) showRows(t *kit.TextTable, rows [][]string) {
	t.SetRows(rows, rowsText(rows))
}

// showLocal fills the tab for a page read from a file: nothing was
// requested, so there is no redirect, response header, wire size or
// timing to show.
func (a *headersArea) showLocal(r *fetch.Result) {
	a.request.SetText(requestText(r))
	a.redirects.SetText(i18n.T("app.headers-local-redirects"))
	a.raw.SetText(i18n.T("app.headers-local-response"))
	a.showRows(a.sizes, sizesRows(r))
	none := i18n.T("app.headers-local-timings")
	a.timings.SetRows([][]string{{none}}, none)
}

// requestText is the request head as written to the connection, its CRLFs
// shown as line ends.
func requestText(r *fetch.Result) string {
	if r.Local {
		return i18n.T("app.headers-local-request", "Path", r.URL)
	}
	return kit.HeaderBlockText([]byte(r.Request))
}

func redirectText(r *fetch.Result) string {
	if len(r.Redirects) == 0 {
		return i18n.T("app.headers-no-redirect")
	}
	var b strings.Builder
	for i, h := range r.Redirects {
		fmt.Fprintf(&b, "%d. %d  %s\n   → %s   (%s)\n",
			i+1, h.Status, h.URL, h.Location, i18n.T("app.headers-hop-block", "Size", kit.BytesText(h.HeaderBytes)))
	}
	fmt.Fprintf(&b, "%d. %d  %s   (%s)", len(r.Redirects)+1, r.Status, r.FinalURL, i18n.T("app.headers-hop-final"))
	return b.String()
}

// sizesText is the byte accounting; for a page read from a file, the bytes
// read from disk, and the header bytes the inspection was given
// (--header-bytes) rather than read.
func sizesText(r *fetch.Result) string { return rowsText(sizesRows(r)) }

// sizesRows are sizesText's names and values.
func sizesRows(r *fetch.Result) [][]string {
	var rows [][]string
	row := func(name, value string) { rows = append(rows, []string{name, value}) }
	row(i18n.T("app.size-header"), headerSizeText(r))
	if r.Local {
		row(i18n.T("app.size-disk"), kit.BytesText(r.BodyBytes))
	} else {
		row(i18n.T("app.size-wire"), kit.BytesText(r.WireBodyBytes)+encodingNote(r.ContentEncoding))
		row(i18n.T("app.size-decoded"), kit.BytesText(r.BodyBytes))
	}
	counted := r.CountedHeaderBytes() + r.BodyBytes
	row(i18n.T("app.size-counted"), kit.BytesText(counted)+headerNote(r.CountsHeaders))
	row(i18n.T("app.size-limit"), kit.LimitText(r.LimitBytes, r.LimitBinaryBytes))
	if !r.Local {
		row("Content-Type", orNone(r.ContentType))
	}
	if !r.ReadComplete {
		row(i18n.T("app.size-stopped"), readStopNote(r))
	}
	if r.Insecure {
		row("TLS", i18n.T("app.size-insecure"))
	}
	return rows
}

// rowsText is a two-column block as text: a rowText line per row.
func rowsText(rows [][]string) string {
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = rowText(r[0], r[1])
	}
	return strings.Join(lines, "\n")
}

// rowText is one line of a two-column block: the name padded to a column
// of its own, then the value.
func rowText(name, value string) string {
	return prose.PadRight(name, nameColumnWidth()) + " " + value
}

// rowNames are the message ids of the names rowText pads.
var rowNames = []string{
	"app.size-header", "app.size-disk", "app.size-wire", "app.size-decoded", "app.size-counted", "app.size-limit",
	"app.size-stopped", "app.timing-connect", "app.timing-tls", "app.timing-first-byte", "app.timing-total",
}

// nameColumnWidth is the width in terminal columns (prose.Width) of the
// name column of the sizes and timings: 26, or the widest name in the
// language in use, so that a longer name ("Toplam (yönlendirmeler
// dahil)", a Japanese one of two columns a character) does not push its
// value out of line.
func nameColumnWidth() int {
	w := 26
	for _, id := range rowNames {
		w = max(w, prose.Width(i18n.T(id)))
	}
	return w
}

// headerSizeText is the header block's size; a file has none, so its
// header bytes are those given with --header-bytes.
func headerSizeText(r *fetch.Result) string {
	switch {
	case !r.Local:
		return kit.BytesText(r.HeaderBytes)
	case r.HeaderBytes > 0:
		return kit.BytesText(r.HeaderBytes) + " " + i18n.T("app.size-header-given")
	}
	return kit.BytesText(0) + " " + i18n.T("app.size-header-none")
}

func timingsText(t fetch.Timings) string { return rowsText(timingsRows(t)) }

// timingsRows are timingsText's names and durations.
func timingsRows(t fetch.Timings) [][]string {
	return [][]string{
		{i18n.T("app.timing-connect"), kit.Duration(t.Connect)},
		{i18n.T("app.timing-tls"), kit.Duration(t.TLS)},
		{i18n.T("app.timing-first-byte"), kit.Duration(t.FirstByte)},
		{i18n.T("app.timing-total"), kit.Duration(t.Total)},
	}
}

func encodingNote(enc string) string {
	if enc == "" || enc == "identity" {
		return " " + i18n.T("app.size-not-compressed")
	}
	return " (" + enc + ")"
}

func headerNote(counts bool) string {
	if counts {
		return " " + i18n.T("app.size-counted-both")
	}
	return " " + i18n.T("app.size-counted-body")
}

func readStopNote(r *fetch.Result) string {
	if r.BodyError != "" {
		return r.BodyError
	}
	return i18n.T("app.size-read-cap", "Cap", kit.BytesText(r.CapBytes))
}

func orNone(s string) string {
	if s == "" {
		return i18n.T("app.none")
	}
	return s
}
