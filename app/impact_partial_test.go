package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

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
	if !strings.Contains(d.Compare, "bytes read") || strings.Contains(d.Compare, "full page") || d.Versus != "Bytes read vs what the crawler keeps" ||
		!strings.Contains(d.Summary, "the part of the page that was not read") || d.JSONLD != "No JSON-LD block in the bytes read." {
		t.Errorf("a partial read's Impact tab speaks of the full page:\n%s\n%s\n%s", d.Summary, d.Compare, d.JSONLD)
	}
	r := renderAll(t, rep, p) // the text report and the evidence pack say the same
	if !strings.Contains(r.text, "BYTES READ") || strings.Contains(r.text, "FULL PAGE") ||
		!strings.Contains(r.htmlRaw, "<th>Bytes read</th>") || strings.Contains(r.htmlRaw, "Full page") {
		t.Errorf("a partial read's reports compare with the full page:\n%s", r.text)
	}
}
