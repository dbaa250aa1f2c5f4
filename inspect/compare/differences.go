package compare

import (
	"slices"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Difference is one compared field on which the fetches disagree, one row
// of the table marked ≠: each
// fetch's value, keyed by its label, and a sentence for each fetch that
// differs from the first one that has the field.
type Difference struct {
	Field     string         `json:"field"`
	Label     string         `json:"label"`
	Values    map[string]any `json:"values"`
	Sentences []string       `json:"sentences"`
}

// Text is the difference in one paragraph: its label, then the sentence of
// each fetch that differs. The window's and the text report's bullets are
// one Text each, so both count the same differences as the table's rows
// marked ≠ and the JSON's list.
func (d Difference) Text() string {
	return i18n.T("compare.difference", "Label", d.Label, "Sentences", strings.Join(d.Sentences, " "))
}

// Row is one line of the side-by-side table: a cell per fetch, and which
// cells differ from the reference (the first fetch the row applies to,
// itself never marked).
type Row struct {
	Field   string
	Label   string
	Cells   []string
	Differs []bool
}

// AnyDiffers reports whether some cell of the row differs from the
// reference.
func (r Row) AnyDiffers() bool { return slices.Contains(r.Differs, true) }

// compared is one aspect worked out over every fetch.
type compared struct {
	row  Row
	diff *Difference
}

// compareAspect works out one aspect: the cells, and the difference when a
// fetch's key is not the reference's.
func compareAspect(a aspect, fetches []Fetch) compared {
	c := compared{row: Row{Field: a.field, Label: a.label, Cells: make([]string, len(fetches)), Differs: make([]bool, len(fetches))}}
	ref := -1
	var sentences []string
	for i, f := range fetches {
		if skip, cell := a.skip(f); skip {
			c.row.Cells[i] = cell
			continue
		}
		c.row.Cells[i] = a.show(f)
		if ref < 0 {
			ref = i
			continue
		}
		if a.content && f.Fetch.Status != fetches[ref].Fetch.Status {
			continue // the status difference says why the content differs
		}
		if a.key(f) != a.key(fetches[ref]) {
			c.row.Differs[i] = true
			sentences = append(sentences, a.say(f, fetches[ref]))
		}
	}
	if len(sentences) > 0 {
		values := make(map[string]any, len(fetches))
		for _, f := range fetches {
			if skip, _ := a.skip(f); !skip {
				values[f.Label] = a.raw(f)
			}
		}
		c.diff = &Difference{Field: a.field, Label: a.label, Values: values, Sentences: sentences}
	}
	return c
}

// compareAll works out every aspect once: the table's rows, and the
// differences (the rows marked ≠) in table order.
func compareAll(fetches []Fetch) ([]Row, []Difference) {
	var rows []Row
	diffs := []Difference{}
	for _, a := range aspects(fetches) {
		c := compareAspect(a, fetches)
		rows = append(rows, c.row)
		if c.diff != nil {
			diffs = append(diffs, *c.diff)
		}
	}
	return rows, diffs
}

// Table returns the side-by-side rows: one per compared aspect, a cell per
// fetch in Fetches order, differing cells marked. The window draws it and
// the text report prints it.
func (r *Result) Table() []Row { return r.rows }
