package app

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
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
	d := impactOf(an, "Googlebot", inspect.WholePage)
	if got, want := len(d.lostLinks.lines), int(im.Links.Internal.Lost()+im.Links.External.Lost()); got != want || got != 300 {
		t.Errorf("Impact lists %d lost links, the counts say %d, want 300", got, want)
	}
	if got := len(d.lostHeadings.lines); got != 300 {
		t.Errorf("Impact lists %d lost headings, want 300", got)
	}
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	a := newImpactArea(w)
	w.SetContent(a.content())
	a.show(d)
	if got := a.linkList.list.Length(); got != 300 {
		t.Errorf("the list widget has %d rows, want 300", got)
	}
	if txt := a.copyText(); !strings.Contains(txt, "/p/299") || !strings.Contains(txt, "Part 299") {
		t.Error("Ctrl+C on Impact leaves out the last lost link or heading")
	}
	var out strings.Builder
	if msg := a.linkList.write(nopCloser{&out}, "lost.csv", d.lostLinks); !strings.HasPrefix(msg, "Wrote 300 rows") {
		t.Errorf("export says %q", msg)
	}
	if lines := strings.Count(out.String(), "\n"); lines != 301 {
		t.Errorf("export wrote %d lines, want a header and 300 rows", lines)
	}
}

type nopCloser struct{ *strings.Builder }

func (nopCloser) Close() error { return nil }

// TestImpactCompareAligned: every row of the side-by-side table, the
// longest label's included, puts its columns in the same places.
func TestImpactCompareAligned(t *testing.T) {
	body := "<title>t</title><p>some text</p>" + strings.Repeat("x", 1_000) + `<a href="/a">a</a><h1>h</h1>`
	cut := int64(500)
	an := inspect.Analyze(inspect.Input{Body: []byte(body), Cutoff: &cut, Limit: 500, Crawler: "Googlebot"})
	lines := strings.Split(impactOf(an, "Googlebot", inspect.WholePage).compare, "\n")
	for _, l := range lines[1:] {
		if utf8.RuneCountInString(l) != utf8.RuneCountInString(lines[0]) {
			t.Errorf("row %q is %d characters, the heading %d: its columns are out of line",
				l, utf8.RuneCountInString(l), utf8.RuneCountInString(lines[0]))
		}
	}
}

// TestImpactPartialRead: when reading stopped at the cap, the Impact tab
// compares the kept bytes with the bytes read, not with a full page it
// never saw.
func TestImpactPartialRead(t *testing.T) {
	page := "<title>t</title>" + strings.Repeat("<p>filler text of the page</p>\n", 400)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(page))
	}))
	t.Cleanup(srv.Close)
	p, _ := fetch.Lookup("custom")
	p.Limits = map[fetch.Kind]fetch.Limit{fetch.KindHTML: {Bytes: 1_000}} // read up to 4,000 bytes
	rep, err := inspect.Page(t.Context(), nil, srv.URL+"/", p, inspect.Options{NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Partial == nil {
		t.Fatalf("read %d of %d bytes, and the report says the read is complete", rep.Fetch.BodyBytes, len(page))
	}
	v := prepareViews(rep, p)
	if !strings.Contains(v.overview.summary, "and loses at least 3,128 bytes.") {
		t.Errorf("the Overview says the loss of a partial read as all of it: %s", v.overview.summary)
	}
	d := v.impact
	if !strings.Contains(d.compare, "bytes read") || strings.Contains(d.compare, "full page") || d.versus != "Bytes read vs what the crawler keeps" ||
		!strings.Contains(d.summary, "the part of the page that was not read") || d.jsonLD != "No JSON-LD block in the bytes read." {
		t.Errorf("a partial read's Impact tab speaks of the full page:\n%s\n%s\n%s", d.summary, d.compare, d.jsonLD)
	}
	r := renderAll(t, rep, p) // the text report and the evidence pack say the same
	if !strings.Contains(r.text, "BYTES READ") || strings.Contains(r.text, "FULL PAGE") ||
		!strings.Contains(r.htmlRaw, "<th>Bytes read</th>") || strings.Contains(r.htmlRaw, "Full page") {
		t.Errorf("a partial read's reports compare with the full page:\n%s", r.text)
	}
}
