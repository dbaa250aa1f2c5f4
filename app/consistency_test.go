package app

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image/color"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"golang.org/x/net/html"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/resourcestab"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// rendered is one report through every view: the window's prepared views
// and the four exports.
type rendered struct {
	rep      *inspect.Report
	win      *views
	caption  string // the page ruler's caption
	text     string
	htmlText string // the evidence pack's text, entities decoded
	htmlRaw  string
	csv      []map[string]string
	json     map[string]any
}

func renderAll(t *testing.T, rep *inspect.Report, p fetch.Profile) *rendered {
	t.Helper()
	r := &rendered{rep: rep, win: prepareViews(rep, p)}
	r.caption = byteview.Caption(r.win.overview.model)
	var buf bytes.Buffer
	if err := report.WriteText(&buf, rep); err != nil {
		t.Fatal(err)
	}
	r.text = buf.String()
	buf.Reset()
	if err := report.WriteHTML(&buf, rep); err != nil {
		t.Fatal(err)
	}
	r.htmlRaw = buf.String()
	r.htmlText = htmlText(t, buf.Bytes())
	buf.Reset()
	if err := report.WriteCSV(&buf, rep); err != nil {
		t.Fatal(err)
	}
	r.csv = csvRecords(t, buf.Bytes())
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js, &r.json); err != nil {
		t.Fatal(err)
	}
	return r
}

// htmlText is the text of an HTML document, one text node a line.
func htmlText(t *testing.T, b []byte) string {
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			sb.WriteString(n.Data + "\n")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return sb.String()
}

func csvRecords(t *testing.T, b []byte) []map[string]string {
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, row := range rows[1:] {
		m := map[string]string{}
		for i, name := range rows[0] {
			m[name] = row[i]
		}
		out = append(out, m)
	}
	return out
}

// offlineFetcher reaches only the given host:port, as when the machine is
// offline: every other host fails as DNS does.
func offlineFetcher(allowed string) *fetch.Fetcher {
	var d net.Dialer
	return &fetch.Fetcher{Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if addr == allowed {
			return d.DialContext(ctx, network, addr)
		}
		host, _, _ := net.SplitHostPort(addr)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}}
}

// duplicatePage is a page that concatenates articles: every article
// repeats its <title> and canonical, a JSON-LD block straddles the cutoff,
// and it runs to 3 MB.
func duplicatePage() []byte {
	var b bytes.Buffer
	b.WriteString(`<!doctype html><html><head><title>First article</title><link rel="canonical" href="https://news.example/a">`)
	b.WriteString(`<meta name="description" content="the first"></head><body><main><h1>First</h1>`)
	for b.Len() < 1_999_000 {
		fmt.Fprintf(&b, "<p>Paragraph %d with <a href=\"/p/%d\">a link</a>.</p>\n", b.Len(), b.Len())
	}
	b.WriteString(`<script type="application/ld+json">{"@type":"NewsArticle","headline":"` + strings.Repeat("x", 2_400) + `"}</script>`)
	for b.Len() < 2_768_000 {
		fmt.Fprintf(&b, "<h2>Section %d</h2><p>More text.</p>\n", b.Len())
	}
	b.WriteString(`<title>Second article</title><link rel="canonical" href="https://news.example/b"><meta name="robots" content="noindex">`)
	for b.Len() < 3_000_000 {
		b.WriteString("<p>Tail text of the second article.</p>\n")
	}
	b.WriteString("</main></body></html>")
	return b.Bytes()
}

// consistencyReports inspects the pages the consistency test renders.
func consistencyReports(t *testing.T) map[string]*inspect.Report {
	p := defaultProfile(t)
	demo := startDemo(t)
	reports := map[string]*inspect.Report{}
	inspectWith := func(name string, f *fetch.Fetcher, u string, timeout time.Duration) {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		rep, err := inspect.Page(ctx, f, u, p, inspect.Options{FetchBlocked: true,
			Fetch: fetch.Options{Timeout: timeout}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		reports[name] = rep
	}
	inspectURL := func(name string, f *fetch.Fetcher, u string) { inspectWith(name, f, u, 30*time.Second) }
	for _, path := range []string{"/big", "/resources", "/clean"} {
		inspectURL("demo "+path, &fetch.Fetcher{}, demo.URL+path)
	}
	news, err := os.ReadFile("testdata/pages/bbc-news-head.html")
	if err != nil {
		t.Fatal(err)
	}
	dup := duplicatePage()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/news":
			w.Write(news)
		case "/articles":
			w.Write(dup)
		case "/slow":
			slowBody(w, r)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	off := offlineFetcher(srv.Listener.Addr().String())
	inspectURL("saved news page, offline", off, srv.URL+"/news")
	inspectURL("duplicate titles and canonicals", off, srv.URL+"/articles")
	inspectWith("body broken off by the time limit", off, srv.URL+"/slow", 1500*time.Millisecond)
	return reports
}

// slowBody announces 2,500,000 bytes and sends 100 KB a second.
func slowBody(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Length", "2500000")
	chunk := bytes.Repeat([]byte("<p>slow text</p>\n"), 625)
	for sent := 0; sent < 2_500_000; sent += len(chunk) {
		if _, err := w.Write(chunk); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			return
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func defaultProfile(t *testing.T) fetch.Profile {
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatal("no default profile")
	}
	return p
}

// TestEveryViewShowsTheSameValues renders the same reports through the
// window and the text, JSON, CSV and HTML exports, and checks that every
// number and verdict word shown is the same value everywhere.
func TestEveryViewShowsTheSameValues(t *testing.T) {
	if testing.Short() {
		t.Skip("inspects five pages")
	}
	test.NewTempApp(t)
	p := defaultProfile(t)
	for name, rep := range consistencyReports(t) {
		t.Run(name, func(t *testing.T) {
			r := renderAll(t, rep, p)
			r.checkCutoff(t)
			r.checkCritical(t)
			r.checkJSONLD(t)
			r.checkPresence(t)
			r.checkResources(t)
			r.checkFindings(t)
			r.checkColours(t)
			r.checkComposition(t)
		})
	}
}

var cutoffAtRe = regexp.MustCompile(`cutoff at (body |counted )?byte ([0-9]{1,3}(?:,[0-9]{3})*)`)

// checkCutoff: one cutoff, named as a body byte or a counted byte.
func (r *rendered) checkCutoff(t *testing.T) {
	f := r.rep.Fetch
	if pr := r.rep.Partial; pr != nil && f.CutoffOffset == nil {
		want := pr.CutoffText()
		for view, s := range map[string]string{"window summary": r.win.overview.summary, "ruler caption": r.caption,
			"text": r.text, "html": r.htmlText} {
			if !strings.Contains(s, want) || strings.Contains(s, "nothing is cut") || strings.Contains(s, "keeps everything") {
				t.Errorf("%s does not say %q for a body read in part", view, want)
			}
		}
		if p := r.json["partial_read"].(map[string]any); int64(p["announced_bytes"].(float64)) != pr.AnnouncedBytes {
			t.Errorf("JSON partial_read %v, want announced %d", p, pr.AnnouncedBytes)
		}
	}
	if f.CutoffOffset == nil {
		if r.json["fetch"].(map[string]any)["cutoff_offset"] != nil {
			t.Error("JSON has a cutoff_offset for a page nothing cuts")
		}
		return
	}
	body := inspect.Bytes(*f.CutoffOffset)
	counted := *f.CutoffOffset
	if f.CountsHeaders {
		counted += f.HeaderBytes
	}
	if got := int64(r.json["fetch"].(map[string]any)["cutoff_offset"].(float64)); got != *f.CutoffOffset {
		t.Errorf("JSON cutoff_offset %d, report %d", got, *f.CutoffOffset)
	}
	for view, s := range map[string]string{"window summary": r.win.overview.summary, "ruler caption": r.caption,
		"text": r.text, "html": r.htmlText} {
		if !strings.Contains(s, "body byte "+body) {
			t.Errorf("%s does not name the cutoff as body byte %s", view, body)
		}
	}
	if f.CountsHeaders && !strings.Contains(r.caption, "counted byte "+inspect.Bytes(counted)) {
		t.Errorf("ruler caption %q does not name counted byte %s", r.caption, inspect.Bytes(counted))
	}
	for view, s := range map[string]string{"findings": joinFindings(r.win.overview.findings), "text": r.text, "html": r.htmlText, "caption": r.caption} {
		for _, m := range cutoffAtRe.FindAllStringSubmatch(s, -1) {
			want := body
			switch m[1] {
			case "":
				t.Errorf("%s says %q without naming the count", view, m[0])
			case "counted ":
				want = inspect.Bytes(counted)
			}
			if m[2] != want {
				t.Errorf("%s says %q, the report's cutoff is %s", view, m[0], want)
			}
		}
	}
}

func joinFindings(fs []finding.Finding) string {
	var s []string
	for _, f := range fs {
		s = append(s, f.Message)
	}
	return strings.Join(s, "\n")
}

// checkCritical: each element's range and verdict word, everywhere.
func (r *rendered) checkCritical(t *testing.T) {
	jc, _ := r.json["critical"].([]any)
	var csvCrit []map[string]string
	for _, row := range r.csv {
		if row["record"] == "critical" {
			csvCrit = append(csvCrit, row)
		}
	}
	if len(jc) != len(r.rep.Critical) || len(csvCrit) != len(r.rep.Critical) {
		t.Fatalf("%d critical elements, JSON %d, CSV %d", len(r.rep.Critical), len(jc), len(csvCrit))
	}
	hs := highlightsOf(r.rep.Analysis)
	for i, c := range r.rep.Critical {
		span, word := inspect.BodyRange(c.Offset, c.End), inspect.KeptWord(c)
		j := jc[i].(map[string]any)
		if int64(j["offset"].(float64)) != c.Offset || int64(j["end"].(float64)) != c.End {
			t.Errorf("%s: JSON %v–%v, report %d–%d", c.Kind, j["offset"], j["end"], c.Offset, c.End)
		}
		if csvCrit[i]["offset"] != fmt.Sprint(c.Offset) || csvCrit[i]["end"] != fmt.Sprint(c.End) || csvCrit[i]["crawler_gets_it"] != word {
			t.Errorf("%s: CSV %s–%s %q, report %d–%d %q", c.Kind, csvCrit[i]["offset"], csvCrit[i]["end"],
				csvCrit[i]["crawler_gets_it"], c.Offset, c.End, word)
		}
		if !hasLineWith(r.text, inspect.ElementLabel(c.Kind), span, word) {
			t.Errorf("%s: the text report has no line with %q, %q and %q", c.Kind, inspect.ElementLabel(c.Kind), span, word)
		}
		if !strings.Contains(r.htmlText, span) || !strings.Contains(r.htmlText, word) {
			t.Errorf("%s: the evidence pack lacks %q or %q", c.Kind, span, word)
		}
		if c.Kind != scan.ElementMain {
			if got := byteview.ByteRange(hs[i].Start, hs[i].End); got != span {
				t.Errorf("%s: the source view says %q, the reports %q", c.Kind, got, span)
			}
		}
		if mk := r.win.overview.model.Markers[i]; mk.Offset != c.Offset || mk.End != c.End || mk.Beyond != c.BeyondCutoff {
			t.Errorf("%s: ruler marker %+v, report %d–%d beyond %v", c.Kind, mk, c.Offset, c.End, c.BeyondCutoff)
		}
	}
}

// hasLineWith reports whether a line of s contains every part.
func hasLineWith(s string, parts ...string) bool {
	for _, line := range strings.Split(s, "\n") {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(line, p)
		}
		if ok {
			return true
		}
	}
	return false
}

// checkComposition: the Overview legend gives each kind of bytes, by its
// name there, the count and share of the decoded body that the text report
// and the evidence pack give it under the same name.
func (r *rendered) checkComposition(t *testing.T) {
	shares := 0
	for _, it := range r.win.overview.legend {
		if it.share == "" {
			continue
		}
		shares++
		name := byteview.KindName(it.kind)
		if !hasLineWith(r.text, name, kit.Commas(it.bytes), it.share) {
			t.Errorf("the text report has no line %s %s %s", name, kit.Commas(it.bytes), it.share)
		}
		if pack := name + "\n" + kit.Commas(it.bytes) + "\n" + it.share; !strings.Contains(r.htmlText, pack) {
			t.Errorf("the evidence pack does not give %s %s bytes, %s", name, kit.Commas(it.bytes), it.share)
		}
	}
	if shares == 0 {
		t.Error("the legend gives no shares")
	}
}

// checkJSONLD: a block's range is the same in Impact and the findings.
func (r *rendered) checkJSONLD(t *testing.T) {
	im := r.rep.Impact
	if im == nil {
		n := 0
		for _, c := range r.rep.Critical {
			if c.Kind == scan.ElementJSONLD {
				n++
			}
		}
		if n > 0 && strings.HasPrefix(r.win.impact.JSONLD, "No JSON-LD") {
			t.Errorf("Impact says %q of a page with %d JSON-LD blocks", r.win.impact.JSONLD, n)
		}
		return
	}
	for _, j := range im.JSONLD {
		span := inspect.BodyRange(j.Offset, j.End)
		if !strings.Contains(r.win.impact.JSONLD, span) {
			t.Errorf("Impact does not show the JSON-LD block as %q:\n%s", span, r.win.impact.JSONLD)
		}
		for _, f := range r.rep.Findings {
			if f.Code == inspect.CodeJSONLDCut && f.Offset != nil && *f.Offset == j.Offset && !strings.Contains(f.Message, span) {
				t.Errorf("finding %q does not give the block as %q", f.Message, span)
			}
		}
	}
}

// checkPresence: Impact's LOST agrees with the elements' verdict words.
func (r *rendered) checkPresence(t *testing.T) {
	im := r.rep.Impact
	if im == nil {
		return
	}
	rows := map[string]string{scan.ElementTitle: "Title", scan.ElementCanonical: "Canonical",
		scan.ElementMetaRobots: "Meta robots"}
	for kind, row := range rows {
		var words []string
		for _, c := range r.rep.Critical {
			if c.Kind == kind && !c.HasFlag(scan.FlagOtherCrawler) {
				words = append(words, inspect.KeptWord(c))
			}
		}
		if len(words) == 0 {
			continue
		}
		allLost := true
		for _, w := range words {
			allLost = allLost && strings.HasPrefix(w, "LOST")
		}
		windowLost := hasLineWith(r.win.impact.Compare, row, "LOST")
		if allLost != windowLost {
			t.Errorf("%s: Impact says LOST %v, the element tables say %v", row, windowLost, words)
		}
		for _, f := range r.rep.Findings {
			if f.Severity == finding.Critical && strings.Contains(f.Message, "will not see it") &&
				strings.HasPrefix(f.Code, kind+"-") && !windowLost {
				t.Errorf("%s: Impact says it is kept, finding says %q", row, f.Message)
			}
		}
	}
}

// checkResources: counted bytes, status and robots words, everywhere.
func (r *rendered) checkResources(t *testing.T) {
	jr, _ := r.json["resources"].([]any)
	var csvRes []map[string]string
	for _, row := range r.csv {
		if row["record"] == "resource" {
			csvRes = append(csvRes, row)
		}
	}
	for i, res := range r.rep.Resources {
		row := r.win.resources[i]
		counted := "—"
		if res.Requested && res.Status > 0 {
			counted = inspect.Bytes(res.CountedBytes)
			want := res.BodyBytes
			if res.CountsHeaders {
				want += res.HeaderBytes
			}
			if res.CountedBytes != want {
				t.Errorf("%s: counted %d, header %d + body %d", res.URL, res.CountedBytes, res.HeaderBytes, res.BodyBytes)
			}
		}
		if row.Cells[resourcestab.ColBytes] != counted || row.Cells[resourcestab.ColRobots] != res.RobotsWord() || row.Cells[resourcestab.ColStatus] != res.StatusWord() {
			t.Errorf("%s: window %q %q %q, want %q %q %q", res.URL, row.Cells[resourcestab.ColBytes], row.Cells[resourcestab.ColRobots],
				row.Cells[resourcestab.ColStatus], counted, res.RobotsWord(), res.StatusWord())
		}
		if got := int64(jr[i].(map[string]any)["counted_bytes"].(float64)); got != res.CountedBytes {
			t.Errorf("%s: JSON counted_bytes %d, want %d", res.URL, got, res.CountedBytes)
		}
		if c := csvRes[i]; c["counted_bytes"] != fmt.Sprint(res.CountedBytes) || c["robots"] != res.RobotsWord() {
			t.Errorf("%s: CSV %s %q, want %d %q", res.URL, c["counted_bytes"], c["robots"], res.CountedBytes, res.RobotsWord())
		}
		if strings.HasPrefix(res.URL, "data:") {
			continue // the text report counts data: URIs instead of listing them
		}
		url := res.URL
		if len([]rune(url)) > 90 {
			url = string([]rune(url)[:80])
		}
		if !hasLineWith(r.text, url, counted, res.RobotsWord(), res.SeenWord()) {
			t.Errorf("%s: the text report has no line with %s, %q, %q", res.URL, counted, res.RobotsWord(), res.SeenWord())
		}
		if res.Robots.Unchecked() {
			for _, f := range r.rep.Findings {
				if strings.Contains(f.Message, res.URL) && strings.Contains(f.Message, " blocks ") {
					t.Errorf("a robots.txt that could not be checked is said to block: %q", f.Message)
				}
			}
		}
	}
	if !strings.Contains(r.htmlRaw, "<th>Counted bytes</th>") && len(r.rep.Resources) > 0 {
		t.Error("the evidence pack does not name its resource byte column as counted bytes")
	}
}

// checkFindings: the same sentences in every view.
func (r *rendered) checkFindings(t *testing.T) {
	if len(r.win.overview.findings) != len(r.rep.Findings) {
		t.Fatalf("window shows %d findings, report has %d", len(r.win.overview.findings), len(r.rep.Findings))
	}
	jf, _ := r.json["findings"].([]any)
	for i, f := range r.rep.Findings {
		if r.win.overview.findings[i].Message != f.Message {
			t.Errorf("window finding %d %q, report %q", i, r.win.overview.findings[i].Message, f.Message)
		}
		if !strings.Contains(r.text, f.Message) || !strings.Contains(r.htmlText, f.Message) {
			t.Errorf("finding %q missing from the text report or the evidence pack", f.Message)
		}
		if jf[i].(map[string]any)["message"] != f.Message {
			t.Errorf("JSON finding %d differs", i)
		}
	}
}

// lightTheme is the default theme in its light variant, the evidence
// pack's background.
type lightTheme struct{ fyne.Theme }

func (l lightTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return l.Theme.Color(n, theme.VariantLight)
}

// checkColours: one palette for the window's ruler and the evidence pack.
func (r *rendered) checkColours(t *testing.T) {
	th := lightTheme{theme.DefaultTheme()}
	for kind, hex := range inspect.KindColors {
		c := color.NRGBAModel.Convert(byteview.KindColor(kind, th)).(color.NRGBA)
		if got := fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B); got != hex {
			t.Errorf("%s: window %s, evidence pack %s", kind, got, hex)
		}
	}
	// The pack's ruler coarsens to 1,000 spans, so a kind under 1% may
	// merge into its neighbours; a larger one must be there, in its colour.
	for kind, n := range r.rep.Composition {
		if n*100 >= r.rep.BodyBytes && !strings.Contains(r.htmlRaw, `fill="`+inspect.KindColors[kind]+`"`) {
			t.Errorf("the evidence pack's ruler has no %s in %s", kind, inspect.KindColors[kind])
		}
	}
	known := map[string]bool{}
	for _, hex := range inspect.KindColors {
		known[hex] = true
	}
	for _, m := range regexp.MustCompile(`<rect x="[^"]*" y="8" width="[^"]*" height="32" fill="([^"]+)"`).FindAllStringSubmatch(r.htmlRaw, -1) {
		if !known[m[1]] {
			t.Errorf("the evidence pack's ruler draws a span in %s, a colour the window does not use", m[1])
		}
	}
}
