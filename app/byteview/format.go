package byteview

import (
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Words are how the widgets write their words and numbers. The package
// imports no catalog: the window hands it its language's with SetWords,
// and until then, as in tests, the widgets speak English.
type Words struct {
	// Say is the message id of the byteview area ("find-none"), its named
	// placeholders ({{.Offset}}) filled from args given as name, value
	// pairs; integers are written with the language's digit grouping and
	// a value named Count chooses the plural form.
	Say func(id string, args ...any) string
	// Int writes a whole number with the language's digit grouping.
	Int func(int64) string
	// Percent puts the language's percent sign around a number already
	// written: "12" gives "12%", "%12" in Turkish.
	Percent func(string) string
	// Decimal writes v with prec decimals (-1: as many as needed) and the
	// language's decimal mark: 1.5, 1,5 in Italian.
	Decimal func(v float64, prec int) string
}

// words are the Words in use; nil means English.
var words atomic.Pointer[Words]

// SetWords makes w the widgets' words from now on: what they draw or
// refresh afterwards speaks them. A nil function keeps English for it.
func SetWords(w Words) { words.Store(&w) }

// say is message id in the words in use.
func say(id string, args ...any) string {
	if w := words.Load(); w != nil && w.Say != nil {
		return w.Say(id, args...)
	}
	return English(id, args...)
}

// english is the English of every message, the one Cutoff's catalog gives
// the byteview area too (the app's tests compare them); a plural message
// has its "one" form after a "|".
var english = map[string]string{
	"kind-header":        "HTTP header",
	"kind-inline-script": "inline script",
	"kind-json-ld":       "JSON-LD",
	"kind-inline-style":  "inline style",
	"kind-data-uri":      "data: URI",
	"kind-inline-svg":    "inline SVG",
	"kind-comment":       "comment",
	"kind-markup":        "markup",
	"kind-text":          "text bytes",
	"kind-whitespace":    "whitespace",
	"kind-body":          "body",

	"bytes":              "{{.Count}} byte|{{.Count}} bytes",
	"byte-one":           "byte {{.Offset}}",
	"byte-range":         "bytes {{.First}}–{{.Last}} ({{.Length}} bytes)",
	"unit-b":             "B",
	"unit-kb":            "KB",
	"unit-mb":            "MB",
	"unit-gb":            "GB",
	"scale-widest":       "888.8 MB",
	"hover-header":       "HTTP header · {{.Bytes}} bytes, counted before the body",
	"hover-body-byte":    "body byte {{.Offset}}",
	"hover-segment":      "{{.Kind}} · body {{.Range}}",
	"hover-spare":        "unused: {{.Spare}} bytes to spare below the limit of {{.Limit}} ({{.Used}} used)",
	"hover-past-end":     "past the end of the response ({{.Total}})",
	"hover-ambiguous":    "ambiguous zone: cut if the limit is read as MB, kept if read as MiB",
	"hover-never-seen":   "past the cutoff: the crawler never sees it",
	"hover-past-cutoff":  "past the cutoff",
	"hover-at-risk":      "at risk",
	"hover-more-here":    "(+{{.More}} more here)",
	"hover-pixel":        "this pixel: {{.Parts}}",
	"cutoff-body":        "cutoff at body byte {{.Offset}}",
	"cutoff-counted":     "cutoff at counted byte {{.Counted}} (body byte {{.Offset}})",
	"cutoff-binary":      "{{.Counted}} if MB means MiB",
	"cutoff-binary-none": "nothing cut if MB means MiB",
	"limit-not-reached":  "limit {{.Limit}} not reached ({{.Percent}} used)",

	"source-go-to-cutoff": "Go to cutoff",
	"source-shaded":       "Shaded from body byte {{.Offset}} on: past the cutoff, the crawler never sees what follows.",
	"source-empty":        "The body is empty.",
	"source-status":       "{{.Bytes}} bytes in {{.Rows}} rows; offsets count the bytes received. Ctrl+F finds, Ctrl+G goes to an offset.",
	"source-row":          "Row {{.Row}}",
	"source-line-row":     "Line {{.Line}} (row {{.Row}})",
	"source-line-column":  "Line {{.Line}}, column {{.Column}}",
	"source-body-range":   "body {{.Range}}",
	"source-marked":       "marked byte {{.Offset}}",
	"source-cutoff-falls": "the cutoff falls at byte {{.Offset}}",
	"source-shown-as":     "Shown as {{.Charset}}.",
	"source-shown-as-why": "Shown as {{.Charset}}: {{.Reason}}.",
	"source-packed":       "More lines than rows can show: short lines share rows.",
	"find-label":          "Find",
	"find-placeholder":    "Find in the whole body (Enter: next, Shift+Enter: previous)",
	"find-match-case":     "Match case",
	"find-none":           "not found",
	"find-rank":           "{{.N}} of {{.Total}}",
	"goto-label":          "Go to byte",
	"goto-placeholder":    "Body byte offset: {{.Example}} or 0x1E8480",
	"goto-go":             "Go",
	"goto-bad":            "Type a byte offset such as {{.Example}} or 0x1E8480.",
	"goto-past-end":       "Byte {{.Offset}} is past the end of the body ({{.Size}}).",
}

// EnglishMessages are the English texts of the byteview area by id, a
// plural one as its "one" and "other" forms joined by "|".
func EnglishMessages() map[string]string {
	out := make(map[string]string, len(english))
	for id, text := range english {
		out[id] = text
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\.(\w+)\}\}`)

// English is message id in English, filled as Words.Say fills it.
func English(id string, args ...any) string {
	text, ok := english[id]
	if !ok {
		return id
	}
	values := map[string]string{}
	for i := 0; i+1 < len(args); i += 2 {
		name, _ := args[i].(string)
		values[name] = englishValue(args[i+1])
	}
	if one, other, plural := strings.Cut(text, "|"); plural {
		text = other
		if values["Count"] == "1" {
			text = one
		}
	}
	return placeholder.ReplaceAllStringFunc(text, func(p string) string {
		return values[placeholder.FindStringSubmatch(p)[1]]
	})
}

// englishValue writes a value as the English catalog does: integers
// grouped, the rest as is.
func englishValue(v any) string {
	switch n := v.(type) {
	case int:
		return englishNumbers.Sprint(n)
	case int64:
		return englishNumbers.Sprint(n)
	case string:
		return n
	}
	return englishNumbers.Sprint(v)
}

// englishNumbers groups digits as English does (2,000,000).
var englishNumbers = message.NewPrinter(language.English)

// commas writes n with the language's thousands separators: 2000000 ->
// "2,000,000" in English. Byte counts are shown exact, never rounded,
// because the cutoff is byte-exact.
func commas(n int64) string {
	if w := words.Load(); w != nil && w.Int != nil {
		return w.Int(n)
	}
	return englishNumbers.Sprint(n)
}

// percent writes a number already written as a percentage.
func percent(p string) string {
	if w := words.Load(); w != nil && w.Percent != nil {
		return w.Percent(p)
	}
	return p + "%"
}

// decimal writes v with at most prec decimals (-1: as many as needed)
// and the language's decimal mark: 1.5, 1,5 in Italian.
func decimal(v float64, prec int) string {
	if w := words.Load(); w != nil && w.Decimal != nil {
		return w.Decimal(v, prec)
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

// bytesText is n as "1,234,567 bytes" (or "1 byte").
func bytesText(n int64) string { return say("bytes", "Count", n) }
