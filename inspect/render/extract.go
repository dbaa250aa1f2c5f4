package render

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// readDOM is evaluated in the rendered page; it returns what the report
// needs, read from the DOM as the renderer left it. LINKS_MAX and TEXT_MAX
// are replaced by the bounds on links listed and on an element's text, in
// characters (code points, as Go counts runes). Links are the crawlable
// ones, http(s): javascript:, mailto:, tel: and data: hrefs lead a crawler
// nowhere, so they are neither counted nor listed (nor lost).
const readDOM = `(() => {
const all = s => Array.from(document.querySelectorAll(s));
const txt = e => Array.from((e.innerText || e.textContent || '').trim().replace(/\s+/g, ' ')).slice(0, TEXT_MAX).join('');
const metas = all('meta[name]').map(m => [m.getAttribute('name').toLowerCase(), m.getAttribute('content') || '']);
const canon = all('link[rel~="canonical" i]');
const seen = new Set(), list = [];
const links = all('a[href]').filter(a => a.protocol === 'http:' || a.protocol === 'https:');
for (const a of links) { const h = a.href; if (!seen.has(h) && list.length < LINKS_MAX) { seen.add(h); list.push(h); } }
const text = document.body ? document.body.innerText : '';
const de = document.documentElement;
return {
 title: document.title, metas: metas,
 canonical: canon.length ? canon[0].href : '',
 hreflang: all('link[rel~="alternate" i][hreflang]').map(l => l.getAttribute('hreflang') + ' ' + l.href),
 jsonld: all('script[type="application/ld+json" i]').map(s => s.textContent),
 links: links.length, list: list,
 h1: all('h1').map(txt), h2: all('h2').map(txt).slice(0, 200),
 textBytes: new TextEncoder().encode(text).length,
 height: Math.max(de ? de.scrollHeight : 0, document.body ? document.body.scrollHeight : 0),
 popups: window.__cutoffPopups || 0,
};})()`

// dom is readDOM's result.
type dom struct {
	Title     string      `json:"title"`
	Metas     [][2]string `json:"metas"`
	Canonical string      `json:"canonical"`
	Hreflang  []string    `json:"hreflang"`
	JSONLD    []string    `json:"jsonld"`
	Links     int         `json:"links"`
	List      []string    `json:"list"`
	H1        []string    `json:"h1"`
	H2        []string    `json:"h2"`
	TextBytes int64       `json:"textBytes"`
	Height    int         `json:"height"`
	Popups    int         `json:"popups"`
}

// read fills out from the rendered DOM and takes the screenshot.
func (t *tab) read(rctx context.Context, out *inspect.RenderedPage, shots bool) {
	if t.tr.isCrashed() {
		out.Error = crashed
		return
	}
	if _, err := t.evaluate(rctx, "1", probeTimeout); err != nil && rctx.Err() == nil {
		// Scripts still running (an endless loop started after the load)
		// keep the page from answering: stop them.
		t.stopScripts(out, "The page's scripts were still running when the DOM was to be read; they were stopped.")
	}
	expr := strings.NewReplacer("LINKS_MAX", itoa(inspect.MaxRenderedLinks), "TEXT_MAX", itoa(renderedTextMax)).Replace(readDOM)
	raw, err := t.evaluate(rctx, expr, 0)
	var d dom
	if err == nil {
		err = json.Unmarshal(raw, &d)
	}
	if err != nil {
		out.Error = t.sentence(rctx, err)
		return
	}
	debugf("%s evaluated %v", t.in.mode, time.Since(t.start))
	fill(out, d)
	t.notes(out)
	if shots {
		t.screenshot(out, d.Height)
	}
	debugf("%s shot %v", t.in.mode, time.Since(t.start))
}

// probeTimeout is how long a page may take to evaluate "1" before its
// scripts count as running without end.
const probeTimeout = time.Second

// crashed is the sentence of a renderer that died.
const crashed = "The browser's renderer crashed on this page (a script that allocates without end does this)."

// evaluate runs expr in the page and returns its value as JSON, within
// limit (0: until rctx ends). It calls the protocol directly, so that a
// busy page cannot hold it beyond the limit.
func (t *tab) evaluate(rctx context.Context, expr string, limit time.Duration) ([]byte, error) {
	ctx, cancel := context.WithCancel(t.ctx)
	if limit > 0 {
		ctx, cancel = context.WithTimeout(t.ctx, limit)
	}
	defer cancel()
	stop := context.AfterFunc(rctx, cancel)
	defer stop()
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ReturnByValue: ptr(true)})
	switch {
	case err != nil:
		return nil, err
	case res.ExceptionDetails != nil:
		return nil, errors.New(res.ExceptionDetails.Text)
	case res.Result == nil:
		return nil, errors.New("no result")
	}
	return []byte(res.Result.Value), nil
}

// fill copies the DOM's values into the page.
func fill(out *inspect.RenderedPage, d dom) {
	out.Title, out.Canonical, out.Links, out.TextBytes, out.Popups = d.Title, d.Canonical, d.Links, d.TextBytes, d.Popups
	out.LinkList, out.Hreflang = nonNil(d.List), nonNil(d.Hreflang)
	out.H1, out.H2 = nonNil(d.H1), nonNil(d.H2)
	for _, m := range d.Metas {
		switch {
		case m[0] == "robots" && out.MetaRobots == "":
			out.MetaRobots = m[1]
		case strings.HasPrefix(m[0], "googlebot"):
			out.MetaGooglebot = append(out.MetaGooglebot, m[0]+": "+m[1])
		}
	}
	for _, raw := range d.JSONLD {
		out.JSONLD = append(out.JSONLD, jsonLD(raw))
	}
	out.PageHeight = d.Height
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
		out.Notes = append(out.Notes, prose.Count(int64(t.in.navAway), "navigation", "navigations")+" away from the page "+
			map[bool]string{true: "was", false: "were"}[t.in.navAway == 1]+" not followed; the render kept the first document.")
	}
	if out.Popups > 0 {
		out.Notes = append(out.Notes, prose.Count(int64(out.Popups), "window.open call", "window.open calls")+
			" opened nothing: the renderer opens no windows.")
	}
	if t.in.count > t.in.opt.MaxRequests {
		out.Notes = append(out.Notes, "The page made more requests than the render's cap of "+
			itoa(t.in.opt.MaxRequests)+"; the rest failed.")
	}
	if t.in.unlisted > 0 {
		out.Notes = append(out.Notes, prose.Count(int64(t.in.unlisted), "more request", "more requests")+" went unlisted.")
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
		out.Notes = append(out.Notes, "No screenshot could be taken: "+err.Error()+".")
		return
	}
	out.Screenshot, out.ScreenshotHeight = res.Data, h
}
