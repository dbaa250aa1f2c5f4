package compare

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// WriteJSON writes the comparison as indented JSON, the `cutoff compare
// --json` contract.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("%s: %w", i18n.T("compare.err-write-json"), err)
	}
	return nil
}

// maxCell bounds a table cell in text, so a long redirect chain or error
// does not stretch every column.
const maxCell = 60

// WriteText writes the comparison for people: who was compared, the
// side-by-side table with the rows and cells that differ from the first
// column marked "≠", the differences as sentences, and the caveat.
func (r *Result) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\n\n", i18n.T("compare.text-title", "URL", prose.Printable(r.URL)))
	labels := make([]string, len(r.Fetches))
	for i, f := range r.Fetches {
		labels[i] = f.Label
	}
	// The names start in one column: at least 22 wide (the width the list
	// has always had), wider for a longer label.
	cols := max(22, prose.Widest(labels...))
	for _, f := range r.Fetches {
		fmt.Fprintf(bw, "  %s %s: %s\n", prose.PadRight(f.Label, cols), f.Name, prose.Printable(f.UserAgent))
	}
	fmt.Fprintln(bw)
	tw := prose.NewTable(bw, 2, prose.AlignLeft)
	fmt.Fprintf(tw, "\t%s\n", strings.Join(labels, "\t"))
	for _, row := range r.Table() {
		cells := make([]string, len(row.Cells))
		for i, c := range row.Cells {
			if row.Differs[i] {
				c = "≠ " + c
			}
			cells[i] = shorten(prose.Printable(c))
		}
		label := row.Label
		if row.AnyDiffers() {
			label = "≠ " + label
		}
		fmt.Fprintf(tw, "%s\t%s\n", label, strings.Join(cells, "\t"))
	}
	tw.Flush()
	writeDifferences(bw, r.Differences)
	fmt.Fprintf(bw, "\n%s\n", r.Caveat)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("%s: %w", i18n.T("compare.err-write-text"), err)
	}
	return nil
}

func writeDifferences(w io.Writer, diffs []Difference) {
	if len(diffs) == 0 {
		fmt.Fprintf(w, "\n%s\n", i18n.T("compare.text-no-differences"))
		return
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T("compare.text-differences", "Count", len(diffs)))
	for _, d := range diffs {
		fmt.Fprintf(w, "  - %s\n", prose.Printable(d.Text()))
	}
}

func shorten(s string) string {
	if r := []rune(s); len(r) > maxCell {
		return string(r[:maxCell-1]) + "…"
	}
	return s
}
