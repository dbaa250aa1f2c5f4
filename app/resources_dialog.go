package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"

	"github.com/cutoffapp/cutoff/inspect"
)

// showResourceDialog shows one resource in full: its own ruler, how it was
// fetched and why, every value selectable for copying.
func showResourceDialog(win fyne.Window, row *resourceRow) {
	ruler := NewRuler(row.model)
	details := monoLabel()
	details.SetText(resourceDetails(&row.res))
	body := container.NewBorder(ruler, nil, nil, nil, container.NewVScroll(details))
	d := dialog.NewCustom(shorten(row.res.URL, 90), "Close", body, win)
	d.Resize(fyne.NewSize(min(win.Canvas().Size().Width-40, 1000), min(win.Canvas().Size().Height-40, 640)))
	d.Show()
}

// resourceDetails is every field of a resource a consultant may want, one
// "name  value" line each.
func resourceDetails(r *inspect.Resource) string {
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
	row("Status", statusCell(r))
	row("Content-Type", r.ContentType)
	row("Content-Encoding", r.ContentEncoding)
	if r.Requested {
		row("Header block", bytesText(r.HeaderBytes))
		row("Body on the wire", bytesText(r.WireBodyBytes))
		row("Body decoded", bytesText(r.BodyBytes))
		row("Limit", limitText(r.LimitBytes, r.BinaryLimitBytes))
		row("Truncated", yesNo(r.Truncated))
		row("Time", strconv.FormatInt(r.DurationMS, 10)+" ms")
	}
	for i, h := range r.Redirects {
		row(fmt.Sprintf("Redirect %d", i+1), fmt.Sprintf("%d %s → %s", h.Status, h.URL, h.Location))
	}
	if rr := r.Robots; rr != nil {
		row("robots.txt", robotsCell(rr))
		row("  file", rr.URL)
		row("  group", rr.Group)
		row("  rule", rr.Rule)
		row("  why", rr.Reason)
	}
	row("Error", r.Error)
	return strings.TrimRight(b.String(), "\n")
}

func referenceText(r *inspect.Resource) string {
	where := "the page"
	if r.Parent != "" {
		where = r.Parent
	}
	s := fmt.Sprintf("byte %s of %s", commas(r.DiscoveredOffset), where)
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
