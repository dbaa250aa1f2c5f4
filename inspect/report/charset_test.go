package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// legacyPage is a real page saved in a legacy Japanese charset: its text
// is kept as UTF-8 in inspect/testdata/legacy (see the README there) and
// encoded back into the page's own charset here, byte for byte what was
// published.
type legacyPage struct {
	file        string
	enc         encoding.Encoding
	contentType string // as served
	charset     string // its WHATWG name
	source      string // where the charset is declared
	title       string
}

var legacyPages = []legacyPage{
	// The title comes before the <meta> that declares EUC-JP.
	{"survey-top.eucjp.utf8.html", japanese.EUCJP, "text/html", "euc-jp", "meta", "お酒と買物のアンケートモニター｜現在実施中のアンケート一覧｜"},
	// The ASP source puts its <meta> past the first 1,024 bytes, where no
	// prescan looks: the header says Shift_JIS.
	{"kensa-item.sjis.utf8.html", japanese.ShiftJIS, "text/html; charset=Shift_JIS", "shift_jis", "header", "検査項目説明"},
}

// bytes returns the page as published, in its own charset.
func (p legacyPage) bytes(t *testing.T) string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "testdata", "legacy", p.file))
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.enc.NewEncoder().Bytes(text)
	if err != nil {
		t.Fatalf("%s does not encode: %v", p.file, err)
	}
	return string(b)
}

// legacyReport inspects page served with contentType.
func legacyReport(t *testing.T, page, contentType string) *inspect.Report {
	t.Helper()
	s := serveSite(t, map[string]route{"/page": {contentType, page}})
	r, err := inspect.Page(t.Context(), nil, s.URL+"/page", smartphone, inspect.Options{})
	if err != nil {
		t.Fatalf("Page: %v", err)
	}
	return r
}

// TestLegacyCharsetQuoted inspects real EUC-JP and Shift_JIS pages and
// checks that every report quotes their title as text, not as mojibake.
func TestLegacyCharsetQuoted(t *testing.T) {
	for _, p := range legacyPages {
		t.Run(p.charset, func(t *testing.T) {
			r := legacyReport(t, p.bytes(t), p.contentType)
			if r.Charset.Name != p.charset || r.Charset.Source != p.source {
				t.Fatalf("charset = %+v, want %s from the %s", r.Charset, p.charset, p.source)
			}
			title := ""
			for _, c := range r.Critical {
				if c.Kind == "title" {
					title = c.Value
				}
			}
			if title != p.title {
				t.Errorf("title = %q, want %q", title, p.title)
			}
			for _, format := range []string{"text", "json", "csv", "html"} {
				out := string(render(t, r, format))
				if !strings.Contains(out, p.title) {
					t.Errorf("%s report does not quote the title %q", format, p.title)
				}
				if strings.Contains(out, "\uFFFD") {
					t.Errorf("%s report holds a replacement character", format)
				}
			}
		})
	}
}

// TestLegacyBytesServedAsUTF8 serves the EUC-JP page as UTF-8: the crawler
// reads garbage, a warning.
func TestLegacyBytesServedAsUTF8(t *testing.T) {
	r := legacyReport(t, legacyPages[0].bytes(t), "text/html; charset=utf-8")
	for _, f := range r.Findings {
		if f.Code == inspect.CodeInvalidUTF8 {
			if f.Severity != finding.Warning {
				t.Errorf("%s is %s, want a warning: %s", f.Code, f.Severity, f.Message)
			}
			return
		}
	}
	t.Errorf("no %s finding in %v", inspect.CodeInvalidUTF8, r.Findings)
}

// TestLegacyCharsetHeadingsLost inspects an EUC-JP page cut before its
// headings: the h1 and the headings-lost sentence quote them as text in
// every report, and the evidence pack shows the source at the cutoff as
// text.
func TestLegacyCharsetHeadingsLost(t *testing.T) {
	page := `<html><head><meta charset="EUC-JP"><title>楽天市場</title></head><body><p>` + strings.Repeat("商品の説明です。", 100) +
		`</p><h1>楽天市場のトップ</h1><h2>送料無料の商品</h2></body></html>`
	body, err := japanese.EUCJP.NewEncoder().String(page)
	if err != nil {
		t.Fatal(err)
	}
	s := serveSite(t, map[string]route{"/page": {"text/html", body}})
	r, err := inspect.Page(t.Context(), nil, s.URL+"/page", smartphone,
		inspect.Options{Fetch: fetch.Options{LimitOverride: int64(len(body)) - 60}})
	if err != nil {
		t.Fatal(err)
	}
	var lost string
	for _, f := range r.Findings {
		if f.Code == inspect.CodeHeadingsLost {
			lost = f.Message
		}
	}
	if !strings.Contains(lost, "楽天市場のトップ") {
		t.Errorf("headings-lost finding %q, want it to quote 楽天市場のトップ", lost)
	}
	for _, format := range []string{"text", "json", "csv"} {
		if out := string(render(t, r, format)); !strings.Contains(out, "楽天市場のトップ") || strings.Contains(out, "\uFFFD") {
			t.Errorf("%s report does not quote the h1 楽天市場のトップ as text", format)
		}
	}
	// The evidence pack's source at the cutoff reads as text: the
	// paragraph before the cut, the headings after it.
	html := string(render(t, r, "html"))
	i := strings.Index(html, "<h2>Source at the cutoff</h2>")
	if i < 0 {
		t.Fatal("the evidence pack has no source at the cutoff")
	}
	src := html[i:]
	src = src[:strings.Index(src, "</pre>")]
	if !strings.Contains(src, "商品の説明です。") || !strings.Contains(src, "&lt;h1&gt;楽天市場のトップ&lt;/h1&gt;") ||
		strings.Count(src, "\uFFFD") > 2 {
		t.Errorf("source at the cutoff is not EUC-JP read as text:\n%s", src)
	}
}
