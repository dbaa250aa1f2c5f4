package render

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpdom "github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/dom"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// layoutJS runs in an isolated world, where the page's scripts cannot
// reach: the serialized DOM's length in UTF-16 units, the document's URL
// (history.pushState may have changed it) and, when the DOM is not past
// MAX_SIZE, what needs the browser's layout (the visible text's size, the
// page's height). A DOM past the bound is not laid out: that alone could
// take the render's whole time.
const layoutJS = `(() => {
const de = document.documentElement, b = document.body;
const size = de ? de.outerHTML.length : 0;
if (size > MAX_SIZE) return {url: document.URL, size: size};
return {url: document.URL, size: size,
 textBytes: new TextEncoder().encode(b ? b.innerText : '').length,
 height: Math.max(de ? de.scrollHeight : 0, b ? b.scrollHeight : 0)};
})()`

// layout is layoutJS's result.
type layout struct {
	URL       string `json:"url"`
	TextBytes int64  `json:"textBytes"`
	Height    int    `json:"height"`
	Size      int64  `json:"size"`
}

// maxDOMSize bounds the serialized DOM read, in UTF-16 units: a page that
// builds a larger one is not read, so that its DOM cannot take Cutoff's
// memory.
const maxDOMSize = 64 << 20

// read fills out from the rendered DOM and takes the screenshot. The DOM
// is read as the browser serializes it and parsed in Go; what needs
// layout runs in an isolated world: no page script has a say in either.
func (t *tab) read(rctx context.Context, out *inspect.RenderedPage, shots bool) {
	if t.tr.isCrashed() {
		out.Error = crashed()
		return
	}
	if _, err := t.evaluate(rctx, 0, "1", probeTimeout); err != nil && rctx.Err() == nil {
		// Scripts still running (an endless loop started after the load)
		// keep the page from answering: stop them.
		t.stopScripts(out, i18n.T("render.scripts-stopped"))
	}
	t.freeze(rctx)
	debugf("%s probed %v", t.in.mode, time.Since(t.start))
	lay, page, err := t.readDOM(rctx)
	if err != nil {
		out.Error = t.sentence(rctx, err)
		return
	}
	debugf("%s evaluated %v", t.in.mode, time.Since(t.start))
	fill(out, page)
	out.TextBytes, out.PageHeight = lay.TextBytes, lay.Height
	// The count of window.open calls lives in the page's world, in a
	// property the page cannot redefine.
	if raw, err := t.evaluate(rctx, 0, "window.__cutoffPopups || 0", probeTimeout); err == nil {
		_ = json.Unmarshal(raw, &out.Popups)
	}
	t.notes(out)
	if shots {
		t.screenshot(out, lay.Height)
	}
	debugf("%s shot %v", t.in.mode, time.Since(t.start))
}

// freeze keeps the page's scripts from running while the DOM is read:
// timers and events (a navigation every 10 ms) would keep the page busy
// and change what is read between one call and the next. Evaluations in
// the isolated world still run.
func (t *tab) freeze(rctx context.Context) {
	ctx, cancel := t.callCtx(rctx, probeTimeout)
	defer cancel()
	_, _ = chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
}

// readDOM measures the page in an isolated world, then reads the
// serialized DOM of its document and parses it.
func (t *tab) readDOM(rctx context.Context) (layout, *dom.Page, error) {
	var lay layout
	world, err := t.isolatedWorld(rctx)
	if err != nil {
		return lay, nil, err
	}
	raw, err := t.evaluate(rctx, world, strings.Replace(layoutJS, "MAX_SIZE", itoa(maxDOMSize), 1), 0)
	if err == nil {
		err = json.Unmarshal(raw, &lay)
	}
	if err != nil {
		return lay, nil, err
	}
	if lay.Size > maxDOMSize {
		return lay, nil, errors.New(i18n.T("render.dom-too-large", "Size", lay.Size, "Max", maxDOMSize))
	}
	html, err := t.outerHTML(rctx, world)
	if err != nil {
		return lay, nil, err
	}
	page, err := dom.Read(strings.NewReader(html), lay.URL, dom.Limits{Links: inspect.MaxRenderedLinks,
		Text: renderedTextMax, H2: maxH2})
	return lay, page, err
}

// maxH2 bounds the h2 headings read.
const maxH2 = 200

// isolatedWorld creates an isolated world in the page's main frame and
// returns its execution context.
func (t *tab) isolatedWorld(rctx context.Context) (runtime.ExecutionContextID, error) {
	ctx, cancel := t.callCtx(rctx, 0)
	defer cancel()
	t.in.mu.Lock()
	frame := t.in.mainFrame
	t.in.mu.Unlock()
	if frame == "" {
		tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			return 0, err
		}
		frame = tree.FrameTree.Frame.ID
	}
	res, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{
		FrameID: frame, WorldName: "cutoff-reader"})
	if err != nil {
		return 0, err
	}
	return res.ExecutionContextID, nil
}

// outerHTML returns the document serialized by the browser, reached
// through the isolated world's document object.
func (t *tab) outerHTML(rctx context.Context, world runtime.ExecutionContextID) (string, error) {
	ctx, cancel := t.callCtx(rctx, 0)
	defer cancel()
	doc, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: "document", ContextID: world})
	switch {
	case err != nil:
		return "", err
	case doc.Result == nil || doc.Result.ObjectID == "":
		return "", errors.New(i18n.T("render.document-unreachable"))
	}
	res, err := chromedp.Call(ctx, cdpdom.GetOuterHTML, cdpdom.GetOuterHTMLParams{ObjectID: doc.Result.ObjectID})
	if err != nil {
		return "", err
	}
	return res.OuterHTML, nil
}

// probeTimeout is how long a page may take to evaluate "1" before its
// scripts count as running without end.
const probeTimeout = time.Second

// crashed is the sentence of a renderer that died.
func crashed() string { return i18n.T("render.crashed") }

// evaluate runs expr in the page's world (world 0) or in an isolated one
// and returns its value as JSON, within limit (0: until rctx ends). It
// calls the protocol directly, so that a busy page cannot hold it beyond
// the limit.
func (t *tab) evaluate(rctx context.Context, world runtime.ExecutionContextID, expr string, limit time.Duration) ([]byte, error) {
	ctx, cancel := t.callCtx(rctx, limit)
	defer cancel()
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ContextID: world,
		ReturnByValue: ptr(true)})
	switch {
	case err != nil:
		return nil, err
	case res.ExceptionDetails != nil:
		return nil, errors.New(res.ExceptionDetails.Text)
	case res.Result == nil:
		return nil, errors.New(i18n.T("render.no-result"))
	}
	return []byte(res.Result.Value), nil
}

// callCtx is the context of one protocol call: the tab's, ended by rctx
// and after limit (0: no limit of its own).
func (t *tab) callCtx(rctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(t.ctx)
	if limit > 0 {
		ctx, cancel = context.WithTimeout(t.ctx, limit)
	}
	stop := context.AfterFunc(rctx, cancel)
	return ctx, func() { stop(); cancel() }
}

// fill copies what the DOM holds into the page: the robots metas named
// "robots" joined in one value, each crawler-specific one on its own.
func fill(out *inspect.RenderedPage, d *dom.Page) {
	out.Title, out.Canonical, out.Links = d.Title, d.Canonical, d.Links
	out.LinkList, out.Hreflang, out.H1, out.H2 = d.LinkList, d.Hreflang, d.H1, d.H2
	var robots []string
	for _, m := range d.Robots {
		if m.Name == "robots" {
			robots = append(robots, m.Content)
		} else {
			out.MetaGooglebot = append(out.MetaGooglebot, m.Name+": "+m.Content)
		}
	}
	out.MetaRobots = strings.Join(robots, ", ")
	for _, raw := range d.JSONLD {
		out.JSONLD = append(out.JSONLD, jsonLD(raw))
	}
}

// jsonLD reads one JSON-LD block: its @type values and whether it parses.
func jsonLD(raw string) inspect.JSONLD {
	b := inspect.JSONLD{Bytes: len(raw)}
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		return b
	}
	b.Valid = true
	b.Type = strings.Join(types(v, nil), ", ")
	return b
}

// types collects the @type values of a JSON-LD value, @graph included.
func types(v any, acc []string) []string {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			acc = types(e, acc)
		}
	case map[string]any:
		switch t := x["@type"].(type) {
		case string:
			acc = append(acc, t)
		case []any:
			for _, e := range t {
				if s, ok := e.(string); ok {
					acc = append(acc, s)
				}
			}
		}
		if g, ok := x["@graph"]; ok {
			acc = types(g, acc)
		}
	}
	return acc
}

// notes adds the sentences about how the render ended.
func (t *tab) notes(out *inspect.RenderedPage) {
	t.in.mu.Lock()
	defer t.in.mu.Unlock()
	if t.in.navAway > 0 {
		out.Notes = append(out.Notes, i18n.T("render.note-navigations", "Count", t.in.navAway))
	}
	if out.Popups > 0 {
		out.Notes = append(out.Notes, i18n.T("render.note-popups", "Count", out.Popups))
	}
	if t.in.count > t.in.opt.MaxRequests {
		out.Notes = append(out.Notes, i18n.T("render.note-too-many-files", "Max", itoa(t.in.opt.MaxRequests)))
	}
	if t.in.unlisted > 0 {
		out.Notes = append(out.Notes, i18n.T("render.note-unlisted", "Count", t.in.unlisted, "Max", itoa(maxListed*t.in.opt.MaxRequests)))
	}
	out.Notes = append(out.Notes, t.in.notes...)
}

// screenshot captures the page from the top, at most MaxScreenshotHeight
// pixels high, within a few seconds: the viewport is stretched to that
// height and captured as it stands (capturing beyond the viewport lays a
// very long page out again, which takes far longer).
func (t *tab) screenshot(out *inspect.RenderedPage, height int) {
	h := min(max(height, t.view.Height), inspect.MaxScreenshotHeight)
	ctx, cancel := context.WithTimeout(t.ctx, 10*time.Second)
	defer cancel()
	_, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(t.view.Width), Height: int64(h), DeviceScaleFactor: 1, Mobile: t.view.Mobile})
	var res page.CaptureScreenshotResult
	if err == nil {
		res, err = chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format: page.CaptureScreenshotFormatPng})
	}
	if err != nil {
		out.Notes = append(out.Notes, i18n.T("render.note-no-screenshot", "Cause", err.Error()))
		return
	}
	out.Screenshot, out.ScreenshotHeight = res.Data, h
}
