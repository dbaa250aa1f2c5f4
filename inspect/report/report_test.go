package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/golden"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// reportGenerated is the fixed inspection time of the golden reports.
var reportGenerated = time.Date(2026, time.March, 2, 9, 30, 0, 0, time.UTC)

// smartphone is Googlebot Smartphone, the profile of every report here.
var smartphone, _ = fetch.Lookup(fetch.DefaultProfileID)

// reportFixture is the local page the golden reports are built from.
var reportFixture = filepath.Join("testdata", "report", "shop.html")

// Header bytes and limit of the truncated golden report: the cutoff falls
// at body byte 1,250, inside the inline script and before the canonical.
const (
	fixtureHeaderBytes = 250
	fixtureLimit       = 1500
)

// fileReport inspects the fixture as Googlebot Smartphone with limit bytes
// (0 for the profile's own limit) and a fixed Generated time.
func fileReport(t *testing.T, limit int64) *inspect.Report {
	t.Helper()
	opt := inspect.Options{Fetch: fetch.Options{HeaderBytes: fixtureHeaderBytes, LimitOverride: limit}}
	r, err := inspect.Page(t.Context(), nil, reportFixture, smartphone, opt)
	if err != nil {
		t.Fatalf("Page(%q): %v", reportFixture, err)
	}
	r.Generated = reportGenerated
	return r
}

// siteReport inspects a page served by an httptest server that references
// every kind of subresource, one of them after the cutoff and one blocked
// by robots.txt.
func siteReport(t *testing.T) *inspect.Report {
	t.Helper()
	page := `<!doctype html><html><head><title>Widgets</title><link rel="canonical" href="/widgets"></head><body>` +
		`<link rel="stylesheet" href="/site.css"><script src="/app.js"></script><script src="/private/x.js"></script>` +
		`<img src="/photo.jpg"><img src="data:image/png;base64,iVBORw0KGgo=">` +
		strings.Repeat("<p>A paragraph about widgets.</p>\n", 120) + `</body></html><script src="/late.js"></script>`
	s := serveSite(t, map[string]route{
		"/robots.txt":   {"text/plain", "User-agent: *\nDisallow: /private/\n"},
		"/page":         {"text/html; charset=utf-8", page},
		"/site.css":     {"text/css", `@import "more.css"; body{background:url(/bg.png)}`},
		"/more.css":     {"text/css", "p{margin:0}"},
		"/app.js":       {"text/javascript", strings.Repeat("app();", 1000)},
		"/private/x.js": {"text/javascript", "x()"},
		"/late.js":      {"text/javascript", "late()"},
	})
	opt := inspect.Options{Fetch: fetch.Options{LimitOverride: 3000}, FetchBlocked: true}
	r, err := inspect.Page(t.Context(), nil, s.URL+"/page", smartphone, opt)
	if err != nil {
		t.Fatalf("Page: %v", err)
	}
	r.Generated = reportGenerated
	return r
}

// route is what a test server answers on one path.
type route struct{ contentType, body string }

// serveSite serves routes from an httptest server for the test's
// duration; other paths get 404.
func serveSite(t *testing.T, routes map[string]route) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	for path, rt := range routes {
		mux.HandleFunc(path, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", rt.contentType)
			io.WriteString(w, rt.body)
		})
	}
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// render writes r in one of the formats, "text" included.
func render(t *testing.T, r *inspect.Report, format string) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	if format == "text" {
		err = WriteText(&b, r)
	} else {
		err = Write(&b, r, format)
	}
	if err != nil {
		t.Fatalf("writing %s: %v", format, err)
	}
	return b.Bytes()
}

func TestReportGolden(t *testing.T) {
	t.Parallel()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		limit int64
	}{
		{"cut", fixtureLimit},
		{"whole", 0},
	}
	formats := []struct{ format, ext string }{{"text", "txt"}, {FormatCSV, "csv"}, {FormatHTML, "html"}}
	for _, tt := range tests {
		for _, f := range formats {
			t.Run(tt.name+"."+f.ext, func(t *testing.T) {
				t.Parallel()
				got := render(t, fileReport(t, tt.limit), f.format)
				// A golden file must not depend on where the project sits.
				if bytes.Contains(got, []byte(wd)) {
					t.Errorf("the %s report holds the working directory %s", f.format, wd)
				}
				golden.Check(t, "report/"+tt.name+".golden."+f.ext, got)
			})
		}
	}
}

// TestRenderJSON checks the --json contract: the top-level keys of CLI.md,
// a lossless round trip, and tags left readable.
func TestRenderJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		report func(t *testing.T) *inspect.Report
	}{
		{"cut file", func(t *testing.T) *inspect.Report { return fileReport(t, fixtureLimit) }},
		{"whole file", func(t *testing.T) *inspect.Report { return fileReport(t, 0) }},
		{"site", siteReport},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := tt.report(t)
			out := render(t, r, FormatJSON)
			var top map[string]json.RawMessage
			if err := json.Unmarshal(out, &top); err != nil {
				t.Fatalf("the JSON report does not parse: %v", err)
			}
			for _, k := range []string{"url", "final_url", "profile", "fetch", "critical", "composition", "resources", "robots", "findings"} {
				if v, ok := top[k]; !ok || string(v) == "null" {
					t.Errorf("key %q = %s, want a value", k, v)
				}
			}
			var fetchKeys map[string]json.RawMessage
			if err := json.Unmarshal(top["fetch"], &fetchKeys); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"status", "redirects", "header_bytes", "wire_body_bytes", "body_bytes", "content_type",
				"content_encoding", "limit_bytes", "truncated", "cutoff_offset", "read_complete"} {
				if _, ok := fetchKeys[k]; !ok {
					t.Errorf("fetch.%s is missing", k)
				}
			}
			if got, want := string(fetchKeys["cutoff_offset"]) == "null", r.Fetch.CutoffOffset == nil; got != want {
				t.Errorf("fetch.cutoff_offset = %s with CutoffOffset %v", fetchKeys["cutoff_offset"], r.Fetch.CutoffOffset)
			}
			var back inspect.Report
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatalf("the JSON report does not read back: %v", err)
			}
			if again := render(t, &back, FormatJSON); !bytes.Equal(again, out) {
				t.Errorf("the JSON report changes in a round trip:\n%s\nthen:\n%s", out, again)
			}
			if bytes.Contains(out, []byte(`\u003c`)) || bytes.Contains(out, []byte(`\u003e`)) {
				t.Error("the JSON report escapes < or >")
			}
		})
	}
}

// TestRenderJSONTags makes sure the unescaped-tag check above has a tag to
// look at: the truncated fixture names an element in a finding.
func TestRenderJSONTags(t *testing.T) {
	t.Parallel()
	out := render(t, fileReport(t, fixtureLimit), FormatJSON)
	if !bytes.Contains(out, []byte("<script>")) {
		t.Errorf("the JSON report of the cut page names no <script>:\n%s", out)
	}
}

func TestRenderCSV(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		report func(t *testing.T) *inspect.Report
	}{
		{"cut file", func(t *testing.T) *inspect.Report { return fileReport(t, fixtureLimit) }},
		{"site", siteReport},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := tt.report(t)
			cr := csv.NewReader(bytes.NewReader(render(t, r, FormatCSV)))
			cr.FieldsPerRecord = -1 // counted below, with a better message
			rows, err := cr.ReadAll()
			if err != nil {
				t.Fatalf("the CSV report does not parse: %v", err)
			}
			if len(rows) == 0 || !slices.Equal(rows[0], csvHeader) {
				t.Fatalf("first row = %v, want the header %v", rows[:min(1, len(rows))], csvHeader)
			}
			records := map[string]int{}
			for i, row := range rows {
				if got, want := len(row), len(csvHeader); got != want {
					t.Errorf("row %d has %d columns, want %d: %q", i, got, want, row)
				}
				records[row[0]]++
			}
			for rec, want := range map[string]int{"finding": len(r.Findings), "critical": len(r.Critical), "resource": len(r.Resources)} {
				if got := records[rec]; got != want {
					t.Errorf("%d %s rows, want %d", got, rec, want)
				}
			}
		})
	}
}

// TestRenderHTMLSelfContained parses the evidence pack and fails on any
// script or reference to another resource: it must open from an email
// attachment with nothing fetched.
func TestRenderHTMLSelfContained(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		report func(t *testing.T) *inspect.Report
		want   []string // texts the pack must show
	}{
		{"cut file", func(t *testing.T) *inspect.Report { return fileReport(t, fixtureLimit) },
			[]string{"cutoff at body byte 1,250", "canonical", "https://shop.example/widgets/blue", "Source at the cutoff", "What the crawler loses"}},
		{"site", siteReport, []string{"Subresources", "/late.js", "after cutoff", "disallowed (line 2)", "Response header as received"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := render(t, tt.report(t), FormatHTML)
			doc, err := html.Parse(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("the evidence pack does not parse: %v", err)
			}
			var text strings.Builder
			for n := range doc.Descendants() {
				switch n.Type {
				case html.TextNode:
					text.WriteString(n.Data)
				case html.ElementNode:
					checkSelfContained(t, n)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(text.String(), w) && !bytes.Contains(out, []byte(w)) {
					t.Errorf("the evidence pack lacks %q", w)
				}
			}
		})
	}
}

// fetchingAttrs are the attributes through which a document loads another
// resource.
var fetchingAttrs = []string{"src", "srcset", "href", "xlink:href", "action", "formaction", "data", "poster", "background", "manifest"}

// checkSelfContained fails for an element that runs code or loads
// anything; only <a href> may point elsewhere, as a text link.
func checkSelfContained(t *testing.T, n *html.Node) {
	t.Helper()
	switch n.DataAtom {
	case atom.Script, atom.Iframe, atom.Frame, atom.Object, atom.Embed, atom.Img, atom.Link, atom.Base, atom.Video, atom.Audio, atom.Source:
		t.Errorf("the evidence pack holds a <%s> element", n.Data)
	}
	if n.DataAtom == atom.Style && n.FirstChild != nil && strings.Contains(n.FirstChild.Data, "url(") {
		t.Errorf("the evidence pack's style sheet loads a url(): %.80q", n.FirstChild.Data)
	}
	for _, a := range n.Attr {
		name := a.Key
		if a.Namespace != "" {
			name = a.Namespace + ":" + a.Key
		}
		if strings.HasPrefix(name, "on") {
			t.Errorf("<%s> has the event handler %s", n.Data, name)
		}
		if name == "style" && strings.Contains(a.Val, "url(") {
			t.Errorf("<%s style=%q> loads a url()", n.Data, a.Val)
		}
		if slices.Contains(fetchingAttrs, name) && !(n.DataAtom == atom.A && name == "href") {
			t.Errorf("<%s %s=%q> refers to another resource", n.Data, name, a.Val)
		}
	}
}

// TestRenderWithoutCutoff checks that a page that fits gets no impact or
// excerpt section in any format.
func TestRenderWithoutCutoff(t *testing.T) {
	t.Parallel()
	r := fileReport(t, 0)
	if r.Impact != nil {
		t.Fatal("the whole fixture has an Impact")
	}
	tests := []struct {
		format string
		absent []string
	}{
		{"text", []string{"What the crawler loses", "Open at the cutoff"}},
		{FormatHTML, []string{"What the crawler loses", "Source at the cutoff", "cutoff at body byte"}},
		{FormatJSON, []string{`"impact"`}},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			out := render(t, r, tt.format)
			for _, s := range tt.absent {
				if bytes.Contains(out, []byte(s)) {
					t.Errorf("the %s report of an untruncated page holds %q", tt.format, s)
				}
			}
		})
	}
}

// TestRenderText checks the figures a consultant quotes from the text
// report: the byte sum with thousands separators, and the cutoff.
func TestRenderText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		limit int64
		want  []string
	}{
		{"cut", fixtureLimit, []string{
			"250 header (header bytes given with --header-bytes, not read) + 2,208 decoded body = 2,458 counted",
			"1,500 bytes for HTML",
			"body byte 1,250: the last 958 bytes read (43%) never reach the crawler",
			"local file\n",
			"CRITICAL",
			"What the crawler loses",
		}},
		{"whole", 0, []string{
			"250 header (header bytes given with --header-bytes, not read) + 2,208 decoded body = 2,458 counted",
			"2,000,000 bytes for HTML (2,097,152 if MB is read as MiB)",
			"none: the crawler keeps everything (<1% of the limit)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := string(render(t, fileReport(t, tt.limit), "text"))
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("the text report lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(out, "Final URL") {
				t.Errorf("the text report of a local file shows a final URL:\n%s", out)
			}
		})
	}
}

func TestWriteUnknownFormat(t *testing.T) {
	t.Parallel()
	r := fileReport(t, 0)
	for _, format := range []string{"", "xml", "JSON", "text", "pdf"} {
		var b bytes.Buffer
		if err := Write(&b, r, format); err == nil {
			t.Errorf("Write(%q) = nil, want an error", format)
		}
		if b.Len() != 0 {
			t.Errorf("Write(%q) wrote %d bytes before failing", format, b.Len())
		}
		if IsFormat(format) {
			t.Errorf("IsFormat(%q) = true", format)
		}
	}
	for _, format := range []string{FormatJSON, FormatCSV, FormatHTML} {
		if !IsFormat(format) {
			t.Errorf("IsFormat(%q) = false", format)
		}
	}
}

// TestRenderCSVFormula feeds the CSV page text that a spreadsheet would
// run as a formula: it must arrive as text.
func TestRenderCSVFormula(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "formula.html")
	page := `<!doctype html><html><head><title>=HYPERLINK("http://evil.example","x")</title></head><body></body></html>`
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := inspect.Page(t.Context(), nil, path, smartphone, inspect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.Resources = append(r.Resources, resources.Resource{URL: "@SUM(A1)", Kind: resources.Other, Response: resources.Response{Error: "-1+1"}})
	rows, err := csv.NewReader(bytes.NewReader(render(t, r, FormatCSV))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows[1:] {
		for i, cell := range row {
			if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
				t.Errorf("row %q: column %s = %q reads as a formula", row[0], csvHeader[i], cell)
			}
		}
	}
	want := `'=HYPERLINK("http://evil.example","x")`
	if !slices.ContainsFunc(rows, func(row []string) bool { return row[0] == "critical" && row[18] == want }) {
		t.Errorf("no critical row holds the title as the text %s: %q", want, rows)
	}
}

// TestResourcesNoteShown checks that the text and HTML reports of a page
// whose subresources were not fetched say why, and how many it references:
// a local file, and a served page inspected without them.
func TestResourcesNoteShown(t *testing.T) {
	t.Parallel()
	served := func(t *testing.T) *inspect.Report {
		s := serveSite(t, map[string]route{
			"/page": {"text/html; charset=utf-8", `<title>Widgets</title><script src="/a.js"></script><script src="/b.js"></script>`},
		})
		r, err := inspect.Page(t.Context(), nil, s.URL+"/page", smartphone, inspect.Options{NoResources: true})
		if err != nil {
			t.Fatalf("Page: %v", err)
		}
		return r
	}
	tests := []struct {
		name   string
		report func(t *testing.T) *inspect.Report
	}{
		{"local file", func(t *testing.T) *inspect.Report { return fileReport(t, 0) }},
		{"turned off", served},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := tt.report(t)
			note := r.ResourcesNote()
			if r.ResourcesSkipped == "" || note == "" {
				t.Fatalf("ResourcesSkipped %q, note %q: want the reason", r.ResourcesSkipped, note)
			}
			for _, format := range []string{"text", FormatHTML} {
				if out := render(t, r, format); !bytes.Contains(out, []byte(html.EscapeString(note))) {
					t.Errorf("%s report does not say %q", format, note)
				}
			}
		})
	}
}

// TestCutoffTextPartial checks the text report's Cutoff line for a read
// that stopped before the cutoff: it says where the cutoff falls on the
// announced length, never that the crawler keeps everything.
func TestCutoffTextPartial(t *testing.T) {
	cut := int64(1_999_600)
	r := &inspect.Report{
		Fetch:   &fetch.Result{Accounting: fetch.Accounting{LimitBytes: 2_000_000, HeaderBytes: 400, BodyBytes: 150_000}},
		Partial: &inspect.PartialRead{ReadBytes: 150_000, AnnouncedBytes: 2_500_000, CutoffOffset: &cut},
	}
	got := cutoffText(r)
	want := "not reached in the 150,000 bytes read; on the 2,500,000 bytes the server announced, it falls at body byte 1,999,600"
	if got != want || strings.Contains(got, "keeps everything") {
		t.Errorf("cutoffText = %q, want %q", got, want)
	}
}

// TestLocalFileHeader inspects a local file without --header-bytes: the
// accounting and a finding say that a file has no header and how to count
// one; with --header-bytes the accounting says the count was given.
func TestLocalFileHeader(t *testing.T) {
	r, err := inspect.Page(t.Context(), nil, reportFixture, smartphone, inspect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := string(render(t, r, "text"))
	if !strings.Contains(text, "0 header (a file has no header; --header-bytes N counts one) + 2,208 decoded body") {
		t.Errorf("the accounting says nothing of --header-bytes:\n%s", text)
	}
	if html := string(render(t, r, "html")); !strings.Contains(html, "a file has no header; --header-bytes N counts one") {
		t.Errorf("the HTML accounting says nothing of --header-bytes")
	}
	found := false
	for _, f := range r.Findings {
		if f.Code == inspect.CodeLocalNoHeader {
			found = strings.Contains(f.Message, "--header-bytes N") && f.Severity == finding.Info
		}
	}
	if !found {
		t.Errorf("no info %s finding naming --header-bytes in %v", inspect.CodeLocalNoHeader, r.Findings)
	}
	given := fileReport(t, 0)
	for _, f := range given.Findings {
		if f.Code == inspect.CodeLocalNoHeader {
			t.Errorf("with --header-bytes 250: %s", f.Message)
		}
	}
}
