package report

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// TestTextTablesLineUp writes the /big report, with a render whose page
// speaks Japanese, in every language and checks that it reads as a table
// in a terminal, where a Japanese character takes two columns: in every
// table the cells of a column start (or, for numbers, end) at the same
// column on every row, and the findings' messages and the scripts'
// outcomes each start at one column.
func TestTextTablesLineUp(t *testing.T) {
	for _, code := range i18n.Codes {
		t.Run(code, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(code))
			defer i18n.Use(prev)
			r := bigReport(t)
			r.AddRendered(japaneseRender())
			text := string(render(t, r, "text"))
			lines := strings.Split(text, "\n")
			tables := 0
			for _, table := range tableRuns(lines) {
				tables++
				if err := linedUp(table); err != nil {
					t.Errorf("%v:\n%s", err, strings.Join(table, "\n"))
				}
			}
			// The fetch, the critical elements, the composition, the
			// impact, the subresources and the two renders side by side.
			if tables < 6 {
				t.Errorf("found %d tables, want 6 at least:\n%s", tables, text)
			}
			var messages, outcomes []string
			for _, f := range r.Findings {
				messages = append(messages, f.Message+" ["+f.Code+"]")
			}
			if err := oneColumn(lines, messages); err != nil {
				t.Errorf("findings: %v", err)
			}
			for _, s := range r.Render.Scripts {
				outcomes = append(outcomes, scriptOutcome(s))
			}
			scripts := slices.Index(lines, "  "+i18n.T("report.scripts-count", "N", len(outcomes)))
			if scripts < 0 {
				t.Fatalf("the report lists no scripts:\n%s", text)
			}
			if err := oneColumn(lines[scripts+1:], outcomes); err != nil {
				t.Errorf("scripts: %v", err)
			}
			var values []string
			for _, l := range r.Render.Lost {
				values = append(values, l.Value)
			}
			lostAt := slices.Index(lines, "  "+i18n.T("report.rendered-lost-in", "Render", r.Render.RenderName(), "N", len(values)))
			if lostAt < 0 {
				t.Fatalf("the report lists nothing lost:\n%s", text)
			}
			if err := oneColumn(lines[lostAt+1:], values); err != nil {
				t.Errorf("lost in the render: %v", err)
			}
		})
	}
}

// japaneseRender is a render of /big whose page has a Japanese title and
// heading, with a script that ran and one that did not.
func japaneseRender() *inspect.Rendered {
	at := int64(2_150_000)
	page := func(mode string) *inspect.RenderedPage {
		return &inspect.RenderedPage{Mode: mode, Title: "春のカタログ 2026", H1: []string{"春のカタログ"}, Links: 1568, TextBytes: 385937, DurationMS: 1234}
	}
	return &inspect.Rendered{Browser: "Chrome 156", Viewport: inspect.Viewport{Width: 412, Height: 732},
		Google: page("google"), Full: page("full"),
		Lost: []inspect.RenderedLost{{Kind: inspect.LostCanonical, Value: "http://127.0.0.1:8080/big", Offset: &at},
			{Kind: inspect.LostTitle, Value: "春のカタログ"}},
		Scripts: []inspect.RenderedScript{{URL: "http://127.0.0.1:8080/app.js", Offset: 5, Reason: "切断されました", Why: inspect.ScriptCut},
			{URL: "http://127.0.0.1:8080/big", Inline: true, Offset: 409, Ran: true}}}
}

// tableRuns are the runs of consecutive lines with a gap of two spaces or
// more between two cells: the tables of a text report. The sentences
// between them have none.
func tableRuns(lines []string) [][]string {
	var runs [][]string
	var run []string
	for _, l := range lines {
		if len(cellEdges(l).starts) > 1 {
			run = append(run, l)
			continue
		}
		if len(run) > 1 {
			runs = append(runs, run)
		}
		run = nil
	}
	return runs
}

// edges are the terminal columns where a line's cells start and end.
type edges struct{ starts, ends []int }

// cellEdges finds the cells of a table row: text between gaps of two
// spaces or more, measured in terminal columns.
func cellEdges(line string) edges {
	var e edges
	col, spaces := 0, 0
	for _, r := range line {
		if r == ' ' {
			spaces++
			col++
			continue
		}
		if len(e.starts) == 0 || spaces >= 2 {
			if len(e.starts) > 0 {
				e.ends = append(e.ends, col-spaces)
			}
			e.starts = append(e.starts, col)
		}
		spaces = 0
		col += prose.Width(string(r))
	}
	if len(e.starts) > 0 {
		e.ends = append(e.ends, col-spaces)
	}
	return e
}

// linedUp says whether the rows of a table line up: every column is left-
// or right-aligned, so either the cells' starts or their ends fall at as
// many distinct columns, over all rows, as the fullest row has cells (a row
// with an empty cell has fewer). A row shifted by a miscounted width adds
// columns of its own to both.
func linedUp(rows []string) error {
	var starts, ends [][]int
	for _, r := range rows {
		e := cellEdges(r)
		starts, ends = append(starts, e.starts), append(ends, e.ends)
	}
	if agree(starts) || agree(ends) {
		return nil
	}
	return fmt.Errorf("the columns do not line up: cells start at %v and end at %v", starts, ends)
}

// agree says whether the positions of every row are among those of all
// rows, taken together no more than the fullest row has.
func agree(rows [][]int) bool {
	var all []int
	fullest := 0
	for _, r := range rows {
		all = append(all, r...)
		fullest = max(fullest, len(r))
	}
	slices.Sort(all)
	return len(slices.Compact(all)) == fullest
}

// oneColumn checks that each of items, found in lines in their order,
// starts at one terminal column.
func oneColumn(lines []string, items []string) error {
	cols := map[int][]string{}
	next := 0
	for _, item := range items {
		found := false
		for ; next < len(lines) && !found; next++ {
			if i := strings.Index(lines[next], item); i > 0 {
				col := prose.Width(lines[next][:i])
				cols[col] = append(cols[col], lines[next])
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%q is not in the report", item)
		}
	}
	if len(cols) != 1 {
		return fmt.Errorf("the items start at %d different columns: %v", len(cols), cols)
	}
	return nil
}

// TestCellEdges checks how a row is cut into cells, in terminal columns.
func TestCellEdges(t *testing.T) {
	tests := []struct {
		name, line   string
		starts, ends []int
	}{
		{"empty", "", nil, nil},
		{"one cell with single spaces", "  a b c", []int{2}, []int{7}},
		{"two cells", "ab  cd", []int{0, 4}, []int{2, 6}},
		{"wide characters count two", "種類  値", []int{0, 6}, []int{4, 8}},
		{"trailing spaces end nothing", "a   ", []int{0}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := cellEdges(tt.line)
			if !slices.Equal(e.starts, tt.starts) || !slices.Equal(e.ends, tt.ends) {
				t.Errorf("cellEdges(%q) = %v, %v, want %v, %v", tt.line, e.starts, e.ends, tt.starts, tt.ends)
			}
		})
	}
}

// TestLinedUp checks the check itself on tables that line up and on one
// that a rune count misaligns.
func TestLinedUp(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		ok   bool
	}{
		{"left-aligned with an empty cell", []string{"  種類  本文    値", "  main  バイト  ", "  h1    x       y"}, true},
		{"right-aligned numbers", []string{"    inline-script  1,142,101", "             text    386,006"}, true},
		{"padded by runes", []string{"  種類                  本文", "  title               バイト"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := linedUp(tt.rows); (err == nil) != tt.ok {
				t.Errorf("linedUp(%q) = %v, want ok %v", tt.rows, err, tt.ok)
			}
		})
	}
}
