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
)

// showResourceDialog shows one resource in full: its own ruler, how it was
// fetched and why, the response header as received and the first 4 KiB of
// its body, every value selectable for copying.
func showResourceDialog(win fyne.Window, row *Row) *dialog.CustomDialog {
	ruler := byteview.NewRuler(row.model)
	details := kit.MonoLabel()
	details.SetText(resourceDetails(&row.Res))
	tabs := container.NewAppTabs(
		container.NewTabItem("Details", container.NewVScroll(details)),
		container.NewTabItem("Response header", container.NewVScroll(resourceHeaderPane(&row.Res))),
		container.NewTabItem("First 4 KiB", container.NewVScroll(resourceHeadPane(&row.Res))),
	)
	body := container.NewBorder(ruler, nil, nil, nil, tabs)
	d := dialog.NewCustom(kit.Shorten(row.Res.URL, 90), "Close", body, win)
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
	caption := widget.NewLabel(headCaption(r))
	caption.Wrapping = fyne.TextWrapWord
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
		return "The body is empty."
	case n >= r.BodyBytes:
		return "The whole decoded body: " + kit.BytesText(n) + "."
	}
	return "The first 4 KiB of the decoded body (" + kit.Commas(n) + " of " + kit.BytesText(r.BodyBytes) +
		"); the rest is not kept."
}

// noResponseText says why a resource has no header or body to show.
func noResponseText(r *resources.Resource) string {
	switch {
	case r.Error != "":
		return "No response: " + r.Error
	case !r.Requested && r.ExcludedReason != "":
		return "Not requested: " + r.ExcludedReason
	case !r.Requested:
		return "Not requested."
	}
	return "No response was received."
}

// resourceDetails is every field of a resource a consultant may want, one
// "name  value" line each.
func resourceDetails(r *resources.Resource) string {
	var b strings.Builder
	row := func(name, value string) {
		if value != "" {
			fmt.Fprintf(&b, "%-22s %s\n", name, value)
		}
	}
	row("URL", r.URL)
	row("Final URL", r.FinalURL)
	row("Kind", string(r.Kind)+" ("+r.Tag+")")
	row("Referenced at", referenceText(r))
	row("Fetched by renderer", yesNo(r.Fetched))
	row("Why not", r.ExcludedReason)
	row("Status", r.StatusWord())
	row("Content-Type", r.ContentType)
	row("Content-Encoding", r.ContentEncoding)
	if r.Requested {
		row("Header block", kit.BytesText(r.HeaderBytes))
		row("Body on the wire", kit.BytesText(r.WireBodyBytes))
		row("Body decoded", kit.BytesText(r.BodyBytes))
		row("Counted bytes", countedText(r))
		row("Limit", kit.LimitText(r.LimitBytes, r.BinaryLimitBytes))
		row("Truncated", yesNo(r.Truncated))
		row("Time", strconv.FormatInt(r.DurationMS, 10)+" ms")
	}
	for i, h := range r.Redirects {
		row(fmt.Sprintf("Redirect %d", i+1), fmt.Sprintf("%d %s → %s", h.Status, h.URL, h.Location))
	}
	if rr := r.Robots; rr != nil {
		row("robots.txt", r.RobotsWord())
		row("  file", rr.URL)
		row("  group", rr.Group)
		row("  rule", rr.Rule)
		row("  why", rr.Reason)
	}
	row("Error", r.Error)
	return strings.TrimRight(b.String(), "\n")
}

func referenceText(r *resources.Resource) string {
	where := "the page"
	if r.Parent != "" {
		where = r.Parent
	}
	s := fmt.Sprintf("byte %s of %s", kit.Commas(r.DiscoveredOffset), where)
	if r.DiscoveredBeforeCutoff {
		return s + ", before the cutoff"
	}
	return s + ", after the cutoff (never discovered)"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// countedText is the resource's counted bytes and what they add up.
func countedText(r *resources.Resource) string {
	if r.CountsHeaders {
		return kit.BytesText(r.CountedBytes) + " (header + decoded body: what counts toward the limit)"
	}
	return kit.BytesText(r.CountedBytes) + " (decoded body; the header does not count)"
}
