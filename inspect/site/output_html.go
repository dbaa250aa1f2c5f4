package site

import (
	"html/template"
	"io"
	"sort"
	"strconv"
	"strings"
	texttemplate "text/template"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// htmlReport is the self-contained HTML summary of a run, in the language
// in use: "t" says a catalog message as inspect/report's templates do.
var htmlReport = template.Must(template.New("site").Funcs(template.FuncMap{
	"t": report.Translated, "lang": func() string { return i18n.Current().Code() },
	"bytes": inspect.Bytes, "num": num, "num64": prose.Thousands, "near": NearLimitRange,
	"findings": FindingTitles, "elements": ElementLabels, "percent": PercentText,
	"fetchNotes": FetchNotes, "speed": speedText,
	"totals": func(s *Summary) string {
		if s.RobotsUnchecked > 0 {
			return "site.html-totals-unchecked"
		}
		return "site.html-totals"
	},
}).Parse(`<!doctype html>
<html lang="{{lang}}"><head><meta charset="utf-8"><title>{{t "site.html-title" "Input" .Meta.Input}}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
table{border-collapse:collapse;font-size:12px}td,th{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}.over{color:#b00020;font-weight:600}
</style></head><body>
<h1>{{t "site.html-heading"}}</h1>
<p>{{t (totals .S) "Input" .Meta.Input "Crawler" .Meta.Profile "Count" .S.Pages "Fetched" .S.Fetched "Disallowed" .S.Disallowed "Unchecked" .S.RobotsUnchecked "Errors" .S.Errors}} {{t "site.html-over-limit" "Truncated" .S.Truncated "Limit" .S.LimitBytes "Near" .S.NearLimit "Range" near}}
{{with fetchNotes .S}}{{t "site.summary-fetch-notes" "Notes" .}} {{end}}{{t "site.html-orphans" "Count" (len .S.LinkedOnlyPastCutoff)}}</p>
{{with .Meta.Shown}}<p>{{.}}</p>{{end}}
{{range .S.Notes}}<p>{{t "site.note" "Note" .}}</p>{{end}}
<h2>{{t "site.html-heading-plot"}}</h2>
{{.Plot}}
{{if .S.LinkedOnlyPastCutoff}}<h2>{{t "site.html-heading-orphans"}}</h2><table><tr><th>URL</th><th>{{t "site.col-linking-pages"}}</th><th>{{t "site.col-one-of-them"}}</th></tr>
{{range .S.LinkedOnlyPastCutoff}}<tr><td>{{.URL}}</td><td class="n">{{num .Pages}}</td><td>{{.From}}</td></tr>{{end}}</table>{{end}}
<h2>{{t "site.html-heading-pages"}}</h2>
<table><tr><th>URL</th><th>{{t "site.col-status"}}</th><th>{{t "site.col-redirects"}}</th><th>{{t "site.col-retries"}}</th><th>{{t "site.col-header"}}</th><th>{{t "site.col-body"}}</th><th>{{t "site.col-percent"}}</th><th>{{t "site.col-cut-at"}}</th><th>{{t "site.col-robots"}}</th><th>{{t "site.col-past-cutoff"}}</th><th>{{t "site.col-lost-links"}}</th><th>{{t "site.col-findings"}}</th><th>{{t "site.col-error"}}</th></tr>
{{range .Rows}}<tr><td>{{.URL}}</td>{{if .Fetched}}<td class="n">{{.Status}}</td><td title="{{.RedirectChain " → "}}">{{.RedirectStatuses " → "}}{{with .FinalURL}} {{t "site.html-redirect-to" "URL" .}}{{end}}</td><td class="n">{{if .Retries}}{{.Retries}}{{end}}</td><td class="n">{{bytes .HeaderBytes}}</td><td class="n">{{bytes .BodyBytes}}</td>
<td class="n{{if .Truncated}} over{{end}}">{{percent .Percent}}</td>{{else}}<td class="n">—</td><td></td><td class="n">{{if .Retries}}{{.Retries}}{{end}}</td><td></td><td></td><td></td>{{end}}<td class="n">{{with .CutoffOffset}}{{bytes .}}{{end}}</td>
<td>{{.RobotsWord}}</td><td>{{elements .CriticalBeyond}}</td><td class="n">{{if .LostLinks}}{{num64 .LostLinks}}{{end}}</td>
<td>{{findings .Findings}}</td><td>{{.Error}}</td></tr>
{{end}}</table>
<p>{{speed .S}}</p>
</body></html>
`))

// WriteHTML writes the self-contained HTML summary: totals, the size plot,
// the pages linked only past the cutoff and every row, largest first.
func WriteHTML(w io.Writer, rows []Row, s *Summary, m Meta) error {
	sorted := append([]Row(nil), rows...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Percent > sorted[j].Percent })
	return htmlReport.Execute(w, map[string]any{"Rows": sorted, "S": s, "Meta": m, "Plot": plotHTML(Histogram(rows))})
}

// plot is the histogram as the template "plot" draws it: bars, every
// fourth labelled with its share, and the limit as a red line at 100 %.
type plot struct {
	Width, Height, Bar, Axis int // the drawing's size, a bar's width, the axis labels' line
	Bars                     []plotBar
	LimitX                   int
}

// plotBar is one bucket's bar; Share is its share of the limit as written
// ("7.5") and Pages its count as digits, as the bar's title says them.
type plotBar struct {
	X, Y, H      int
	Color        string
	Share, Pages string
	Tick         bool
}

// plotSVG draws a plot as SVG. It is a text template: its values are
// numbers and colours, and its words come from the catalog escaped for
// HTML (html/template would escape the "+" of a bar's title).
var plotSVG = texttemplate.Must(texttemplate.New("plot").Funcs(texttemplate.FuncMap{
	"t":   func(id string, args ...any) string { return template.HTMLEscapeString(i18n.T(id, args...)) },
	"add": func(a, b int) int { return a + b },
}).Parse(`<svg width="{{.Width}}" height="{{add .Height 30}}" role="img" aria-label="{{t "site.plot-label"}}">
{{- range .Bars}}<rect x="{{.X}}" y="{{.Y}}" width="{{$.Bar}}" height="{{.H}}" fill="{{.Color}}"><title>{{t "site.plot-bar" "From" .Share "Count" .Pages}}</title></rect>
{{- if .Tick}}<text x="{{.X}}" y="{{$.Axis}}" font-size="10">{{.Share}}%</text>{{end}}{{end -}}
<line x1="{{.LimitX}}" y1="0" x2="{{.LimitX}}" y2="{{.Height}}" stroke="#b00020" stroke-width="2"/><text x="{{add .LimitX 3}}" y="{{add .Height 26}}" font-size="11" fill="#b00020">{{t "site.plot-limit"}}</text></svg>`))

// plotHTML is the histogram drawn as SVG for the HTML report.
func plotHTML(bs []Bucket) template.HTML {
	var b strings.Builder
	if err := plotSVG.Execute(&b, plotOf(bs)); err != nil {
		return "" // the template is fixed and its data plain numbers: not reached
	}
	return template.HTML(b.String())
}

// plotOf lays out the histogram's bars.
func plotOf(bs []Bucket) plot {
	const width, height, bar = 820, 160, 20
	most := 1
	for _, b := range bs {
		most = max(most, b.Pages)
	}
	p := plot{Width: width, Height: height, Bar: bar - 2, Axis: height + 14, LimitX: 100 / BucketPercent * bar}
	for i, b := range bs {
		h := b.Pages * height / most
		color := "#4a78c2"
		if b.Over {
			color = "#c0392b"
		}
		p.Bars = append(p.Bars, plotBar{X: i * bar, Y: height - h, H: h, Color: color,
			Share: strconv.FormatFloat(b.From, 'g', -1, 64), Pages: strconv.Itoa(b.Pages), Tick: i%4 == 0})
	}
	return p
}
