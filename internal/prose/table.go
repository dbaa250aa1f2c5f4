package prose

import (
	"io"
	"strings"
)

// Align says on which side of its column a Table puts a cell's text.
type Align bool

// The two alignments of a Table's cells.
const (
	AlignLeft  Align = false // text, then the padding
	AlignRight Align = true  // the padding, then the text: numbers
)

// Table lines text up in columns for a terminal. It is written the way
// text/tabwriter is, and lays columns out by the same rules: a cell is text
// ended by a tab, the text after a line's last tab belongs to no column, and
// a column runs over consecutive lines that have a cell in it, as wide as
// its widest cell plus the gap. Unlike text/tabwriter, which counts runes,
// it measures cells in terminal columns (Width), so that a Japanese word
// (two columns a character), a decomposed accent or French's narrow
// no-break space does not shift the columns after it; on text of one
// column a character, its output is text/tabwriter's byte for byte.
//
// A Table holds what it is given until Flush, which writes the lines out;
// it is not safe for use by several goroutines at once.
type Table struct {
	w     io.Writer
	gap   int
	align Align
	text  strings.Builder
}

// NewTable returns a Table that writes to w, with gap spaces at least
// between a cell and the next column, its cells aligned as align says.
func NewTable(w io.Writer, gap int, align Align) *Table {
	return &Table{w: w, gap: gap, align: align}
}

// Write adds p to the table; lines are ended by '\n' and cells by '\t'.
// It never fails: what is written goes out at Flush.
func (t *Table) Write(p []byte) (int, error) {
	return t.text.Write(p)
}

// Flush writes every line given since the last Flush, its cells padded to
// their columns, and returns the first error of the writer.
func (t *Table) Flush() error {
	text := t.text.String()
	t.text.Reset()
	lines := strings.Split(text, "\n")
	rows := make([][]string, len(lines))
	for i, l := range lines {
		rows[i] = strings.Split(l, "\t")
	}
	// As in text/tabwriter, a tab that ends the text, with no line break
	// after it, ends the last line's last cell rather than a column's.
	if last := rows[len(rows)-1]; last[len(last)-1] == "" {
		rows[len(rows)-1] = last[:len(last)-1]
	}
	cols := columnWidths(rows, t.gap)
	var b strings.Builder
	for i, cells := range rows {
		for j, c := range cells {
			switch {
			case j == len(cells)-1: // the text after the last tab
				b.WriteString(c)
			case t.align == AlignRight:
				b.WriteString(PadLeft(c, cols[i][j]))
			default:
				b.WriteString(PadRight(c, cols[i][j]))
			}
		}
		if i < len(rows)-1 {
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

// columnWidths gives the width of every cell of rows but each row's last:
// a column is a run of consecutive rows that have a cell ended by a tab at
// its place, and all its cells are as wide as the widest of them plus gap.
func columnWidths(rows [][]string, gap int) [][]int {
	cols := make([][]int, len(rows))
	deepest := 0
	for i, cells := range rows {
		cols[i] = make([]int, max(len(cells)-1, 0))
		deepest = max(deepest, len(cells)-1)
	}
	for j := range deepest {
		for start := 0; start < len(rows); {
			if len(cols[start]) <= j {
				start++
				continue
			}
			end, widest := start, 0
			for ; end < len(rows) && len(cols[end]) > j; end++ {
				widest = max(widest, Width(rows[end][j])+gap)
			}
			for i := start; i < end; i++ {
				cols[i][j] = widest
			}
			start = end
		}
	}
	return cols
}
