package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// japanesePage is a shop page in Japanese with what makes an evidence
// pack too wide: a long title and heading without spaces, a long URL in
// its canonical link and an inline script that pushes it past the cutoff.
func japanesePage() string {
	long := strings.Repeat("楽天市場の人気商品ランキング送料無料ポイント還元", 12)
	url := "https://item.rakuten.co.jp/shop/" + strings.Repeat("abcdefghij", 30) + "/?scid=af_pc_etc&sc2id=af_113_0_10001868"
	return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>【楽天市場】` + long + `</title>` +
		`<script>` + strings.Repeat("var x=1;", 400) + `</script>` +
		`<link rel="canonical" href="` + url + `"></head><body><h1>` + long + `</h1>` +
		`<p><a href="` + url + `">` + long + `</a></p></body></html>`
}

// japaneseReport inspects japanesePage as a local file, cut inside its
// script.
func japaneseReport(t *testing.T) *inspect.Report {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rakuten.html")
	if err := os.WriteFile(path, []byte(japanesePage()), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := inspect.Options{Fetch: fetch.Options{HeaderBytes: fixtureHeaderBytes, LimitOverride: 2000}}
	r, err := inspect.Page(t.Context(), nil, path, smartphone, opt)
	if err != nil {
		t.Fatal(err)
	}
	r.Generated = reportGenerated
	return r
}

// TestHTMLCodesAndLongTextStyle checks the style that keeps the pack
// readable: finding codes never break, any other text may break anywhere.
func TestHTMLCodesAndLongTextStyle(t *testing.T) {
	out := string(render(t, japaneseReport(t), FormatHTML))
	for _, want := range []string{"td.code{white-space:nowrap", "overflow-wrap:anywhere",
		`<td class="code"><code>page-over-limit</code></td>`} {
		if !strings.Contains(out, want) {
			t.Errorf("the evidence pack lacks %q", want)
		}
	}
}

// TestHTMLPackFitsAt1280 lays packs out in Chromium at 1,280 px: no
// horizontal scroll bar, and "page-over-limit" on one line.
func TestHTMLPackFitsAt1280(t *testing.T) {
	browser, err := exec.LookPath("chromium-headless-shell")
	if err != nil {
		t.Skip("chromium-headless-shell is not installed")
	}
	tests := []struct {
		name   string
		report func(t *testing.T) *inspect.Report
	}{
		{"a Japanese page", japaneseReport},
		{"the shop fixture", func(t *testing.T) *inspect.Report { return fileReport(t, fixtureLimit) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scroll, client, codeLines := measurePack(t, browser, render(t, tt.report(t), FormatHTML))
			if scroll > client {
				t.Errorf("the pack is %d px wide in a %d px window: a horizontal scroll bar", scroll, client)
			}
			if codeLines != 1 {
				t.Errorf("page-over-limit is laid out on %d lines, want 1", codeLines)
			}
		})
	}
}

// measurePack lays pack out in browser in a 1,280 px window and returns
// the document's width, the window's, and the number of lines of the code
// page-over-limit (-1 when absent).
func measurePack(t *testing.T, browser string, pack []byte) (scroll, client, codeLines int) {
	t.Helper()
	// The measure, added for the test only: the pack itself runs no script.
	probe := `<script>onload=()=>{const d=document.documentElement;` +
		`const c=[...document.querySelectorAll("td code")].find(e=>e.textContent=="page-over-limit");` +
		`document.body.setAttribute("data-fit",d.scrollWidth+" "+d.clientWidth+" "+(c?c.getClientRects().length:-1))}</script>`
	pack = bytes.Replace(pack, []byte("</body>"), []byte(probe+"</body>"), 1)
	path := filepath.Join(t.TempDir(), "pack.html")
	if err := os.WriteFile(path, pack, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--window-size=1280,900", "--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+path)
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", browser, err)
	}
	_, fit, ok := strings.Cut(string(dom), `data-fit="`)
	fit, _, _ = strings.Cut(fit, `"`)
	if _, err := fmt.Sscan(fit, &scroll, &client, &codeLines); !ok || err != nil {
		t.Fatalf("no measure in the dumped DOM: %q", fit)
	}
	return scroll, client, codeLines
}
