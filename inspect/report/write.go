// Package report writes an inspection's report for people and programs:
// the text report of `cutoff inspect`, the JSON of --json (the contract of
// CLI.md), the CSV and the self-contained HTML evidence pack, and the
// rendered view's text. It reads an inspect.Report and changes nothing in
// it; the analysis never imports it.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Report file formats, for Write and the command line's --format.
const (
	FormatJSON = "json"
	FormatCSV  = "csv"
	FormatHTML = "html"
)

// IsFormat reports whether Write knows format.
func IsFormat(format string) bool {
	switch format {
	case FormatJSON, FormatCSV, FormatHTML:
		return true
	}
	return false
}

// Write renders the report to w in format: FormatJSON (the --json
// contract), FormatCSV (one row per finding, critical element and
// resource) or FormatHTML (a self-contained evidence pack).
func Write(w io.Writer, r *inspect.Report, format string) error {
	switch format {
	case FormatJSON:
		return WriteJSON(w, r)
	case FormatCSV:
		return WriteCSV(w, r)
	case FormatHTML:
		return WriteHTML(w, r)
	}
	return fmt.Errorf("inspect: %s", i18n.T("report.unknown-format", "Format", strconv.Quote(format)))
}

// WriteJSON writes the report as indented JSON, the shape CLI.md fixes.
func WriteJSON(w io.Writer, r *inspect.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // messages quote tags: keep "<main>" readable
	return enc.Encode(r)
}
