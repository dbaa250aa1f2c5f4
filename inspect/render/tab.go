package render

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/debugger"
	cdpdom "github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// pageStub runs in every document before the page's own scripts.
// Google's renderer opens no windows, and a window.open storm must not
// start browser tabs: window.open is replaced and its calls counted. The
// renderer keeps no service worker either: navigator.serviceWorker is
// removed (a registration that finds another way fails anyway, since the
// browser's own network is closed).
const pageStub = `(() => { let n = 0;
Object.defineProperty(window, '__cutoffPopups', {get: () => n});
window.open = function () { n++; return null; };
delete Navigator.prototype.serviceWorker; })();`

// tab is one render in progress: a fresh browser context and its page.
type tab struct {
	ctx   context.Context
	in    *interceptor
	tr    *trace
	view  inspect.Viewport
	ua    string
	start time.Time
}

// renderPage renders pageURL in a fresh browser context of b and reads the
// result. It always returns a page; Error says why it holds nothing.
func renderPage(ctx context.Context, b *Browser, in *interceptor, view inspect.Viewport, ua string,
	shots bool) (*inspect.RenderedPage, *trace) {
	start := time.Now()
	out := &inspect.RenderedPage{Mode: in.mode, MetaGooglebot: []string{}, Hreflang: []string{},
		JSONLD: []inspect.JSONLD{}, LinkList: []string{}, H1: []string{}, H2: []string{}, Notes: []string{}}
	rctx, cancel := context.WithTimeout(ctx, in.opt.Timeout)
	defer cancel()
	tctx, tcancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	defer tcancel()
	stop := context.AfterFunc(rctx, tcancel)
	defer stop()
	t := &tab{ctx: tctx, in: in, tr: newTrace(), view: view, ua: ua, start: start}
	if err := t.open(); err != nil {
		out.Error = t.sentence(rctx, err)
		return out, t.tr
	}
	debugf("%s open %v", in.mode, time.Since(start))
	t.settle(rctx, out)
	debugf("%s settled %v", in.mode, time.Since(start))
	t.read(rctx, out, shots)
	debugf("%s read %v at %s", in.mode, time.Since(start), time.Now().Format("05.000"))

	out.DurationMS = time.Since(start).Milliseconds()
	return out, t.tr
}

// open creates the page, subscribes to its events, sets up interception,
// the viewport and the user agent, and starts the navigation.
func (t *tab) open() error {
	if err := chromedp.Do(t.ctx); err != nil {
		return err
	}
	t.tr.listen(t.ctx)
	go t.intercept()
	c := chromedp.FromContext(t.ctx)
	steps := []func() error{
		t.quietDomains,
		func() error {
			_, err := chromedp.Call(t.ctx, cdpfetch.Enable, cdpfetch.EnableParams{
				Patterns: []*cdpfetch.RequestPattern{{URLPattern: "*", RequestStage: cdpfetch.RequestStageRequest}}})
			return err
		},
		func() error { _, err := chromedp.Call(t.ctx, runtime.Enable, struct{}{}); return err },
		func() error { _, err := chromedp.Call(t.ctx, debugger.Enable, debugger.EnableParams{}); return err },
		func() error {
			_, err := chromedp.CallBrowser(t.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorDeny, BrowserContextID: c.BrowserContextID})
			return err
		},
		t.emulate,
		func() error {
			_, err := chromedp.Call(t.ctx, page.AddScriptToEvaluateOnNewDocument,
				page.AddScriptToEvaluateOnNewDocumentParams{Source: pageStub})
			return err
		},
		func() error {
			_, err := chromedp.Call(t.ctx, page.Navigate, page.NavigateParams{URL: t.in.pageURL})
			return err
		},
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return err
		}
	}
	return nil
}

// quietDomains turns off the protocol domains chromedp enables on a new
// page and the render does not use: with the DOM domain on, every change a
// script makes to the DOM comes to Cutoff as an event (a 70 MB attribute
// took the Go heap to 690 MB) and chromedp mirrors the DOM in memory; CSS
// and Network send events for every stylesheet and request.
func (t *tab) quietDomains() error {
	for _, disable := range []func() error{
		func() error { _, err := chromedp.Call(t.ctx, cdpdom.Disable, cdp.Empty{}); return err },
		func() error { _, err := chromedp.Call(t.ctx, css.Disable, cdp.Empty{}); return err },
		func() error { _, err := chromedp.Call(t.ctx, network.Disable, cdp.Empty{}); return err },
	} {
		if err := disable(); err != nil {
			return err
		}
	}
	return nil
}

// emulate sets the viewport and the profile's user agent.
func (t *tab) emulate() error {
	_, err := chromedp.Call(t.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(t.view.Width), Height: int64(t.view.Height), DeviceScaleFactor: 1, Mobile: t.view.Mobile})
	if err != nil {
		return err
	}
	_, err = chromedp.Call(t.ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: t.ua})
	return err
}

// intercept answers every paused request, each on its own goroutine (a
// handler that calls the browser from the event loop would deadlock).
func (t *tab) intercept() {
	for ev, err := range chromedp.Events(t.ctx, cdpfetch.RequestPaused) {
		if err != nil {
			return
		}
		go t.in.handle(t.ctx, &ev)
	}
}

// sentence turns a render failure into one sentence.
func (t *tab) sentence(rctx context.Context, err error) string {
	switch {
	case errors.Is(rctx.Err(), context.DeadlineExceeded):
		return i18n.T("render.timeout", "Timeout", t.in.opt.Timeout.String())
	case rctx.Err() != nil:
		return i18n.T("render.cancelled")
	case t.tr.isCrashed():
		return crashed()
	}
	return i18n.T("render.failed", "Cause", fmt.Sprint(err))
}
