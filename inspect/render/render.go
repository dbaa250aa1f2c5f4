package render

import (
	"context"
	"sync"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Run renders the inspected page twice, the bytes the crawler kept and
// the whole page, and compares the two. rep is the inspection: its page
// fetch is served to the browser as is (so the document's bytes are the
// report's), its robots.txt cache is reused (robots.txt once per host).
// Run always returns a result; its Error says why nothing was rendered
// (no browser, the page is not HTML). It returns when both renders ended
// and the browser's processes are gone; cancelling ctx ends it at once.
func Run(ctx context.Context, f *fetch.Fetcher, rep *inspect.Report, p fetch.Profile, opt Options) *inspect.Rendered {
	opt = opt.withDefaults()
	start := time.Now()
	out := &inspect.Rendered{Crawler: p.Name, Viewport: ViewportFor(p), Lost: []inspect.RenderedLost{},
		Scripts: []inspect.RenderedScript{}, Requests: []inspect.RenderedRequest{},
		FullRequests: []inspect.RenderedRequest{}}
	defer func() { out.DurationMS = time.Since(start).Milliseconds() }()
	if msg := renderable(rep); msg != "" {
		out.Error = msg
		return out
	}
	path, err := FindBrowser(opt.Browser)
	if err != nil {
		out.Error = sentenceOf(err)
		return out
	}
	opt.Phase(i18n.T("render.phase-starting"))
	b, err := Start(ctx, path)
	if err != nil {
		out.Error = sentenceOf(err)
		return out
	}
	debugf("browser started %v", time.Since(start))
	defer func() { b.Close(); debugf("browser closed %v", time.Since(start)) }()
	out.Browser = b.Version()
	renderBoth(ctx, f, b, rep, p, opt, out)
	if why := b.Unsandboxed(); why != "" && out.Google != nil {
		out.Google.Notes = append(out.Google.Notes, why)
	}
	debugf("compared %v at %s", time.Since(start), time.Now().Format("05.000"))
	return out
}

// renderBoth runs the google render and the full one side by side, each
// in its own browser context, and compares them.
func renderBoth(ctx context.Context, f *fetch.Fetcher, b *Browser, rep *inspect.Report, p fetch.Profile,
	opt Options, out *inspect.Rendered) {
	pageURL := documentURL(rep)
	rc := newReach(ctx, opt, pageURL, rep.Fetch.Local)
	src := newSource(rc.fetcher(f), p, opt.Fetch, rep.RobotsCache, pageURL, opt.MaxBytes)
	src.put(pageURL, rep.Fetch)
	ua := rep.Profile.UserAgent
	var traces [2]*trace
	var pages [2]*inspect.RenderedPage
	var ins [2]*interceptor
	fctx, fcancel := context.WithCancel(ctx)
	defer fcancel()
	opt.Phase(i18n.T("render.phase-rendering"))
	var wg sync.WaitGroup
	for i, mode := range []string{ModeGoogle, ModeFull} {
		ins[i] = newInterceptor(fctx, mode, src, rc, pageURL, opt)
		wg.Go(func() { pages[i], traces[i] = renderPage(ctx, b, ins[i], out.Viewport, ua, !opt.NoScreenshots) })
	}
	wg.Wait()
	debugf("renders ended %s", time.Now().Format("05.000"))
	out.Google, out.Requests = pages[0], ins[0].snapshot()
	out.Full, out.FullRequests = pages[1], ins[1].snapshot()
	if ctx.Err() != nil {
		out.Error = i18n.T("render.cancelled")
		return
	}
	ps := scanSource(rep.Fetch.Body, pageURL)
	out.Scripts = scriptTable(rep, ps, pageURL, out, traces[0], traces[1])
	out.Lost = compare(rep, ps, out.Google, out.Full)
}

// snapshot returns the requests recorded so far.
func (in *interceptor) snapshot() []inspect.RenderedRequest {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]inspect.RenderedRequest{}, in.requests...)
}

// renderable says why the report's page cannot be rendered, "" when it can.
func renderable(rep *inspect.Report) string {
	switch {
	case rep == nil || rep.Fetch == nil:
		return i18n.T("render.no-page")
	case rep.Fetch.Kind == fetch.KindPDF:
		return i18n.T("render.not-html-pdf")
	case rep.Fetch.Kind != fetch.KindHTML:
		return i18n.T("render.not-html-other")
	}
	return ""
}

// localOrigin is the origin a local file is served from: relative URLs
// resolve against it, and requests to it have no server behind them.
const localOrigin = "http://local.cutoff.invalid/"

// documentURL is the URL the browser navigates to: the final URL, or for
// a local file a URL on localOrigin.
func documentURL(rep *inspect.Report) string {
	if rep.Fetch.Local {
		return localOrigin + "page.html"
	}
	return rep.Fetch.FinalURL
}

// sentenceOf makes an error one sentence ending in a period.
func sentenceOf(err error) string {
	return prose.Sentence(err.Error())
}
