package sitetab

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/cli"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/site"
)

// longPath is a URL path too long for the URL column.
const longPath = "/docs/2026/archive/section/subsection/another-level/old-article.html"

// notesServer serves a redirect chain (/old-article 301 → /moved 302 →
// /new-article), a 429 with Retry-After: 1 before each 200 of /busy, a 404
// (/missing), a page robots.txt disallows (/private/x), a hub of 2.1 MB
// whose only link to /orphan lies past the cutoff, and small pages
// elsewhere. urls lists them, then filler pages up to n URLs.
func notesServer(t *testing.T, n int) (srv *httptest.Server, urls []string) {
	var busy atomic.Int64
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
		case "/old-article":
			http.Redirect(w, r, "/moved", http.StatusMovedPermanently)
		case "/moved":
			http.Redirect(w, r, "/new-article", http.StatusFound)
		case "/busy":
			if busy.Add(1)%2 == 1 {
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
			w.Write([]byte("<html><body>busy</body></html>"))
		case "/missing":
			http.NotFound(w, r)
		case "/hub":
			w.Write([]byte("<html><head><title>Hub</title></head><body>" + strings.Repeat("x", 2_100_000) + "<a href=/orphan>o</a></body></html>"))
		default:
			w.Write([]byte("<html><body><a href=/new-article>page</a></body></html>"))
		}
	}))
	t.Cleanup(srv.Close)
	for _, p := range []string{"/old-article", "/busy", "/missing", "/private/x", "/hub", "/orphan", longPath} {
		urls = append(urls, srv.URL+p)
	}
	for i := len(urls); i < n; i++ {
		urls = append(urls, fmt.Sprintf("%s/p/%d", srv.URL, i))
	}
	return srv, urls
}

// startList starts urls in the tab as a URL list, its rows saved in a
// file of the test's.
func (tu *siteTestUI) startList(t *testing.T, urls []string) {
	t.Helper()
	a := tu.site
	t.Cleanup(a.runner.Wait)
	save := filepath.Join(t.TempDir(), "site.jsonl")
	a.savePath = func() string { return save }
	tu.act(func() {
		a.kind.SetSelectedIndex(1)
		a.list.SetText(strings.Join(urls, "\n"))
		test.Tap(a.start)
	})
}

// runList runs urls in the tab as a URL list and waits for the end.
func (tu *siteTestUI) runList(t *testing.T, urls []string) {
	t.Helper()
	tu.startList(t, urls)
	tu.waitFor(t, func() bool { return !tu.site.running })
}

// viewRow is the view index of the row whose URL ends with suffix, -1 when
// the view does not show it.
func viewRow(a *Area, suffix string) int {
	for i, j := range a.model.view {
		if strings.HasSuffix(a.model.rows[j].URL, suffix) {
			return i
		}
	}
	return -1
}

// The table says how each page was fetched, filters on it, explains a row
// not fetched, elides long URLs, says when a filter keeps nothing, and a
// filter shows its first match at the top, at 1024×768.
func TestSiteTabShowsHowPagesWereFetched(t *testing.T) {
	_, urls := notesServer(t, 40)
	tu := newSiteTestUI(t)
	a := tu.site
	tu.act(func() { tu.win.Resize(fyne.NewSize(1024, 768)) })
	tu.runList(t, urls)
	tu.act(func() {
		cell := func(suffix string, col int) string { return a.model.cell(viewRow(a, suffix), col) }
		if got := cell("/old-article", siteColRedirects); got != "301, 302" {
			t.Errorf("/old-article redirects %q, want 301, 302", got)
		}
		if got := cell("/old-article", siteColStatus); got != "200" {
			t.Errorf("/old-article status %q", got)
		}
		if got := cell("/busy", siteColRetries); got != "1" {
			t.Errorf("/busy retries %q, want 1", got)
		}
		if !strings.Contains(a.status.Text, "1 redirected, 1 retried after 429 or 503, 1 answered 4xx or 5xx.") {
			t.Errorf("the summary does not say how pages were fetched: %q", a.status.Text)
		}

		for _, c := range []struct {
			filter int
			want   string
		}{{filterRedirected, "/old-article"}, {filterRetried, "/busy"}, {filterHTTPErrors, "/missing"}, {filterDisallowed, "/private/x"}} {
			a.filter.SetSelectedIndex(c.filter)
			if len(a.model.view) != 1 || viewRow(a, c.want) != 0 {
				t.Errorf("filter %q: %d rows, want %s alone", siteFilters()[c.filter], len(a.model.view), c.want)
			}
		}

		// The Error column is on screen at 1024 px.
		right := float32(0)
		for c := range siteColError + 1 {
			right += siteColumns[c].width
		}
		if right > a.table.Size().Width {
			t.Errorf("the Error column ends at %.0f px, past the table's %.0f", right, a.table.Size().Width)
		}

		// A row not fetched has its whole story below the table.
		a.table.Select(widget.TableCellID{Row: 0, Col: siteColURL})
		if !a.detail.Visible() || !strings.Contains(a.detail.Text, "Not fetched: robots.txt disallows it.") ||
			!strings.Contains(a.detail.Text, `line 2, "Disallow: /private/"`) || !strings.Contains(a.detail.Text, "Error: not fetched") {
			t.Errorf("the detail of the disallowed row: visible %v, %q", a.detail.Visible(), a.detail.Text)
		}
		if a.detail.Position().Y < a.table.Position().Y+a.table.Size().Height || a.detail.Size().Height == 0 {
			t.Errorf("the detail panel is laid out at %v, %v: not below the table", a.detail.Position(), a.detail.Size())
		}

		// A filter that keeps nothing says so.
		a.query.SetText("no-such-page")
		if !a.empty.Visible() || a.empty.Size().Width == 0 || a.detail.Visible() {
			t.Errorf("an empty filter: message shown %v (%v wide), detail shown %v", a.empty.Visible(), a.empty.Size().Width, a.detail.Visible())
		}
		a.query.SetText("")
		a.filter.SetSelectedIndex(filterAll)
		if a.empty.Visible() {
			t.Error("the no-match line stays over a full table")
		}

		// Long URLs lose their middle, not their file name, and fit.
		id := widget.TableCellID{Row: viewRow(a, longPath), Col: siteColURL}
		lbl := widget.NewLabel("")
		a.updateCell(id, lbl)
		if !strings.Contains(lbl.Text, "…") || !strings.HasSuffix(lbl.Text, "/old-article.html") || !strings.HasPrefix(lbl.Text, "http://127.0.0.1") {
			t.Errorf("long URL shown as %q", lbl.Text)
		}
		if w := fyne.MeasureText(lbl.Text, theme.TextSize(), fyne.TextStyle{}).Width; w > siteColumns[siteColURL].width {
			t.Errorf("the elided URL is %.0f px wide in a %.0f px column", w, siteColumns[siteColURL].width)
		}

		// Filtering after scrolling shows the first match at the top.
		test.LaidOutObjects(tu.win.Content()) // what painting the window does: the table's scroller exists
		a.table.ScrollToBottom()
		if y := tableOffset(a); y <= 0 {
			t.Fatalf("the table did not scroll (offset %.0f)", y)
		}
		a.filter.SetSelectedIndex(filterHTTPErrors)
		if y := tableOffset(a); y != 0 {
			t.Errorf("after filtering, the table is scrolled %.0f px down: its one match is hidden above", y)
		}
	})
}

// tableOffset is how far down the table's cells are scrolled. Fyne's
// Table does not export it, and laying the table out again in the test
// driver moves its scroller back, so it is read from the table itself.
func tableOffset(a *Area) float64 {
	return reflect.ValueOf(a.table).Elem().FieldByName("offset").FieldByName("Y").Float()
}

func TestElideURL(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"https://example.com/a", 40, "https://example.com/a"},
		{"https://example.com/blog/2026/03/some-section/old-article.html", 40, "https://example.com/bl…/old-article.html"},
		{"https://example.com/" + strings.Repeat("n", 60), 20, "https://e…nnnnnnnnnn"},
		{"not a url but long enough to cut", 12, "not a…to cut"},
	} {
		got := elideURL(c.in, c.n)
		if got != c.want || len([]rune(got)) > c.n {
			t.Errorf("elideURL(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// nopCloser is a buffer an export is written to.
type nopCloser struct{ *bytes.Buffer }

func (nopCloser) Close() error { return nil }

// An export writes the rows the table shows, and its line follows the
// run's summary instead of replacing it.
func TestSiteTabExportsWhatIsShown(t *testing.T) {
	_, urls := notesServer(t, 10)
	tu := newSiteTestUI(t)
	a := tu.site
	tu.runList(t, urls)
	var buf bytes.Buffer
	tu.act(func() {
		a.filter.SetSelectedIndex(filterHTTPErrors)
		ex, ok := a.exportOf(site.FormatCSV)
		if !ok {
			t.Fatal("no export of a filtered table")
		}
		a.writeExport(nopCloser{&buf}, ex)
	})
	tu.waitFor(t, func() bool { return strings.Contains(a.status.Text, "Exported") })
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || !strings.HasSuffix(recs[1][0], "/missing") {
		t.Errorf("the export holds %d rows, want the 1 shown (/missing): %v", len(recs)-1, recs)
	}
	tu.act(func() {
		if !strings.HasPrefix(a.status.Text, "10 pages: ") || !strings.HasSuffix(a.status.Text, "Exported 1 of 10 rows (those the filter shows) as csv.") {
			t.Errorf("status after the export: %q", a.status.Text)
		}
		var h bytes.Buffer
		ex, _ := a.exportOf(site.FormatHTML)
		if err := ex.write(&h); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(h.String(), "showed 1 of 10 pages; this report holds those.") {
			t.Error("a filtered HTML export does not say it holds only the rows shown")
		}
		a.query.SetText("no-such-page")
		if _, ok := a.exportOf(site.FormatCSV); ok || !strings.Contains(a.status.Text, "nothing to export") {
			t.Errorf("an empty view exported, status %q", a.status.Text)
		}
	})
}

// The window's JSON Lines and CSV of a run are the command line's for the
// same site, field for field (times left out): the same writer, the same
// links, the same findings.
func TestSiteTabExportEqualsCommandLine(t *testing.T) {
	_, urls := notesServer(t, 7)
	tu := newSiteTestUI(t)
	a := tu.site
	tu.runList(t, urls)
	var winJSONL, winCSV bytes.Buffer
	tu.act(func() {
		for format, buf := range map[string]*bytes.Buffer{site.FormatJSONL: &winJSONL, site.FormatCSV: &winCSV} {
			ex, ok := a.exportOf(format)
			if !ok {
				t.Fatal("no export")
			}
			if err := ex.write(buf); err != nil {
				t.Fatal(err)
			}
		}
	})

	dir := t.TempDir()
	list, csvPath := filepath.Join(dir, "urls.txt"), filepath.Join(dir, "out.csv")
	if err := os.WriteFile(list, []byte(strings.Join(urls, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	var cliJSONL, stderr bytes.Buffer
	code := cli.Run([]string{"site", "--urls", list, "--profile", fetch.DefaultProfileID, "--jsonl", "--out", csvPath, "--no-history"}, &cliJSONL, &stderr)
	if code != 0 {
		t.Fatalf("cutoff site exited %d: %s", code, stderr.String())
	}
	cliCSV, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}

	wantRows, wantSum := jsonlByURL(t, &cliJSONL)
	gotRows, gotSum := jsonlByURL(t, &winJSONL)
	if !reflect.DeepEqual(gotSum, wantSum) {
		t.Errorf("summary line:\nwindow %v\ncli    %v", gotSum, wantSum)
	}
	if len(gotRows) != len(urls) || len(wantRows) != len(urls) {
		t.Fatalf("%d rows from the window, %d from the command line, want %d", len(gotRows), len(wantRows), len(urls))
	}
	for u, want := range wantRows {
		if got := gotRows[u]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nwindow %v\ncli    %v", u, got, want)
		}
	}
	if hub := wantRows[urls[4]]; hub["lost_only_links"] == nil {
		t.Errorf("the hub's row lists no lost-only link: %v", hub)
	}

	gotCSV, wantCSV := csvByURL(t, &winCSV), csvByURL(t, bytes.NewReader(cliCSV))
	if !reflect.DeepEqual(gotCSV, wantCSV) {
		t.Errorf("CSV:\nwindow %v\ncli    %v", gotCSV, wantCSV)
	}
}

// jsonlByURL reads rows by URL and the summary, times left out.
func jsonlByURL(t *testing.T, r io.Reader) (map[string]map[string]any, map[string]any) {
	t.Helper()
	rows := map[string]map[string]any{}
	var sum map[string]any
	dec := json.NewDecoder(r)
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		if s, ok := m["summary"].(map[string]any); ok {
			delete(s, "seconds")
			delete(s, "pages_per_second")
			sum = s
			continue
		}
		delete(m, "duration_ms")
		rows[m["url"].(string)] = m
	}
	return rows, sum
}

// csvByURL reads CSV records by URL, the duration left out.
func csvByURL(t *testing.T, r io.Reader) map[string][]string {
	t.Helper()
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	at := -1
	for i, h := range recs[0] {
		if h == "duration_ms" {
			at = i
		}
	}
	out := map[string][]string{}
	for _, rec := range recs {
		rec[at] = ""
		out[rec[0]] = rec
	}
	return out
}
