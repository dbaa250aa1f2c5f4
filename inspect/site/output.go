package site

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Output formats of a run's report file.
const (
	FormatCSV   = "csv"
	FormatJSONL = "jsonl"
	FormatHTML  = "html"
)

// IsFormat reports whether f names a report file format.
func IsFormat(f string) bool { return f == FormatCSV || f == FormatJSONL || f == FormatHTML }

// Meta says what a report is about, for its heading.
type Meta struct {
	Input   string // the list, sitemap or start URL
	Profile string // the crawler's name
	// Shown, when not empty, says which rows the report holds when they
	// are not all of the run's (a filter in the window), as a sentence.
	Shown string
}

// Write writes rows and the summary in format, the one writer of the
// command line's --out and the window's exports. JSON Lines are the rows as
// the run handed them, as --jsonl streams them (the linked-only-past-cutoff
// URLs in the summary line); CSV and HTML rows carry that finding too.
func Write(w io.Writer, format string, rows []Row, s *Summary, m Meta) error {
	switch format {
	case FormatJSONL:
		return WriteJSONL(w, rows, s)
	case FormatCSV, FormatHTML:
		marked := make([]Row, len(rows))
		for i := range rows {
			marked[i] = rows[i]
			marked[i].Findings = slices.Clip(rows[i].Findings) // MarkOrphans appends to a copy
		}
		MarkOrphans(marked, s)
		if format == FormatCSV {
			return WriteCSV(w, marked)
		}
		return WriteHTML(w, marked, s, m)
	}
	return errors.New(i18n.T("site.unknown-format", "Format", strconv.Quote(format)))
}

// JSONLWriter streams rows as JSON Lines, one object a line.
type JSONLWriter struct{ enc *json.Encoder }

// NewJSONLWriter returns a writer of rows to w.
func NewJSONLWriter(w io.Writer) *JSONLWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &JSONLWriter{enc: enc}
}

// Row writes one row.
func (j *JSONLWriter) Row(r *Row) error { return j.enc.Encode(r) }

// Summary writes the last line, {"summary": {...}}.
func (j *JSONLWriter) Summary(s *Summary) error {
	return j.enc.Encode(struct {
		Summary *Summary `json:"summary"`
	}{s})
}

// WriteJSONL writes every row, then the summary line.
func WriteJSONL(w io.Writer, rows []Row, s *Summary) error {
	j := NewJSONLWriter(w)
	for i := range rows {
		if err := j.Row(&rows[i]); err != nil {
			return err
		}
	}
	return j.Summary(s)
}

// CSVHeader names the columns of WriteCSV; the first twelve are the JSON
// Lines contract's fields. redirects is the chain of redirect statuses
// followed before the final one ("301 302"), final_url where it ended.
var CSVHeader = []string{"url", "status", "header_bytes", "body_bytes", "limit_bytes", "truncated",
	"cutoff_offset", "robots_allowed", "critical_beyond", "lost_links", "findings", "error",
	"percent_of_limit", "fetched", "final_url", "canonical", "depth", "retries", "duration_ms", "redirects"}

// WriteCSV writes one CSV record a row under CSVHeader; lists are joined
// by spaces, a finding as code:severity.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for i := range rows {
		cw.Write(csvRecord(&rows[i]))
	}
	cw.Flush()
	return cw.Error()
}

func csvRecord(r *Row) []string {
	cut := ""
	if r.CutoffOffset != nil {
		cut = strconv.FormatInt(*r.CutoffOffset, 10)
	}
	return []string{report.CSVSafe(r.URL), strconv.Itoa(r.Status), i64(r.HeaderBytes), i64(r.BodyBytes),
		i64(r.LimitBytes), strconv.FormatBool(r.Truncated), cut, strconv.FormatBool(r.RobotsAllowed),
		strings.Join(r.CriticalBeyond, " "), i64(r.LostLinks), FindingsText(r.Findings), report.CSVSafe(r.Error),
		strconv.FormatFloat(r.Percent, 'f', 2, 64), strconv.FormatBool(r.Fetched), report.CSVSafe(r.FinalURL),
		report.CSVSafe(r.Canonical), strconv.Itoa(r.Depth), strconv.Itoa(r.Retries), i64(r.Millis), r.RedirectStatuses(" ")}
}

// FetchNotes says how the pages were fetched when it was not at the first
// answer: "2 redirected, 1 retried after 429 or 503, 1 answered 4xx or 5xx.",
// or "" when every page answered at once.
func FetchNotes(s *Summary) string {
	var parts []string
	if s.Redirected > 0 {
		parts = append(parts, i18n.T("site.fetch-redirected", "Count", s.Redirected))
	}
	if s.Retried > 0 {
		parts = append(parts, i18n.T("site.fetch-retried", "N", s.Retried))
	}
	if s.HTTPErrors > 0 {
		parts = append(parts, i18n.T("site.fetch-http-errors", "N", s.HTTPErrors))
	}
	if len(parts) == 0 {
		return ""
	}
	return prose.EndSentence(strings.Join(parts, i18n.T("site.list-separator")))
}

// FindingsText is a row's findings as "code:severity" joined by spaces.
func FindingsText(fs []FindingRef) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.Code + ":" + f.Severity
	}
	return strings.Join(parts, " ")
}

func i64(n int64) string { return strconv.FormatInt(n, 10) }

// WriteText writes the summary a person reads: the totals, then the pages
// that lose most, then the pages linked only past the cutoff. A URL or note
// from a sitemap cannot drive the terminal: control characters other than
// the line breaks are written as '?' (prose.PrintableLines).
func WriteText(w io.Writer, rows []Row, s *Summary) error {
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	totals := "site.summary-totals"
	if s.RobotsUnchecked > 0 {
		totals = "site.summary-totals-unchecked"
	}
	line(i18n.T(totals, "Count", s.Pages, "Fetched", s.Fetched, "Disallowed", s.Disallowed,
		"Unchecked", s.RobotsUnchecked, "Errors", s.Errors))
	if s.Resumed > 0 {
		line(i18n.T("site.summary-resumed", "N", s.Resumed))
	}
	if notes := FetchNotes(s); notes != "" {
		line(i18n.T("site.summary-fetch-notes", "Notes", notes))
	}
	line(i18n.T("site.summary-over-limit", "Truncated", s.Truncated, "Limit", s.LimitBytes,
		"Near", s.NearLimit, "Range", NearLimitRange()))
	for _, k := range sortedKeys(s.CriticalBeyond) {
		line("  " + i18n.T("site.summary-critical", "Count", s.CriticalBeyond[k], "Element", inspect.ElementLabel(k)))
	}
	line(i18n.T("site.summary-orphans", "Count", len(s.LinkedOnlyPastCutoff)))
	writeWorst(&b, rows)
	writeRedirects(&b, rows)
	writeOrphans(&b, s.LinkedOnlyPastCutoff)
	for _, n := range s.Notes {
		line(i18n.T("site.note", "Note", n))
	}
	writeEnd(&b, s)
	_, err := io.WriteString(w, prose.PrintableLines(b.String()))
	return err
}

// num writes a count shown to people: 1389 gives "1,389".
func num(n int) string { return prose.Thousands(int64(n)) }

// FindingTitles names a row's findings by their titles, the most severe
// first as the row has them, as the window and the HTML summary show them;
// the codes stay in the CSV and JSON (FindingsText).
func FindingTitles(fs []FindingRef) string {
	titles := make([]string, len(fs))
	for i, f := range fs {
		titles[i] = inspect.FindingTitle(f.Code)
	}
	return i18n.List(titles)
}

// PercentText is a page's share of its limit as people read it, in the
// language in use: "97.3 %", "%97,3" in Turkish.
func PercentText(p float64) string {
	return i18n.T("site.percent", "Percent", i18n.Current().Decimal(p, 1))
}

// ElementLabels names critical element kinds for people, as the window
// and the text summary show them: "<main> element, last internal link".
func ElementLabels(kinds []string) string {
	labels := make([]string, len(kinds))
	for i, k := range kinds {
		labels[i] = inspect.ElementLabel(k)
	}
	return i18n.List(labels)
}

// maxListed bounds the pages each list of the text summary names.
const maxListed = 20

func writeWorst(b *strings.Builder, rows []Row) {
	idx := make([]int, 0)
	for i := range rows {
		if rows[i].Truncated || IsNearLimit(&rows[i]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return
	}
	sort.SliceStable(idx, func(a, c int) bool { return rows[idx[a]].Percent > rows[idx[c]].Percent })
	fmt.Fprintf(b, "\n%s\n", i18n.T("site.heading-largest"))
	for _, i := range idx[:min(len(idx), maxListed)] {
		r := &rows[i]
		fmt.Fprintf(b, "  %7.2f %%  %s", r.Percent, r.URL)
		if len(r.CriticalBeyond) > 0 {
			b.WriteString("  " + i18n.T("site.largest-past-cutoff", "Elements", ElementLabels(r.CriticalBeyond)))
		}
		b.WriteByte('\n')
	}
	if len(idx) > maxListed {
		fmt.Fprintf(b, "  %s\n", i18n.T("site.and-more", "N", len(idx)-maxListed))
	}
}

func writeRedirects(b *strings.Builder, rows []Row) {
	n := 0
	for i := range rows {
		if len(rows[i].Redirects) == 0 {
			continue
		}
		if n == 0 {
			fmt.Fprintf(b, "\n%s\n", i18n.T("site.heading-redirected"))
		}
		if n < maxListed {
			fmt.Fprintf(b, "  %s\n", rows[i].RedirectChain(" → "))
		}
		n++
	}
	if n > maxListed {
		fmt.Fprintf(b, "  %s\n", i18n.T("site.and-more", "N", n-maxListed))
	}
}

func writeOrphans(b *strings.Builder, os []Orphan) {
	if len(os) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s\n", i18n.T("site.heading-orphans"))
	for _, o := range os[:min(len(os), maxListed)] {
		from := i18n.T("site.orphan-from", "From", o.From)
		if o.Pages > 1 {
			from = i18n.T("site.orphan-from-more", "From", o.From, "Count", o.Pages-1)
		}
		fmt.Fprintf(b, "  %s  %s\n", o.URL, from)
	}
	if len(os) > maxListed {
		fmt.Fprintf(b, "  %s\n", i18n.T("site.and-more", "N", len(os)-maxListed))
	}
}

func writeEnd(b *strings.Builder, s *Summary) {
	switch {
	case s.Cancelled:
		fmt.Fprintf(b, "%s\n", i18n.T("site.end-interrupted", "Count", s.Pages))
	case s.StoppedAtMax:
		fmt.Fprintf(b, "%s\n", i18n.T("site.end-max-pages", "Count", s.Pages))
	}
	fmt.Fprintf(b, "%s\n", speedText(s))
}

// speedText is the run's time and rate: "12.5 s, 8.0 pages/s.".
func speedText(s *Summary) string {
	return i18n.T("site.speed", "Seconds", i18n.Current().Decimal(s.Seconds, 1),
		"Rate", i18n.Current().Decimal(s.PagesPerSecond, 1))
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
