package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/render"
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
	t.Cleanup(tu.renderer.Wait)
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
		d := tu.rendered.Shown()
		if d.Google == nil || d.Full == nil {
			t.Errorf("screenshots missing: %q", d.Status)
		}
		if len(d.Lost) == 0 || !strings.HasSuffix(d.Lost[0].Value, "/late") {
			t.Fatalf("lost %+v (%s)", d.Lost, d.Status)
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
		tu.rendered.SelectLost(0)
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
	tu.renderer.Wait()
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("the render took %v to stop", d)
	}
	if n := renderBrowsers(); n != 0 {
		t.Errorf("%d browser processes left after Cancel", n)
	}
	tu.act(func() {
		if !strings.HasPrefix(tu.rendered.Status(), "Cancelled") || tu.progressShown() {
			t.Errorf("after Cancel: %q, progress shown %v", tu.rendered.Status(), tu.progressShown())
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
