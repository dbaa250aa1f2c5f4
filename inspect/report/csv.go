package report

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// csvHeader names the columns of WriteCSV. One table holds three kinds of
// record, told apart by the first column, so a spreadsheet filter splits
// them; columns a record does not use stay empty.
var csvHeader = []string{
	"record", "kind", "severity", "code", "offset", "end", "beyond_cutoff", "at_risk",
	"url", "status", "header_bytes", "body_bytes", "limit_bytes", "truncated",
	"robots_allowed", "robots_line", "discovered_before_cutoff", "excluded_reason", "text",
	"counted_bytes", "crawler_gets_it", "robots",
}

// WriteCSV writes the findings, critical elements and resources as CSV
// rows under csvHeader.
func WriteCSV(w io.Writer, r *inspect.Report) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	for _, f := range r.Findings {
		row := csvRow("finding")
		row[2], row[3], row[18] = f.Severity, f.Code, csvSafe(f.Message)
		if f.Offset != nil {
			row[4] = strconv.FormatInt(*f.Offset, 10)
		}
		cw.Write(row)
	}
	for _, c := range r.Critical {
		row := csvRow("critical")
		row[1], row[4], row[5] = c.Kind, itoa(c.Offset), itoa(c.End)
		row[6], row[7], row[18] = strconv.FormatBool(c.BeyondCutoff), strconv.FormatBool(c.AtRisk), csvSafe(c.Value)
		row[20] = inspect.KeptWord(c)
		cw.Write(row)
	}
	for _, res := range r.Resources {
		cw.Write(resourceCSVRow(res))
	}
	cw.Flush()
	return cw.Error()
}

func resourceCSVRow(res resources.Resource) []string {
	row := csvRow("resource")
	row[1], row[4], row[8] = string(res.Kind), itoa(res.DiscoveredOffset), csvSafe(res.URL)
	row[9], row[10], row[11] = strconv.Itoa(res.Status), itoa(res.HeaderBytes), itoa(res.BodyBytes)
	row[12], row[13] = itoa(res.LimitBytes), strconv.FormatBool(res.Truncated)
	if res.Robots != nil {
		row[14], row[15] = strconv.FormatBool(res.Robots.Allowed), strconv.Itoa(res.Robots.Line)
	}
	row[16], row[17], row[18] = strconv.FormatBool(res.DiscoveredBeforeCutoff), res.ExcludedReason, csvSafe(res.Error)
	row[19], row[21] = itoa(res.CountedBytes), res.RobotsWord()
	return row
}

// csvSafe keeps a spreadsheet from reading untrusted text as a formula
// (prose.CSVCell).
func csvSafe(s string) string { return prose.CSVCell(s) }

// CSVSafe is csvSafe for the other report writers (a site run's CSV).
func CSVSafe(s string) string { return prose.CSVCell(s) }

func csvRow(record string) []string {
	row := make([]string, len(csvHeader))
	row[0] = record
	return row
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
