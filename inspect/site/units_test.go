package site

import (
	"github.com/cutoffapp/cutoff/inspect/scan"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/inspect"
)

func TestNormalise(t *testing.T) {
	cases := []struct{ in, want string }{
		{"HTTP://Example.COM", "http://example.com/"},
		{"https://example.com:443/a#frag", "https://example.com/a"},
		{"http://example.com:80/a/./b/../c?q=1#x", "http://example.com/a/c?q=1"},
		{"http://example.com:8080/A?B", "http://example.com:8080/A?B"},
		{"http://user:pw@example.com/", "http://example.com/"},
		{" https://example.com/x ", "https://example.com/x"},
	}
	for _, c := range cases {
		if got, err := Normalise(c.in); err != nil || got != c.want {
			t.Errorf("Normalise(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"mailto:a@b", "/relative", "ftp://example.com/", "http://"} {
		if _, err := Normalise(bad); err == nil {
			t.Errorf("Normalise(%q) accepted", bad)
		}
	}
}

func TestExtractLinks(t *testing.T) {
	body := `<html><head><base href="/dir/"></head><body>` +
		`<a href="a">a</a><a href="/b#x">b</a><a href="https://other.test/">o</a><a href="mailto:x">m</a>` +
		`<script>"<a href='/in-script'>"</script>` +
		`<!-- CUT --><a href="/b">b again</a><a href="/lost">lost</a><a href="/lost">lost twice</a></body></html>`
	cut := int64(strings.Index(body, "<!-- CUT -->"))
	page, _ := url.Parse("http://site.test/page")
	same := func(n string) bool { return hostOf(n) == "http://site.test" }
	got := extractLinks([]byte(body), anchorsOf(body), page, cut, same)
	if want := []string{"http://site.test/dir/a", "http://site.test/b"}; !slices.Equal(got.kept, want) {
		t.Errorf("kept %q, want %q", got.kept, want)
	}
	if want := []string{"http://site.test/lost"}; !slices.Equal(got.lostOnly, want) {
		t.Errorf("lost only %q, want %q", got.lostOnly, want)
	}
	// A link whose start tag straddles the cutoff is not seen.
	tagCut := int64(strings.Index(body, `<a href="/b#x">`) + 5)
	got = extractLinks([]byte(body), anchorsOf(body), page, tagCut, same)
	if !slices.Contains(got.lostOnly, "http://site.test/b") || len(got.kept) != 1 {
		t.Errorf("cut inside a tag: kept %q, lost %q", got.kept, got.lostOnly)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"3", 3 * time.Second, true},
		{"Thu, 01 Jan 2026 00:00:10 GMT", 10 * time.Second, true},
		{"Wed, 31 Dec 2025 00:00:10 GMT", 0, true},
		{"soon", 0, false},
		{"99999999999", 24 * time.Hour, true},
	}
	for _, c := range cases {
		h := http.Header{}
		if c.v != "" {
			h.Set("Retry-After", c.v)
		}
		if got, ok := retryAfter(h, now); got != c.want || ok != c.ok {
			t.Errorf("Retry-After %q: %v %v, want %v %v", c.v, got, ok, c.want, c.ok)
		}
	}
}

func TestParseList(t *testing.T) {
	got, err := ParseList(strings.NewReader("# comment\n\n  https://a.test/1  \r\nhttps://a.test/2\n"))
	if err != nil || !slices.Equal(got, []string{"https://a.test/1", "https://a.test/2"}) {
		t.Errorf("ParseList = %q, %v", got, err)
	}
}

func TestCanonicalAwareCrawl(t *testing.T) {
	s := newTestSite(t)
	s.text("/", "text/html", []byte(`<html><head><link rel="canonical" href="/home"></head><body><a href="/x">x</a></body></html>`))
	s.page("/home", 100, []string{"/y"}, nil)
	s.page("/x", 100, nil, nil)
	s.page("/y", 100, nil, nil)
	cfg := testConfig(t)
	cfg.Canonical = true
	rows, _, err := collect(t, Input{Crawl: s.URL + "/"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := mapsKeys(rows); !slices.Equal(got, []string{"/", "/home", "/y"}) {
		t.Errorf("rows %v: want the duplicate's canonical followed instead of its links", got)
	}
	if rows["/"].Canonical != s.URL+"/home" {
		t.Errorf("canonical %q", rows["/"].Canonical)
	}
}

func TestCheckInput(t *testing.T) {
	for _, in := range []Input{{}, {URLs: []string{}}, {Crawl: "ftp://x"}, {Sitemap: "a", Crawl: "http://b/"}} {
		if _, err := Run(t.Context(), in, Config{}, nil); err == nil {
			t.Errorf("%+v accepted", in)
		}
	}
}

// anchorsOf is where the analysis's pass finds the links of body.
func anchorsOf(body string) scan.Anchors {
	return inspect.Analyze(inspect.Input{Body: []byte(body), Links: true}).Links
}

// TestReadRowsCRLF: a --jsonl file saved on Windows (CRLF line ends)
// resumes like one with LF.
func TestReadRowsCRLF(t *testing.T) {
	in := `{"url":"https://a.test/1","status":200}` + "\r\n" + `{"url":"https://a.test/2","status":404}` + "\r\n" +
		`{"summary":{}}` + "\r\n"
	rows, err := ReadRows(strings.NewReader(in))
	if err != nil || len(rows) != 2 || rows[0].URL != "https://a.test/1" || rows[1].URL != "https://a.test/2" {
		t.Fatalf("ReadRows = %+v, %v", rows, err)
	}
}
