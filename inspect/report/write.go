package inspect

import (
	"encoding/json"
	"fmt"
	"io"
)

// Report file formats, for Write and the command line's --format.
const (
	FormatJSON = "json"
	FormatCSV  = "csv"
	FormatHTML = "html"
)

// IsReportFormat reports whether Write knows format.
func IsReportFormat(format string) bool {
	switch format {
	case FormatJSON, FormatCSV, FormatHTML:
		return true
	}
	return false
}

// Write renders the report to w in format: FormatJSON (the --json
// contract), FormatCSV (one row per finding, critical element and
// resource) or FormatHTML (a self-contained evidence pack).
func (r *Report) Write(w io.Writer, format string) error {
	switch format {
	case FormatJSON:
		return r.WriteJSON(w)
	case FormatCSV:
		return r.WriteCSV(w)
	case FormatHTML:
		return r.WriteHTML(w)
	}
	return fmt.Errorf("inspect: unknown report format %q", format)
}

// WriteJSON writes the report as indented JSON, the shape CLI.md fixes.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // messages quote tags: keep "<main>" readable
	return enc.Encode(r)
}
