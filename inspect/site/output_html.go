package site

import (
	"fmt"
	"html/template"
	"io"
	"sort"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// htmlReport is the self-contained HTML summary of a run.
var htmlReport = template.Must(template.New("site").Funcs(template.FuncMap{
	"bytes": inspect.Bytes, "num": num, "num64": prose.Thousands, "pages": func(n int) string { return prose.Count(int64(n), "page", "pages") },
	"findings": FindingTitles, "elements": ElementLabels, "percent": PercentText, "near": func() string { return NearLimitRange },
	"urls": func(n int) string { return prose.Count(int64(n), "URL", "URLs") }, "fetchNotes": FetchNotes,
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cutoff site report: {{.Meta.Input}}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
table{border-collapse:collapse;font-size:12px}td,th{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}.over{color:#b00020;font-weight:600}
</style></head><body>
<h1>Cutoff site report</h1>
<p>{{.Meta.Input}}, as {{.Meta.Profile}}: {{pages .S.Pages}}, {{num .S.Fetched}} fetched, {{num .S.Disallowed}} disallowed by robots.txt,
{{if .S.RobotsUnchecked}}{{num .S.RobotsUnchecked}} not fetched because robots.txt could not be checked, {{end}}{{num .S.Errors}} not fetched (errors). {{num .S.Truncated}} over the limit of {{bytes .S.LimitBytes}} bytes, {{num .S.NearLimit}} more {{near}} of it.
{{with fetchNotes .S}}Of the fetched pages: {{.}} {{end}}{{urls (len .S.LinkedOnlyPastCutoff)}} linked only from bytes past the cutoff.</p>
{{with .Meta.Shown}}<p>{{.}}</p>{{end}}
{{range .S.Notes}}<p>Note: {{.}}</p>{{end}}
<h2>Page sizes against the limit</h2>
{{.Plot}}
{{if .S.LinkedOnlyPastCutoff}}<h2>Linked only past the cutoff</h2><table><tr><th>URL</th><th>Pages linking past their cutoff</th><th>One of them</th></tr>
{{range .S.LinkedOnlyPastCutoff}}<tr><td>{{.URL}}</td><td class="n">{{num .Pages}}</td><td>{{.From}}</td></tr>{{end}}</table>{{end}}
<h2>Pages, largest first</h2>
<table><tr><th>URL</th><th>Status</th><th>Redirects</th><th>Retries</th><th>Header</th><th>Body</th><th>% of limit</th><th>Cut at</th><th>Robots</th><th>Past the cutoff</th><th>Lost links</th><th>Findings</th><th>Error</th></tr>
{{range .Rows}}<tr><td>{{.URL}}</td>{{if .Fetched}}<td class="n">{{.Status}}</td><td title="{{.RedirectChain " → "}}">{{.RedirectStatuses " → "}}{{with .FinalURL}} to {{.}}{{end}}</td><td class="n">{{if .Retries}}{{.Retries}}{{end}}</td><td class="n">{{bytes .HeaderBytes}}</td><td class="n">{{bytes .BodyBytes}}</td>
<td class="n{{if .Truncated}} over{{end}}">{{percent .Percent}}</td>{{else}}<td class="n">—</td><td></td><td class="n">{{if .Retries}}{{.Retries}}{{end}}</td><td></td><td></td><td></td>{{end}}<td class="n">{{with .CutoffOffset}}{{bytes .}}{{end}}</td>
<td>{{.RobotsWord}}</td><td>{{elements .CriticalBeyond}}</td><td class="n">{{if .LostLinks}}{{num64 .LostLinks}}{{end}}</td>
<td>{{findings .Findings}}</td><td>{{.Error}}</td></tr>
{{end}}</table>
<p>{{printf "%.1f" .S.Seconds}} s, {{printf "%.1f" .S.PagesPerSecond}} pages/s.</p>
</body></html>
`))

// WriteHTML writes the self-contained HTML summary: totals, the size plot,
// the pages linked only past the cutoff and every row, largest first.
func WriteHTML(w io.Writer, rows []Row, s *Summary, m Meta) error {
	sorted := append([]Row(nil), rows...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Percent > sorted[j].Percent })
	return htmlReport.Execute(w, map[string]any{"Rows": sorted, "S": s, "Meta": m, "Plot": plotSVG(Histogram(rows))})
}

// plotSVG draws the histogram as bars, the limit as a red line at 100 %.
func plotSVG(bs []Bucket) template.HTML {
	const width, height, bar = 820, 160, 20
	most := 1
	for _, b := range bs {
		most = max(most, b.Pages)
	}
	out := fmt.Sprintf(`<svg width="%d" height="%d" role="img" aria-label="pages per share of the limit">`, width, height+30)
	for i, b := range bs {
		h := b.Pages * height / most
		color := "#4a78c2"
		if b.Over {
			color = "#c0392b"
		}
		out += fmt.Sprintf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%g %%+: %d pages</title></rect>`,
			i*bar, height-h, bar-2, h, color, b.From, b.Pages)
		if i%4 == 0 {
			out += fmt.Sprintf(`<text x="%d" y="%d" font-size="10">%g%%</text>`, i*bar, height+14, b.From)
		}
	}
	limitX := 100 / BucketPercent * bar
	out += fmt.Sprintf(`<line x1="%d" y1="0" x2="%d" y2="%d" stroke="#b00020" stroke-width="2"/><text x="%d" y="%d" font-size="11" fill="#b00020">limit</text></svg>`,
		limitX, limitX, height, limitX+3, height+26)
	return template.HTML(out)
}
