package resources

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
)

// benchSite serves a page with 20 fetched resources over loopback: a 3 MB
// script, 12 scripts of 40 kB, 5 stylesheets of 20 kB, one of them
// importing another, and an iframe; plus images the crawler skips.
func benchSite(b *testing.B) (pageURL string, page []byte) {
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", text("text/plain", "User-agent: *\nDisallow: /admin/\n"))
	mux.HandleFunc("/big.js", bigScript(bigScriptBytes))
	mux.HandleFunc("/js/", bigScript(40_000))
	css := strings.Repeat(".c{background:url(/i/x.png);color:#123}\n", 500)
	mux.HandleFunc("/css/", text("text/css", css))
	mux.HandleFunc("/css/main.css", text("text/css", `@import "imported.css";`+css))
	mux.HandleFunc("/frame.html", text("text/html", "<!doctype html><p>frame</p>"))
	h := newTestHost(b, mux, 0, nil)

	var sb strings.Builder
	sb.WriteString(`<!doctype html><html><head><link rel=stylesheet href="/css/main.css">`)
	for i := range 3 {
		fmt.Fprintf(&sb, `<link rel=stylesheet href="/css/%d.css">`, i)
	}
	sb.WriteString(`<script src="/big.js"></script>`)
	for i := range 12 {
		fmt.Fprintf(&sb, `<script src="/js/%d.js"></script><img src="/i/%d.png">`, i, i)
	}
	sb.WriteString(`</head><body><iframe src="/frame.html"></iframe></body></html>`)
	return h.URL + "/", []byte(sb.String())
}

// BenchmarkResources inspects the subresources of a page end to end over
// loopback: discovery, robots.txt, 20 fetches, CSS scans. Its MB/s is the
// resources' decoded bytes per second of wall time.
func BenchmarkResources(b *testing.B) {
	pageURL, page := benchSite(b)
	benchResources(b, pageURL, page, nil)
}

// BenchmarkResourcesDemo inspects the subresources of the demo site's
// /resources page: a 3 MB script, import chains and a loop, a second
// host, a 404, a script past the cutoff.
func BenchmarkResourcesDemo(b *testing.B) {
	srv, err := demosite.Start("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { srv.Close() })
	p := testProfile(b)
	res, err := (&fetch.Fetcher{}).Fetch(context.Background(), srv.URL+"/resources", p, fetch.Options{})
	if err != nil {
		b.Fatal(err)
	}
	benchResources(b, res.FinalURL, res.Body, res.CutoffOffset)
}

func benchResources(b *testing.B, pageURL string, page []byte, cutoff *int64) {
	p := testProfile(b)
	f := &fetch.Fetcher{}
	opt := DefaultOptions()
	var total int64
	requested := 0
	for _, r := range Fetch(context.Background(), f, nil, p, pageURL, page, cutoff, opt) {
		if r.Requested {
			total += r.BodyBytes
			requested++
		}
	}
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		Fetch(context.Background(), f, nil, p, pageURL, page, cutoff, opt)
	}
	b.ReportMetric(float64(requested), "fetches/op")
	b.ReportMetric(float64(total), "resource-bytes/op")
}
