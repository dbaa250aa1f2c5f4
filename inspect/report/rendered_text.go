package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// WriteRenderedText writes a rendered view as text: both renders side by
// side, what the crawler's render lost and the script table, its control
// characters made harmless as WriteText does.
func WriteRenderedText(w io.Writer, rd *inspect.Rendered) error {
	bw := &strings.Builder{}
	textRendered(bw, rd)
	_, err := io.WriteString(w, prose.PrintableLines(bw.String()))
	return err
}

func textRendered(w io.Writer, rd *inspect.Rendered) {
	id := "report.rendered-title"
	if rd.Viewport.Assumed {
		id = "report.rendered-title-assumed"
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T(id, "Browser", orNone(rd.Browser), "Size", ViewportSize(rd.Viewport)))
	if rd.Error != "" {
		fmt.Fprintf(w, "  %s\n", rd.Error)
		return
	}
	tw := prose.NewTable(w, 2, prose.AlignLeft)
	kept, full := RenderedHeadings(rd)
	fmt.Fprintf(tw, "  \t%s\t%s\n", kept, full)
	for _, row := range renderedRows(rd.Google, rd.Full) {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", row.Name, row.Google, row.Full)
	}
	tw.Flush()
	for _, p := range []*inspect.RenderedPage{rd.Google, rd.Full} {
		for _, s := range append(rd.NoteSentences(p), rd.FailureSentence(p)) {
			if s != "" {
				fmt.Fprintf(w, "  %s\n", s)
			}
		}
	}
	textLost(w, rd)
	textScripts(w, rd.Scripts)
}

// ViewportSize is a viewport as "1,920 × 1,080", the way every view
// shows it.
func ViewportSize(v inspect.Viewport) string {
	return prose.Thousands(int64(v.Width)) + " × " + prose.Thousands(int64(v.Height))
}

// RenderedRow is one line of the side-by-side table of the two renders.
type RenderedRow struct{ Name, Google, Full string }

// RenderedRows are the rows of the side-by-side table; the window, the
// text and the HTML show the same rows.
func RenderedRows(rd *inspect.Rendered) []RenderedRow { return renderedRows(rd.Google, rd.Full) }

// RenderedCaptions are the captions of the two screenshots, as the window
// and the HTML pack show them. The crawler's names the body bytes its
// document request was served: the bytes the crawler kept.
func RenderedCaptions(rd *inspect.Rendered) (kept, full string) {
	render := prose.Capitalize(rd.RenderName())
	kept = i18n.T("report.caption-kept", "Render", render)
	for _, r := range rd.Requests {
		if r.Kind == "document" {
			kept = i18n.T("report.caption-kept-bytes", "Render", render, "Bytes", r.ServedBytes)
			break
		}
	}
	return kept, i18n.T("report.caption-full")
}

// RenderedHeadings head the two columns of RenderedRows: the crawler's
// render ("Bingbot (kept bytes)") and the full one.
func RenderedHeadings(rd *inspect.Rendered) (kept, full string) {
	return i18n.T("report.heading-kept-bytes", "Crawler", prose.Capitalize(rd.CrawlerName())), i18n.T("report.full-page")
}

// LostLine is a lost item as one line: "link https://… at byte 2,004,249".
func LostLine(rd *inspect.Rendered, l inspect.RenderedLost) string {
	return LostKindText(l.Kind) + "  " + l.Value + lostWhere(rd, l)
}

// LostKindText is a lost item's kind (inspect.LostLink, …) as a word for
// people, in the language in use: "link", "lien". The kinds that are
// element names or directives (title, h1, hreflang, noindex) stay as HTML
// writes them, in every language; the kind itself is a code, which JSON
// keeps.
func LostKindText(kind string) string {
	switch kind {
	case inspect.LostLink, inspect.LostJSONLD, inspect.LostCanonical, inspect.LostText:
		return i18n.T("report.lost-kind-" + kind)
	}
	return kind
}

// ScriptLine is a script as one line: whether it ran and, when it did
// not, why: "ran  inline at byte 409", "not run  app.js: Cut at …".
func ScriptLine(s inspect.RenderedScript) string { return ranWord(s) + "  " + scriptOutcome(s) }

// renderedRows compares the two renders' values, row by row.
func renderedRows(g, f *inspect.RenderedPage) []RenderedRow {
	val := func(p *inspect.RenderedPage, get func(*inspect.RenderedPage) string) string {
		if p == nil || p.Error != "" {
			return i18n.T("report.no-render")
		}
		return get(p)
	}
	row := func(name string, get func(*inspect.RenderedPage) string) RenderedRow {
		return RenderedRow{name, val(g, get), val(f, get)}
	}
	return []RenderedRow{
		row(i18n.T("report.row-title"), func(p *inspect.RenderedPage) string { return orNone(p.Title) }),
		row(i18n.T("report.row-meta-robots"), func(p *inspect.RenderedPage) string {
			return orNone(strings.Join(append([]string{p.MetaRobots}, p.MetaGooglebot...), " "))
		}),
		row(i18n.T("report.row-canonical"), func(p *inspect.RenderedPage) string { return orNone(p.Canonical) }),
		row("hreflang", func(p *inspect.RenderedPage) string { return prose.Thousands(int64(len(p.Hreflang))) }),
		row("JSON-LD", func(p *inspect.RenderedPage) string { return jsonLDSummary(p.JSONLD) }),
		row(i18n.T("report.row-links"), func(p *inspect.RenderedPage) string { return prose.Thousands(int64(p.Links)) }),
		row("h1", func(p *inspect.RenderedPage) string { return orNone(strings.Join(p.H1, " | ")) }),
		row("h2", func(p *inspect.RenderedPage) string { return prose.Thousands(int64(len(p.H2))) }),
		row(i18n.T("report.row-visible-text"), func(p *inspect.RenderedPage) string { return i18n.T("report.bytes", "Bytes", p.TextBytes) }),
		row(i18n.T("report.row-time"), func(p *inspect.RenderedPage) string { return prose.Thousands(p.DurationMS) + " ms" }),
	}
}

func jsonLDSummary(list []inspect.JSONLD) string {
	if len(list) == 0 {
		return i18n.T("report.none")
	}
	parts := make([]string, len(list))
	for i, b := range list {
		parts[i] = orType(b.Type)
		if !b.Valid {
			parts[i] = i18n.T("report.jsonld-invalid", "Type", parts[i])
		}
	}
	return i18n.List(parts)
}

func orType(t string) string {
	if t == "" {
		return i18n.T("report.no-type")
	}
	return t
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return i18n.T("report.none")
	}
	return s
}

// maxTextLost is how many lost items the text lists.
const maxTextLost = 30

func textLost(w io.Writer, rd *inspect.Rendered) {
	lost := rd.Lost
	if len(lost) == 0 {
		fmt.Fprintf(w, "  %s\n", i18n.T("report.rendered-lost-nothing-text", "Render", prose.Capitalize(rd.RenderName())))
		return
	}
	fmt.Fprintf(w, "  %s\n", i18n.T("report.rendered-lost-in", "Render", rd.RenderName(), "N", len(lost)))
	shown := lost[:min(len(lost), maxTextLost)]
	// The values start in one column: at least 10 wide, or the widest kind
	// shown ("URL canonique" in French).
	cols := 10
	for _, l := range shown {
		cols = max(cols, prose.Width(LostKindText(l.Kind)))
	}
	for _, l := range shown {
		fmt.Fprintf(w, "    %s %s%s\n", prose.PadRight(LostKindText(l.Kind), cols), l.Value, lostWhere(rd, l))
	}
	if len(lost) > len(shown) {
		fmt.Fprintf(w, "    %s\n", i18n.T("report.rendered-lost-more", "N", len(lost)-len(shown)))
	}
}

// lostWhere says where a lost item comes from in the source.
func lostWhere(rd *inspect.Rendered, l inspect.RenderedLost) string {
	s := ""
	if l.Only == "google" {
		s = " " + i18n.T("report.lost-only-in", "Render", rd.RenderName())
	}
	if l.Offset != nil {
		s += " " + i18n.T("report.lost-at-byte", "Offset", *l.Offset)
	}
	return s
}

func textScripts(w io.Writer, scripts []inspect.RenderedScript) {
	if len(scripts) == 0 {
		return
	}
	fmt.Fprintf(w, "  %s\n", i18n.T("report.scripts-count", "N", len(scripts)))
	// The outcomes start in one column, the wider word's: "not run" in
	// English, "未実行" in Japanese.
	cols := prose.Widest(i18n.T("report.script-ran"), i18n.T("report.script-not-run"))
	for _, s := range scripts {
		fmt.Fprintf(w, "    %s %s\n", prose.PadRight(ranWord(s), cols), scriptOutcome(s))
	}
}

func ranWord(s inspect.RenderedScript) string {
	if s.Ran {
		return i18n.T("report.script-ran")
	}
	return i18n.T("report.script-not-run")
}

// scriptOutcome names a script and, when it did not run, says why: the
// ran/not run word before it says the rest once.
func scriptOutcome(s inspect.RenderedScript) string {
	if s.Ran {
		return scriptName(s)
	}
	return scriptName(s) + ": " + s.Reason
}

func orRan(rd *inspect.Rendered, s inspect.RenderedScript) string {
	if s.Ran {
		return i18n.T("report.script-ran-in", "Render", rd.RenderName())
	}
	return s.Reason
}

// scriptName names a script: its URL, or "inline at byte N".
func scriptName(s inspect.RenderedScript) string {
	switch {
	case s.Inline:
		return i18n.T("report.script-inline", "Offset", s.Offset)
	case s.Offset < 0:
		return i18n.T("report.script-added", "URL", s.URL)
	}
	return s.URL
}
