package site

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// bomb is a gzip file that decompresses to 1 GiB of zeros.
var bomb = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zeros := make([]byte, 1<<20)
	for range 1024 {
		zw.Write(zeros)
	}
	zw.Close()
	return b.Bytes()
})

// Each bad sitemap ends the run with a sentence, and reads no more than the
// protocol's bound.
func TestBadSitemaps(t *testing.T) {
	s := newTestSite(t)
	s.text("/html.xml", "text/html", []byte("<!doctype html><html><body>Not found</body></html>"))
	s.text("/binary.xml", "application/xml", []byte("\x00\x01\x02 garbage"))
	s.text("/bomb.xml.gz", "application/gzip", bomb())
	s.handle("/zeros.xml", func(w http.ResponseWriter, r *http.Request) {
		zeros := make([]byte, 1<<20)
		for range 10 << 10 { // 10 GiB unless the reader goes away
			if _, err := w.Write(zeros); err != nil || r.Context().Err() != nil {
				return
			}
		}
	})
	s.text("/empty.xml", "application/xml", urlset())
	cases := []struct {
		path, want string
	}{
		{"/html.xml", "not a sitemap"},
		{"/binary.xml", "is not XML"},
		{"/bomb.xml.gz", "decompresses to more than 50 MiB"},
		{"/zeros.xml", "larger than 50 MiB"},
		{"/empty.xml", "lists no URL"},
		{"/missing.xml", "answered HTTP 404"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			sum, err := Run(t.Context(), Input{Sitemap: s.URL + c.path}, testConfig(t), nil)
			if err == nil {
				t.Fatalf("no error; summary %+v", sum)
			}
			msg := err.Error()
			if !strings.Contains(msg, c.want) || !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, ")") {
				t.Errorf("error %q, want a sentence saying %q", msg, c.want)
			}
			if len(sum.Notes) != 1 || !strings.HasSuffix(sum.Notes[0], ".") {
				t.Errorf("notes %q, want the one sentence", sum.Notes)
			}
		})
	}
}

func TestIndexThatIncludesItself(t *testing.T) {
	s := newTestSite(t)
	s.text("/index.xml", "application/xml", sitemapIndex(s.URL+"/index.xml", s.URL+"/sm.xml", s.URL+"/nested.xml"))
	s.text("/nested.xml", "application/xml", sitemapIndex(s.URL+"/index.xml"))
	s.text("/sm.xml", "application/xml", urlset(s.URL+"/p"))
	s.page("/p", 100, nil, nil)
	rows, sum, err := collect(t, Input{Sitemap: s.URL + "/index.xml"}, testConfig(t))
	if err != nil || len(rows) != 1 {
		t.Fatalf("rows %v err %v", mapsKeys(rows), err)
	}
	if s.hitCount("/index.xml") != 1 {
		t.Errorf("the index was fetched %d times", s.hitCount("/index.xml"))
	}
	if len(sum.Notes) != 2 || !strings.Contains(sum.Notes[0], "already read") {
		t.Errorf("notes %q, want two sentences saying the index was already read", sum.Notes)
	}
}

// TestSelfListingIndexNotesCounted reads an index of 400 entries that each
// serve the index again: 400 files of 400 entries, 160,000 notes that the
// run counts rather than keeps, so memory and the text output stay small.
func TestSelfListingIndexNotesCounted(t *testing.T) {
	s := newTestSite(t)
	const entries = 400
	locs := []string{s.URL + "/sm.xml"}
	for i := range entries {
		locs = append(locs, s.URL+"/index.xml?n="+strconv.Itoa(i))
	}
	s.text("/index.xml", "application/xml", sitemapIndex(locs...))
	s.text("/sm.xml", "application/xml", urlset(s.URL+"/p"))
	s.page("/p", 100, nil, nil)
	rows, sum, err := collect(t, Input{Sitemap: s.URL + "/index.xml"}, testConfig(t))
	if err != nil || len(rows) != 1 {
		t.Fatalf("rows %v err %v", mapsKeys(rows), err)
	}
	if len(sum.Notes) != maxNotes+1 {
		t.Fatalf("%d notes, want the first %d and one that counts the rest", len(sum.Notes), maxNotes)
	}
	last := sum.Notes[maxNotes]
	more, _ := strconv.Atoi(strings.ReplaceAll(strings.Fields(last + " x")[1], ",", ""))
	if !strings.HasPrefix(last, "And ") || !strings.Contains(last, "more notes like these") || more < entries*entries/2 {
		t.Errorf("last note %q, want it to count over %d more", last, entries*entries/2)
	}
	var out bytes.Buffer
	if err := WriteText(&out, nil, sum); err != nil || out.Len() > 8<<10 {
		t.Errorf("the text summary is %d bytes (err %v), want a few notes", out.Len(), err)
	}
}

// TestTextSummaryPrintable writes a note that quotes a sitemap's URL with
// a clipboard-writing escape sequence: the terminal gets it harmless.
func TestTextSummaryPrintable(t *testing.T) {
	sum := newSummary()
	sum.Notes = []string{"https://example.com/\x1b]52;c;cHduZWQ=\x07\u009b2J.xml was already read in this run."}
	var out bytes.Buffer
	if err := WriteText(&out, nil, sum); err != nil {
		t.Fatal(err)
	}
	if text := out.String(); strings.ContainsAny(text, "\x1b\x07\u009b") || !strings.Contains(text, "/?]52;c;cHduZWQ=??2J.xml") {
		t.Errorf("the summary holds control characters, or lacks the note:\n%q", text)
	}
}

func TestParseSitemap(t *testing.T) {
	many := make([]string, MaxSitemapURLs+5)
	for i := range many {
		many[i] = "https://example.com/p"
	}
	cases := []struct {
		name      string
		data      []byte
		index     bool
		locs      int
		note, err string
	}{
		{"urlset", urlset("https://a/1", " https://a/2 "), false, 2, "", ""},
		{"index", sitemapIndex("https://a/s.xml"), true, 1, "", ""},
		{"gzip", gzipped(urlset("https://a/1")), false, 1, "", ""},
		{"no namespace, upper case", []byte("<URLSET><url><LOC>https://a/1</LOC></url></URLSET>"), false, 1, "", ""},
		{"over 50,000", urlset(many...), false, MaxSitemapURLs, "more than 50,000", ""},
		{"broken after some", []byte("<urlset><url><loc>https://a/1</loc></url><url><loc>x</"), false, 1, "XML error after 1 URLs", ""},
		{"rss", []byte("<rss><channel/></rss>"), false, 0, "", "root element is <rss>"},
		{"text", []byte("hello"), false, 0, "", "not XML"},
		{"empty", nil, false, 0, "", "not XML"},
		{"bad gzip", []byte{0x1f, 0x8b, 0, 0}, false, 0, "", "looks gzip-compressed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := parseSitemap("s.xml", c.data)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.index != c.index || len(f.locs) != c.locs || !strings.Contains(f.note, c.note) {
				t.Errorf("index %v, %d locs, note %q", f.index, len(f.locs), f.note)
			}
		})
	}
}

func TestLocalSitemapFile(t *testing.T) {
	s := newTestSite(t)
	s.page("/p", 100, nil, nil)
	dir := t.TempDir()
	path := filepath.Join(dir, "sitemap.xml.gz")
	os.WriteFile(path, gzipped(urlset(s.URL+"/p")), 0o644)
	rows, _, err := collect(t, Input{Sitemap: path}, testConfig(t))
	if err != nil || rows["/p"].Status != 200 {
		t.Fatalf("rows %v err %v", rows, err)
	}
	_, err = Run(t.Context(), Input{Sitemap: filepath.Join(dir, "nope.xml")}, testConfig(t), nil)
	if err == nil || !strings.Contains(err.Error(), "cannot be read") {
		t.Errorf("missing file: %v", err)
	}
}

func TestRobotsWithoutSitemap(t *testing.T) {
	s := newTestSite(t)
	s.text("/robots.txt", "text/plain", []byte("User-agent: *\nDisallow:\n"))
	_, err := Run(t.Context(), Input{Sitemap: s.URL + "/robots.txt"}, testConfig(t), nil)
	if err == nil || !strings.HasSuffix(err.Error(), "has no Sitemap: line.") {
		t.Errorf("err %v, want the sentence saying robots.txt names no sitemap", err)
	}
}
