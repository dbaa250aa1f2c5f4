package app

import (
	"context"
	"html"
	"image"
	"image/color"
	"image/draw"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/render"
	"github.com/cutoffapp/cutoff/inspect/report"
)

// renderPage has a link a script adds past a 2,000-byte cutoff and an
// inline script cut before its end tag.
var renderPage = `<!doctype html><html><head><title>R</title></head><body><h1>R</h1>
<script>document.body.insertAdjacentHTML('beforeend', '<a href="/early">early</a>')</script>` +
	"<!--" + strings.Repeat("x", 3000) + "-->" +
	`<script>document.body.insertAdjacentHTML('beforeend', '<a href="/late">late</a>')</script></body></html>`

// newRenderUI is a test window that renders with the browser on PATH,
// with the given render timeout and a fetch limit of 2,000 bytes.
func newRenderUI(t *testing.T) (*testUI, chan struct{}, string) {
	t.Helper()
	if _, err := render.FindBrowser(""); err != nil {
		t.Skip("no browser binary found (chromium-headless-shell or chromium on PATH): the render tests need the Debian package chromium-headless-shell")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/loop" {
			_, _ = w.Write([]byte(`<!doctype html><title>L</title><script>while (true) {}</script>`))
			return
		}
		_, _ = w.Write([]byte(renderPage))
	}))
	t.Cleanup(srv.Close)
	tu := newTestUI(t, Options{})
	rendered := make(chan struct{}, 4)
	tu.hooks.onRenderEnd = func() { rendered <- struct{}{} }
	f := &fetch.Fetcher{}
	tu.engine = limitedEngine(f, 2000)
	tu.renderEngine = chromeRendererWith(f, render.Options{Fetch: fetch.Options{LimitOverride: 2000}})
	t.Cleanup(tu.renderer.wait)
	return tu, rendered, srv.URL
}

func TestRenderedTab(t *testing.T) {
	tu, rendered, base := newRenderUI(t)
	tu.typeURLAndEnter(base + "/")
	tu.waitEnd(t, time.Minute)
	select {
	case <-rendered:
	case <-time.After(time.Minute):
		t.Fatal("the render did not end")
	}
	tu.act(func() {
		d := tu.rendered.data
		if d.google == nil || d.full == nil {
			t.Errorf("screenshots missing: %q", d.status)
		}
		if len(d.lost) == 0 || !strings.HasSuffix(d.lost[0].Value, "/late") {
			t.Fatalf("lost %+v (%s)", d.lost, d.status)
		}
		if tu.report.Render == nil {
			t.Error("the report does not carry the render")
		}
		shown := map[string]bool{}
		for _, f := range tu.overview.findings.items {
			shown[f.Message] = true
		}
		rendered := 0
		for _, f := range tu.report.Findings {
			if strings.HasPrefix(f.Code, "render-") {
				rendered++
				if !shown[f.Message] {
					t.Errorf("the Overview does not show the render finding %q", f.Message)
				}
			}
		}
		if rendered == 0 {
			t.Error("the render added no finding to the report")
		}
		tu.rendered.lost.Select(0)
		if tu.tabs.Selected() != tu.tab.source {
			t.Error("clicking a lost item does not open Source")
		}
	})
}

func TestRenderedTabCancel(t *testing.T) {
	tu, rendered, base := newRenderUI(t)
	tu.typeURLAndEnter(base + "/loop")
	tu.waitEnd(t, time.Minute)
	time.Sleep(time.Second) // the browser is up and the page loops
	start := time.Now()
	tu.act(func() { test.Tap(tu.top.cancel) })
	select {
	case <-rendered:
	case <-time.After(10 * time.Second):
		t.Fatal("Cancel did not stop the render")
	}
	tu.renderer.wait()
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("the render took %v to stop", d)
	}
	if n := renderBrowsers(); n != 0 {
		t.Errorf("%d browser processes left after Cancel", n)
	}
	tu.act(func() {
		if !strings.HasPrefix(tu.rendered.status.Text, "Cancelled") || tu.progressShown() {
			t.Errorf("after Cancel: %q, progress shown %v", tu.rendered.status.Text, tu.progressShown())
		}
	})
}

// limitedEngine inspects with a byte limit of its own.
func limitedEngine(f *fetch.Fetcher, limit int64) engine {
	return func(ctx context.Context, target string, p fetch.Profile, progress func(inspect.Progress)) (*inspect.Report, error) {
		return inspect.Page(ctx, f, target, p, inspect.Options{Fetch: fetch.Options{LimitOverride: limit}, Progress: progress})
	}
}

// renderBrowsers counts the live processes of the browsers this test
// binary started.
func renderBrowsers() int { return render.LiveProcesses() }

// TestRenderedStatusCounts checks that the tab's sentence writes its
// counts with thousands separators and nouns that agree.
func TestRenderedStatusCounts(t *testing.T) {
	page := func(mode string) *inspect.RenderedPage { return &inspect.RenderedPage{Mode: mode} }
	rd := &inspect.Rendered{Browser: "Chrome", Viewport: inspect.Viewport{Width: 1920, Height: 1080},
		Google: page("google"), Full: page("full"), Lost: make([]inspect.RenderedLost, 1133),
		Scripts: []inspect.RenderedScript{{URL: "https://a.example/a.js"}}}
	got := renderedStatus(rd)
	for _, want := range []string{"at 1,920 × 1,080", "1,133 items lost, 1 of 1 script did not run."} {
		if !strings.Contains(got, want) {
			t.Errorf("status %q lacks %q", got, want)
		}
	}
}

// TestRenderedLayoutFits checks the tab at 1024 × 768: both screenshots
// side by side inside the window with their captions above them, a blank
// Google render captioned as such, and every comparison row reachable.
func TestRenderedLayoutFits(t *testing.T) {
	a := newRenderedArea(prefs{p: test.NewTempApp(t).Preferences()}, nil)
	w := test.NewTempWindow(t, a.content())
	w.Resize(fyne.NewSize(1024, 768))
	d := renderedData{status: "s", google: blankImage(412, 900, false), full: blankImage(412, 900, true),
		shotW: [2]int{412, 412}, shotHs: [2]int{900, 900}, googleBlank: true,
		captions: [2]string{"Googlebot Smartphone's render (from the kept 1,999,860 bytes)", "Full render (the whole page)"}}
	for i := range 11 {
		d.rows = append(d.rows, [3]string{"row " + strconv.Itoa(i), "g", "f"})
	}
	a.show(d)
	if len(a.shots.Objects) != 2 {
		t.Fatalf("%d screenshot panes, want 2", len(a.shots.Objects))
	}
	for i, pane := range a.shots.Objects {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(pane)
		if right := pos.X + pane.Size().Width; right > 1024 {
			t.Errorf("pane %d ends at x=%v, past the window", i, right)
		}
		head := pane.(*fyne.Container).Objects[0].(*fyne.Container)
		if got := head.Objects[0].(*widget.Label).Text; got != d.captions[i] {
			t.Errorf("pane %d caption %q, want %q", i, got, d.captions[i])
		}
		if blank := len(head.Objects) > 1 && head.Objects[1].(*widget.Label).Text == blankCaption; blank != (i == 0) {
			t.Errorf("pane %d blank caption shown %v, want %v", i, blank, i == 0)
		}
	}
	if a.tables == nil || len(a.tables.Items) != 3 || a.tables.Items[0].Content.(*container.Scroll).Content != a.rows {
		t.Fatal("the comparison is not in a scrolling tab of its own")
	}
}

// TestOneColour tells a blank screenshot from a drawn one.
func TestOneColour(t *testing.T) {
	if !oneColour(blankImage(40, 30, false)) || oneColour(blankImage(40, 30, true)) {
		t.Error("oneColour does not tell a blank image from a drawn one")
	}
}

// blankImage is a white w × h image, with one black pixel when drawn.
func blankImage(w, h int, drawn bool) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	if drawn {
		img.Set(w/2, h/2, color.Black)
	}
	return img
}

// TestRenderedCaptionsAgree checks that the window and the HTML pack
// caption Google's screenshot with the same number of kept bytes.
func TestRenderedCaptionsAgree(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Googlebot Smartphone", Viewport: inspect.Viewport{Width: 412, Height: 732},
		Google:   &inspect.RenderedPage{Mode: "google"},
		Full:     &inspect.RenderedPage{Mode: "full"},
		Requests: []inspect.RenderedRequest{{Kind: "document", ServedBytes: 1_999_860}}}
	d := prepareRendered(rd)
	if want := "Googlebot Smartphone's render (from the kept 1,999,860 bytes)"; d.captions[0] != want {
		t.Fatalf("window caption %q, want %q", d.captions[0], want)
	}
	r := &inspect.Report{Analysis: &inspect.Analysis{}, Fetch: &fetch.Result{}}
	r.AddRendered(rd)
	var b strings.Builder
	if err := report.WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	for _, c := range d.captions {
		if !strings.Contains(html.UnescapeString(b.String()), "<figcaption>"+c+"</figcaption>") {
			t.Errorf("the HTML pack lacks the window's caption %q", c)
		}
	}
}

// TestRenderedTabNamesTheCrawler shows a render of what Bingbot kept: the
// tab's labels and headings name Bingbot, not Google.
func TestRenderedTabNamesTheCrawler(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Bingbot", Viewport: inspect.Viewport{Width: 412, Height: 732},
		Google: &inspect.RenderedPage{Mode: "google", Notes: []string{"Stopped at the cap."}}, Full: &inspect.RenderedPage{Mode: "full"}}
	a := newRenderedArea(prefs{p: test.NewTempApp(t).Preferences()}, nil)
	d := prepareRendered(rd)
	a.show(d)
	for name, s := range map[string]string{"lost tab": a.tables.Items[1].Text, "heading": d.rows[0][1],
		"caption": d.captions[0], "status": d.status} {
		if strings.Contains(s, "Google") || strings.Contains(s, "google:") || !strings.Contains(s, "Bingbot") {
			t.Errorf("%s %q, want Bingbot named", name, s)
		}
	}
}
