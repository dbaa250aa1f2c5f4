package resourcestab

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// showResourceDialog shows one resource in full: its own ruler, how it was
// fetched and why, the response header as received and the first 4 KiB of
// its body, every value selectable for copying.
func showResourceDialog(win fyne.Window, row *Row) *dialog.CustomDialog {
	ruler := byteview.NewRuler(row.model)
	details := kit.MonoLabel()
	details.SetText(resourceDetails(&row.Res))
	tabs := container.NewAppTabs(
		container.NewTabItem(i18n.T("resourcestab.tab-details"), container.NewVScroll(details)),
		container.NewTabItem(i18n.T("resourcestab.tab-header"), container.NewVScroll(resourceHeaderPane(&row.Res))),
		container.NewTabItem(i18n.T("resourcestab.tab-head"), container.NewVScroll(resourceHeadPane(&row.Res))),
	)
	body := container.NewBorder(ruler, nil, nil, nil, tabs)
	d := dialog.NewCustom(kit.Shorten(row.Res.URL, 90), i18n.T("resourcestab.close"), body, win)
	d.Resize(fyne.NewSize(min(win.Canvas().Size().Width-40, 1000), min(win.Canvas().Size().Height-40, 640)))
	d.Show()
	return d
}

// resourceHeaderPane is the response header block as received, or why
// there is none.
func resourceHeaderPane(r *resources.Resource) fyne.CanvasObject {
	if r.RawHeader == "" {
		return widget.NewLabel(noResponseText(r))
	}
	l := kit.MonoLabel()
	l.SetText(kit.HeaderBlockText([]byte(r.RawHeader)))
	return l
}

// resourceHeadPane is the first bytes of the decoded body under a caption
// that says how much of it they are.
func resourceHeadPane(r *resources.Resource) fyne.CanvasObject {
	if !r.Requested || r.RawHeader == "" {
		return widget.NewLabel(noResponseText(r))
	}
	caption := kit.NewParagraph(headCaption(r))
	caption.SizeName = theme.SizeNameCaptionText
	text := kit.MonoLabel()
	text.SetText(kit.ShownText(r.Head, resources.HeadBytes))
	return container.NewBorder(caption, nil, nil, nil, text)
}

// headCaption says which bytes the head pane shows.
func headCaption(r *resources.Resource) string {
	n := int64(len(r.Head))
	switch {
	case n == 0:
		return i18n.T("resourcestab.head-empty")
	case n >= r.BodyBytes:
		return i18n.T("resourcestab.head-whole", "Bytes", kit.BytesText(n))
	}
	return i18n.T("resourcestab.head-part", "Shown", n, "Bytes", kit.BytesText(r.BodyBytes))
}

// noResponseText says why a resource has no header or body to show.
func noResponseText(r *resources.Resource) string {
	switch {
	case r.Error != "":
		return i18n.T("resourcestab.no-response-error", "Error", r.Error)
	case !r.Requested && r.ExcludedReason != "":
		return i18n.T("resourcestab.not-requested-why", "Reason", r.ExcludedReason)
	case !r.Requested:
		return i18n.T("resourcestab.not-requested")
	}
	return i18n.T("resourcestab.no-response")
}

// resourceDetails is every field of a resource a consultant may want, one
// "name  value" line each, the values in one column: 22 terminal columns
// (prose.Width) in, or past the widest name in the language in use.
func resourceDetails(r *resources.Resource) string {
	var rows [][2]string
	row := func(name, value string) {
		if value != "" {
			rows = append(rows, [2]string{name, value})
		}
	}
	row(i18n.T("resourcestab.field-url"), r.URL)
	row(i18n.T("resourcestab.field-final-url"), r.FinalURL)
	row(i18n.T("resourcestab.field-kind"), kindText(r))
	row(i18n.T("resourcestab.field-referenced"), referenceText(r))
	row(i18n.T("resourcestab.field-fetched"), prose.YesNo(r.Fetched))
	row(i18n.T("resourcestab.field-why-not"), r.ExcludedReason)
	row(i18n.T("resourcestab.field-status"), r.StatusText())
	row(i18n.T("resourcestab.field-content-type"), r.ContentType)
	row(i18n.T("resourcestab.field-content-encoding"), r.ContentEncoding)
	if r.Requested {
		row(i18n.T("resourcestab.field-header"), kit.BytesText(r.HeaderBytes))
		row(i18n.T("resourcestab.field-wire"), kit.BytesText(r.WireBodyBytes))
		row(i18n.T("resourcestab.field-decoded"), kit.BytesText(r.BodyBytes))
		row(i18n.T("resourcestab.field-counted"), countedText(r))
		row(i18n.T("resourcestab.field-limit"), kit.LimitText(r.LimitBytes, r.BinaryLimitBytes))
		row(i18n.T("resourcestab.field-truncated"), prose.YesNo(r.Truncated))
		row(i18n.T("resourcestab.field-time"), strconv.FormatInt(r.DurationMS, 10)+" ms")
	}
	for i, h := range r.Redirects {
		row(i18n.T("resourcestab.field-redirect", "N", i+1), fmt.Sprintf("%d %s → %s", h.Status, h.URL, h.Location))
	}
	if rr := r.Robots; rr != nil {
		row(i18n.T("resourcestab.field-robots"), r.RobotsText())
		row("  "+i18n.T("resourcestab.field-robots-file"), rr.URL)
		row("  "+i18n.T("resourcestab.field-robots-group"), rr.Group)
		row("  "+i18n.T("resourcestab.field-robots-rule"), rr.Rule)
		row("  "+i18n.T("resourcestab.field-robots-why"), rr.Reason)
	}
	row(i18n.T("resourcestab.field-error"), r.Error)
	cols := 22
	for _, rw := range rows {
		cols = max(cols, prose.Width(rw[0]))
	}
	lines := make([]string, len(rows))
	for i, rw := range rows {
		lines[i] = prose.PadRight(rw[0], cols) + " " + rw[1]
	}
	return strings.Join(lines, "\n")
}

// kindText is a resource's kind in words with, in brackets, the markup
// that references it: "stylesheet (link rel=stylesheet)". The row that
// stands for several references has no markup of its own.
func kindText(r *resources.Resource) string {
	if r.Summary || r.Tag == "" {
		return r.Kind.Text()
	}
	return i18n.T("resourcestab.kind-tag", "Kind", r.Kind.Text(), "Tag", r.Tag)
}

func referenceText(r *resources.Resource) string {
	switch {
	case r.Parent == "" && r.DiscoveredBeforeCutoff:
		return i18n.T("resourcestab.referenced-before-page", "Offset", r.DiscoveredOffset)
	case r.Parent == "":
		return i18n.T("resourcestab.referenced-after-page", "Offset", r.DiscoveredOffset)
	case r.DiscoveredBeforeCutoff:
		return i18n.T("resourcestab.referenced-before", "Offset", r.DiscoveredOffset, "Where", r.Parent)
	}
	return i18n.T("resourcestab.referenced-after", "Offset", r.DiscoveredOffset, "Where", r.Parent)
}

// countedText is the resource's counted bytes and what they add up.
func countedText(r *resources.Resource) string {
	if r.CountsHeaders {
		return i18n.T("resourcestab.counted-with-header", "Bytes", kit.BytesText(r.CountedBytes))
	}
	return i18n.T("resourcestab.counted-body-only", "Bytes", kit.BytesText(r.CountedBytes))
}
