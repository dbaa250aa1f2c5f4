package impacttab

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// TestImpactListsEveryLostItem: past the 50 the report's JSON lists, the
// Impact tab lists every lost link and heading, and copies them all.
func TestImpactListsEveryLostItem(t *testing.T) {
	var b strings.Builder
	b.WriteString("<title>t</title>" + strings.Repeat("x", 1_000))
	for i := range 300 {
		fmt.Fprintf(&b, `<h2>Part %d</h2><a href="/p/%d">p</a>`, i, i)
	}
	cut := int64(900)
	an := inspect.Analyze(inspect.Input{Body: []byte(b.String()), Cutoff: &cut, Limit: 900, Crawler: "Googlebot"})
	im := an.Impact
	if got := len(im.Links.Lost); got != 50 {
		t.Fatalf("the JSON lists %d lost links, want its 50", got)
	}
	d := DataOf(an, "Googlebot", inspect.WholePage)
	if got, want := len(d.LostLinks.lines), int(im.Links.Internal.Lost()+im.Links.External.Lost()); got != want || got != 300 {
		t.Errorf("Impact lists %d lost links, the counts say %d, want 300", got, want)
	}
	if got := len(d.LostHeadings.lines); got != 300 {
		t.Errorf("Impact lists %d lost headings, want 300", got)
	}
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	a := New(w)
	w.SetContent(a.Content())
	a.Show(d)
	if got := a.linkList.list.Length(); got != 300 {
		t.Errorf("the list widget has %d rows, want 300", got)
	}
	if txt := a.CopyText(); !strings.Contains(txt, "/p/299") || !strings.Contains(txt, "Part 299") {
		t.Error("Ctrl+C on Impact leaves out the last lost link or heading")
	}
	var out strings.Builder
	if msg := a.linkList.write(nopCloser{&out}, "lost.csv", d.LostLinks); !strings.HasPrefix(msg, "Wrote 300 rows") {
		t.Errorf("export says %q", msg)
	}
	if lines := strings.Count(out.String(), "\n"); lines != 301 {
		t.Errorf("export wrote %d lines, want a header and 300 rows", lines)
	}
}

type nopCloser struct{ *strings.Builder }

func (nopCloser) Close() error { return nil }

// TestImpactCompareAligned: every row of the side-by-side table, the
// longest label's included, puts its columns in the same places, counted
// in terminal columns (a Japanese label's characters take two). No
// t.Parallel: the language is process-wide.
func TestImpactCompareAligned(t *testing.T) {
	body := "<title>t</title><p>some text</p>" + strings.Repeat("x", 1_000) + `<a href="/a">a</a><h1>h</h1>`
	cut := int64(500)
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(lang))
			defer i18n.Use(prev)
			an := inspect.Analyze(inspect.Input{Body: []byte(body), Cutoff: &cut, Limit: 500, Crawler: "Googlebot"})
			lines := strings.Split(DataOf(an, "Googlebot", inspect.WholePage).Compare, "\n")
			for _, l := range lines[1:] {
				if prose.Width(l) != prose.Width(lines[0]) {
					t.Errorf("row %q is %d columns wide, the heading %d: its columns are out of line",
						l, prose.Width(l), prose.Width(lines[0]))
				}
			}
		})
	}
}

// TestImpactCompareHeadingsApart: in every language the table's column
// headings stand apart, even where one is wider than its column's least
// width. No t.Parallel: the language is process-wide.
func TestImpactCompareHeadingsApart(t *testing.T) {
	body := "<title>t</title>" + strings.Repeat("x", 1_000)
	cut := int64(500)
	for _, lang := range []string{"en", "fr", "it", "id", "tr", "ja"} {
		t.Run(lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(lang))
			defer i18n.Use(prev)
			an := inspect.Analyze(inspect.Input{Body: []byte(body), Cutoff: &cut, Limit: 500, Crawler: "Googlebot"})
			heading := strings.Split(DataOf(an, "Googlebot", inspect.WholePage).Compare, "\n")[0]
			for _, column := range []string{"impacttab.column-page", "impacttab.column-kept", "impacttab.column-lost"} {
				if title := i18n.T(column); !strings.Contains(heading, "  "+title) {
					t.Errorf("the heading %q does not set %q apart from the column before it", heading, title)
				}
			}
		})
	}
}

// TestCompareShownInColumns: the tab lays the comparison out from the
// same cells its text is written from, headed by the columns' titles, and
// a right click copies that text.
func TestCompareShownInColumns(t *testing.T) {
	prev := i18n.Use(i18n.Get("ja"))
	defer i18n.Use(prev)
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	a := New(w)
	cut := int64(500)
	body := "<title>t</title><p>some text</p>" + strings.Repeat("x", 1_000) + `<a href="/a">a</a><h1>h</h1>`
	d := DataOf(inspect.Analyze(inspect.Input{Body: []byte(body), Cutoff: &cut, Limit: 500, Crawler: "Googlebot"}), "Googlebot", inspect.WholePage)
	a.Show(d)
	rows := a.compare.Rows()
	if len(rows) < 5 || !a.compare.Header || a.compare.Text() != d.Compare {
		t.Fatalf("shown %d rows (header %v); copy equals the text: %v", len(rows), a.compare.Header, a.compare.Text() == d.Compare)
	}
	lines := strings.Split(d.Compare, "\n")
	for i, r := range rows {
		for _, cell := range r {
			if !strings.Contains(lines[i], cell) {
				t.Errorf("row %d: cell %q is not in the text's line %q", i, cell, lines[i])
			}
		}
	}
}

// TestCutInsideIsSaidInWords: a cutoff inside a comment or a tag says so
// with the language's noun, never the code.
func TestCutInsideIsSaidInWords(t *testing.T) {
	tests := []struct {
		lang, body, want string
	}{
		{"en", "<p>a</p><!-- " + strings.Repeat("c", 600) + " --><p>b</p>", "inside a comment"},
		{"fr", "<p>a</p><!-- " + strings.Repeat("c", 600) + " --><p>b</p>", "d’un commentaire"},
		{"it", "<p>a</p><div " + strings.Repeat("x", 600) + "><p>b</p>", "a metà di un tag"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			cut := int64(300)
			an := inspect.Analyze(inspect.Input{Body: []byte(tt.body), Cutoff: &cut, Limit: 300, Crawler: "Googlebot"})
			if open := DataOf(an, "Googlebot", inspect.WholePage).Open; !strings.Contains(open, tt.want) {
				t.Errorf("the open elements say %q, want %q", open, tt.want)
			}
		})
	}
}
