package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/fetch"
)

// headersArea is the Headers tab: the request as sent, the redirect chain
// hop by hop, the final response's header block, sizes and timings. Every
// text is a selectable label, so a consultant can copy any part of it.
type headersArea struct {
	request   *widget.Label
	redirects *widget.Label
	raw       *widget.Label
	sizes     *widget.Label
	timings   *widget.Label
	root      fyne.CanvasObject
}

func newHeadersArea() *headersArea {
	a := &headersArea{
		request:   kit.MonoLabel(),
		redirects: kit.MonoLabel(),
		raw:       kit.MonoLabel(),
		sizes:     kit.MonoLabel(),
		timings:   kit.MonoLabel(),
	}
	a.root = container.NewVScroll(container.NewVBox(
		kit.Heading("Request as sent"), a.request,
		kit.Heading("Redirect chain"), a.redirects,
		kit.Heading("Final response header"), a.raw,
		kit.Heading("Sizes"), a.sizes,
		kit.Heading("Timings"), a.timings,
	))
	a.clear()
	return a
}

func (a *headersArea) content() fyne.CanvasObject { return a.root }

// clear shows the empty state, before any inspection.
func (a *headersArea) clear() {
	a.request.SetText("Inspect a URL to see the request Cutoff sent and what came back.")
	for _, l := range []*widget.Label{a.redirects, a.raw, a.sizes, a.timings} {
		l.SetText("")
	}
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
	a.sizes.SetText(sizesText(r))
	a.timings.SetText(timingsText(r.Timings))
}

// showLocal fills the tab for a page read from a file: nothing was
// requested, so there is no redirect, response header, wire size or
// timing to show.
func (a *headersArea) showLocal(r *fetch.Result) {
	a.request.SetText(requestText(r))
	a.redirects.SetText("None: nothing was requested.")
	a.raw.SetText("None: a file read from disk has no response header.")
	a.sizes.SetText(sizesText(r))
	a.timings.SetText("None: nothing went over the network.")
}

// requestText is the request head as written to the connection, its CRLFs
// shown as line ends.
func requestText(r *fetch.Result) string {
	if r.Local {
		return "No request: the page was read from the local file " + r.URL + "."
	}
	return kit.HeaderBlockText([]byte(r.Request))
}

func redirectText(r *fetch.Result) string {
	if len(r.Redirects) == 0 {
		return "No redirect: the URL answered directly."
	}
	var b strings.Builder
	for i, h := range r.Redirects {
		fmt.Fprintf(&b, "%d. %d  %s\n   → %s   (header block %s)\n",
			i+1, h.Status, h.URL, h.Location, kit.BytesText(h.HeaderBytes))
	}
	fmt.Fprintf(&b, "%d. %d  %s   (final)", len(r.Redirects)+1, r.Status, r.FinalURL)
	return b.String()
}

// sizesText is the byte accounting; for a page read from a file, the bytes
// read from disk, and the header bytes the inspection was given
// (--header-bytes) rather than read.
func sizesText(r *fetch.Result) string {
	var b strings.Builder
	row := func(name, value string) { fmt.Fprintf(&b, "%-26s %s\n", name, value) }
	row("Header block", headerSizeText(r))
	if r.Local {
		row("Read from disk", kit.BytesText(r.BodyBytes))
	} else {
		row("Body on the wire", kit.BytesText(r.WireBodyBytes)+encodingNote(r.ContentEncoding))
		row("Body decoded (read)", kit.BytesText(r.BodyBytes))
	}
	counted := r.CountedHeaderBytes() + r.BodyBytes
	row("Counted by the crawler", kit.BytesText(counted)+headerNote(r.CountsHeaders))
	row("Limit", kit.LimitText(r.LimitBytes, r.LimitBinaryBytes))
	if !r.Local {
		row("Content-Type", orNone(r.ContentType))
	}
	if !r.ReadComplete {
		row("Reading stopped", readStopNote(r))
	}
	if r.Insecure {
		row("TLS", "certificate not verified (--insecure)")
	}
	return strings.TrimRight(b.String(), "\n")
}

// headerSizeText is the header block's size; a file has none, so its
// header bytes are those given with --header-bytes.
func headerSizeText(r *fetch.Result) string {
	switch {
	case !r.Local:
		return kit.BytesText(r.HeaderBytes)
	case r.HeaderBytes > 0:
		return kit.BytesText(r.HeaderBytes) + " (given with --header-bytes, not read)"
	}
	return kit.BytesText(0) + " (a file has no header; --header-bytes sets what the crawler would count)"
}

func timingsText(t fetch.Timings) string {
	return fmt.Sprintf("%-26s %s\n%-26s %s\n%-26s %s\n%-26s %s",
		"Connect (DNS included)", kit.Duration(t.Connect),
		"TLS handshake", kit.Duration(t.TLS),
		"Time to first byte", kit.Duration(t.FirstByte),
		"Total (redirects included)", kit.Duration(t.Total))
}

func encodingNote(enc string) string {
	if enc == "" || enc == "identity" {
		return " (not compressed)"
	}
	return " (" + enc + ")"
}

func headerNote(counts bool) string {
	if counts {
		return " (header block + decoded body)"
	}
	return " (decoded body; this crawler does not count the header)"
}

func readStopNote(r *fetch.Result) string {
	if r.BodyError != "" {
		return r.BodyError
	}
	return "at the read cap of " + kit.BytesText(r.CapBytes) + "; the body is longer"
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
