package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/charset"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

//go:embed templates/report.html
var templates embed.FS

var reportTemplate = template.Must(template.New("report.html").Funcs(template.FuncMap{
	"t":    Translated,
	"lang": func() string { return i18n.Current().Code() },
}).ParseFS(templates, "templates/report.html"))

// Translated is the templates' "t": the message id in the language in use,
// filled with args (name, value pairs) as i18n.T fills them. The message
// is the catalog's own text, so only its &, < and > are escaped, as the
// template's literal text would be written; the values are escaped as
// html/template escapes any value, so that the English pack reads byte for
// byte as it did when its sentences were the template's text.
func Translated(id string, args ...any) template.HTML {
	filled := make([]any, len(args))
	copy(filled, args)
	var values []string
	for i := 1; i < len(filled); i += 2 {
		switch filled[i].(type) {
		case int, int64, int32, uint32, uint64:
			continue // grouped digits: nothing to escape, and Count needs the number
		}
		filled[i] = fmt.Sprintf("\x00%d\x00", len(values))
		values = append(values, valueEscaper.Replace(fmt.Sprint(args[i])))
	}
	s := textEscaper.Replace(i18n.T(id, filled...))
	for i, v := range values {
		s = strings.Replace(s, fmt.Sprintf("\x00%d\x00", i), v, 1)
	}
	return template.HTML(s)
}

var (
	// textEscaper escapes a message's own text for element content.
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	// valueEscaper escapes a value as html/template does in element
	// content.
	valueEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")
)

// rulerWidth is the width of the evidence pack's ruler in SVG units.
const rulerWidth = 1000

// kindColors are the evidence pack's colours per span kind: the window's.
var kindColors = inspect.KindColors

// htmlView is what the evidence pack template reads.
type htmlView struct {
	R                                 *inspect.Report
	Generated                         string
	FinalURL                          string // with its redirects counted
	Accounting, Limit, Cutoff, Robots string
	Ruler, Markers, Legend            []svgItem
	Zone, CutLine                     *svgItem
	Findings                          []htmlFinding
	Critical                          []htmlCritical
	Composition                       []htmlShare
	Impact                            []htmlImpactRow
	Whole                             string // the impact table's heading: Report.Whole
	ImpactNotes                       []string
	Resources                         []htmlResource
	Excerpt                           *htmlExcerpt
	Rendered                          *htmlRendered
}

type svgItem struct {
	X, W         svgUnit
	Color, Title string
}

// htmlFinding is a finding with its severity as a word for people; the
// severity code names the cell's style.
type htmlFinding struct{ Severity, Word, Message, Code string }

type htmlCritical struct {
	Kind, Span, Kept, Class, Value string
}

type htmlShare struct{ Title, Color, Bytes, Share string }

type htmlImpactRow struct{ Name, Full, Kept, Lost string }

type htmlResource struct {
	Kind, URL, Note, Status, Bytes, Limit, Robots, Seen string
	Cut                                                 bool
}

type htmlExcerpt struct {
	From, To      string
	Before, After string
}

// WriteHTML writes a self-contained HTML evidence pack: one file with no
// external references that a consultant can attach to an email.
func WriteHTML(w io.Writer, r *inspect.Report) error {
	generated := r.Generated
	if generated.IsZero() {
		generated = time.Now()
	}
	v := htmlView{R: r, Generated: generatedDate(generated),
		Accounting: accounting(r), Limit: limitText(r), Cutoff: cutoffText(r)}
	v.FinalURL = r.FinalURL
	if len(r.Fetch.Redirects) > 0 {
		v.FinalURL = finalURLText(r)
	}
	if r.Robots != nil {
		v.Robots = robotsText(r.Robots)
	}
	v.ruler(r)
	v.tables(r)
	v.Excerpt = excerpt(r)
	v.Rendered = renderedView(r.Render)
	return reportTemplate.Execute(w, v)
}

// ruler lays out the header block, the coarsened byte map, the ambiguous
// zone, the cutoff line and the critical elements on rulerWidth units.
func (v *htmlView) ruler(r *inspect.Report) {
	head := r.Fetch.CountedHeaderBytes()
	total := head + r.BodyBytes
	if total == 0 {
		return
	}
	x := func(bodyOff int64) svgUnit { return svgUnit(float64(head+bodyOff) * rulerWidth / float64(total)) }
	if head > 0 {
		v.Ruler = append(v.Ruler, svgItem{X: 0, W: x(0), Color: kindColors["header"], Title: i18n.T("report.ruler-header", "Bytes", head)})
	}
	v.Ruler = append(v.Ruler, scaledSpans(&r.ByteMap, x(0), x(r.BodyBytes))...)
	if c := r.Fetch.CutoffOffset; c != nil {
		v.CutLine = &svgItem{X: x(*c), Title: i18n.T("report.ruler-cutoff", "Offset", *c)}
		if b := r.Fetch.BinaryCutoffOffset; b != nil && *b > *c {
			v.Zone = &svgItem{X: x(*c), W: x(*b) - x(*c), Title: i18n.T("report.ruler-binary-zone", "Offset", *b)}
		}
	}
	for _, c := range r.Critical {
		color := "#1a7f37"
		if c.BeyondCutoff {
			color = "#b42318"
		}
		v.Markers = append(v.Markers, svgItem{X: x(c.Offset), Color: color, Title: i18n.T("report.ruler-element", "Kind", inspect.ElementLabel(c.Kind), "Offset", c.Offset)})
	}
	for _, k := range append([]string{"header"}, kindNames()...) {
		v.Legend = append(v.Legend, svgItem{Color: kindColors[k], Title: inspect.SpanKindText(k)})
	}
}

// scaledSpans draws the byte map over x0..x1 to scale: the body is cut
// into rulerWidth columns and each column is shared among the kinds in it
// in proportion to their bytes, so every kind's width is its share of the
// body however finely the kinds interleave (as the window's ruler, which
// gives each pixel to one kind, keeps within a pixel). Neighbouring pieces
// of one kind merge; the count stays bounded by columns times kinds.
func scaledSpans(bm *scan.ByteMap, x0, x1 svgUnit) []svgItem {
	body := bm.Size()
	if body <= 0 || x1 <= x0 {
		return nil
	}
	cols := int64(min(rulerWidth, body))
	kinds := int64(len(scan.SpanKinds))
	weights, all := make([][]int64, cols), make([]int64, cols*kinds)
	for c := range weights {
		weights[c] = all[int64(c)*kinds : int64(c+1)*kinds]
	}
	for i := range bm.Len() {
		s := bm.At(i)
		for c := s.Offset * cols / body; c < cols && c*body/cols < s.End; c++ {
			lo, hi := max(s.Offset, c*body/cols), min(s.End, (c+1)*body/cols)
			weights[c][s.Kind] += max(hi-lo, 0)
		}
	}
	var out []svgItem
	titles := make([]string, kinds) // by kind, as weights are
	for k := range titles {
		titles[k] = inspect.SpanKindText(scan.SpanKind(k).String())
	}
	step := float64(x1-x0) / float64(cols)
	for c, w := range weights {
		x := float64(x0) + float64(c)*step
		size := (int64(c)+1)*body/cols - int64(c)*body/cols
		for k, n := range w {
			if n == 0 {
				continue
			}
			width := step * float64(n) / float64(size)
			out = appendPiece(out, scan.SpanKind(k), titles[k], svgUnit(x), svgUnit(width))
			x += width
		}
	}
	return out
}

// appendPiece adds a piece of kind k, titled with the kind's name for
// people, merging it into the last one when that is of the same kind and
// ends where it starts.
func appendPiece(out []svgItem, k scan.SpanKind, title string, x, w svgUnit) []svgItem {
	color := kindColors[k.String()]
	if n := len(out); n > 0 && out[n-1].Color == color && out[n-1].X+out[n-1].W >= x-0.001 {
		out[n-1].W = x + w - out[n-1].X
		return out
	}
	return append(out, svgItem{X: x, W: w, Color: color, Title: title})
}

func kindNames() []string {
	names := make([]string, len(scan.SpanKinds))
	for i, k := range scan.SpanKinds {
		names[i] = k.String()
	}
	return names
}

// tables fills the rows of the critical elements, composition, impact and
// resources tables.
func (v *htmlView) tables(r *inspect.Report) {
	for _, f := range r.Findings {
		v.Findings = append(v.Findings, htmlFinding{Severity: f.Severity, Word: SeverityWord(f.Severity), Message: f.Message, Code: f.Code})
	}
	for _, c := range r.Critical {
		kept, class := inspect.KeptText(c), "lost"
		switch {
		case inspect.Verdict(c) == inspect.VerdictKept:
			class = "kept"
		case c.AtRisk:
			class = "risk"
		}
		v.Critical = append(v.Critical, htmlCritical{Kind: inspect.ElementLabel(c.Kind), Span: inspect.BodyRange(c.Offset, c.End), Kept: kept, Class: class, Value: c.Value})
	}
	for _, k := range scan.SpanKinds {
		if n := r.Composition[k.String()]; n > 0 {
			v.Composition = append(v.Composition, htmlShare{Title: inspect.SpanKindText(k.String()), Color: kindColors[k.String()], Bytes: inspect.Bytes(n), Share: prose.Percent(n, r.BodyBytes)})
		}
	}
	if im := r.Impact; im != nil {
		for _, row := range impactRows(im) {
			v.Impact = append(v.Impact, htmlImpactRow{row.name, inspect.Bytes(row.Full), inspect.Bytes(row.Kept), inspect.Bytes(row.Lost())})
		}
		v.ImpactNotes = impactNotes(im, r.Partial != nil)
		v.Whole = prose.Capitalize(i18n.T(wholeID(r)))
	}
	for _, res := range r.Resources {
		note := res.ExcludedReason
		if res.Error != "" {
			note = res.Error
		}
		v.Resources = append(v.Resources, htmlResource{Kind: res.Kind.Text(), URL: res.URL, Note: note, Status: res.StatusText(),
			Bytes: countedCell(res), Limit: limitCell(res), Robots: res.RobotsText(), Seen: res.SeenText(), Cut: res.Truncated})
	}
}

// generatedDate writes the pack's time of inspection in UTC, as the
// language in use writes a date: "2 March 2026 at 09:30 UTC".
func generatedDate(t time.Time) string {
	t = t.UTC()
	month := i18n.T(fmt.Sprintf("report.month-%02d", int(t.Month())))
	return i18n.T("report.generated-date", "Day", strconv.Itoa(t.Day()), "Month", month,
		"Year", strconv.Itoa(t.Year()), "Time", t.Format("15:04"))
}

// excerptBytes is how much source the evidence pack shows on each side of
// the cutoff.
const excerptBytes = 400

// excerpt returns the source around the cutoff, nil when nothing is cut.
func excerpt(r *inspect.Report) *htmlExcerpt {
	c := r.Fetch.CutoffOffset
	body := r.Fetch.Body
	if c == nil || *c > int64(len(body)) {
		return nil
	}
	from, to := max(*c-excerptBytes, 0), min(*c+excerptBytes, int64(len(body)))
	if d := r.Charset.Decoder(); d != nil {
		return legacyExcerpt(d, body, from, *c, to)
	}
	return &htmlExcerpt{From: inspect.Bytes(from), To: inspect.Bytes(to),
		Before: validText(body[from:*c]), After: validText(body[*c:to])}
}

// legacyExcerpt is the excerpt of a body in a multi-byte legacy charset
// (EUC-JP, Shift_JIS, GBK), decoded a character at a time from a
// character boundary at or after from, so that it reads as text. A
// character the cutoff splits shows as U+FFFD on both sides: the crawler
// gets only its first bytes.
func legacyExcerpt(d *charset.Decoder, body []byte, from, cut, to int64) *htmlExcerpt {
	i := charStart(d, body, from)
	var before, after strings.Builder
	for i < to {
		r, n := d.Decode(body[i:to])
		switch end := i + int64(n); {
		case end <= cut:
			before.WriteRune(r)
		case i < cut:
			before.WriteRune(utf8.RuneError)
			after.WriteRune(utf8.RuneError)
		default:
			after.WriteRune(r)
		}
		i += int64(n)
	}
	return &htmlExcerpt{From: inspect.Bytes(charStart(d, body, from)), To: inspect.Bytes(to),
		Before: before.String(), After: after.String()}
}

// charStart is the first character boundary at or after from: it steps
// characters from the last byte below 0x40 before from (a character of
// its own in every multi-byte charset, never a trail byte), or from the
// start of the body.
func charStart(d *charset.Decoder, body []byte, from int64) int64 {
	i := from
	for i > 0 && body[i-1] >= 0x40 && from-i < excerptBytes {
		i--
	}
	for i < from {
		i += int64(d.Len(body[i:]))
	}
	return i
}

// validText shows bytes as text, invalid UTF-8 as U+FFFD.
func validText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// svgUnit is a ruler coordinate, printed with two decimals.
type svgUnit float64

// String formats u for an SVG attribute.
func (u svgUnit) String() string { return strconv.FormatFloat(float64(u), 'f', 2, 64) }
