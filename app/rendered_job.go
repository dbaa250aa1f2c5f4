package app

import (
	"context"
	"errors"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/renderedtab"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/render"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// renderEngine renders an inspected page both ways; phase reports what it
// is doing. The window uses Chromium through inspect/render; tests that do
// not set one get no renders.
type renderEngine func(ctx context.Context, rep *inspect.Report, p fetch.Profile, phase func(string)) *inspect.Rendered

// chromeRenderer renders with the browser found on PATH and the default
// bounds.
func chromeRenderer(f *fetch.Fetcher) renderEngine { return chromeRendererWith(f, render.Options{}) }

// chromeRendererWith renders with opt, its Phase set to the job's.
func chromeRendererWith(f *fetch.Fetcher, opt render.Options) renderEngine {
	return func(ctx context.Context, rep *inspect.Report, p fetch.Profile, phase func(string)) *inspect.Rendered {
		opt.Phase = phase
		return render.Run(ctx, f, rep, p, opt)
	}
}

// noBrowserSentence is the tab's sentence when no browser is installed.
func noBrowserSentence() string { return i18n.T("app.render-no-browser", "Install", render.Install()) }

// startRender renders the report's page in the background, if rendering
// is turned on, with the phase in the progress bar; the other tabs stay
// usable meanwhile and Cancel stops it at once.
func (u *UI) startRender(rep *inspect.Report, p fetch.Profile) {
	switch {
	case u.renderEngine == nil:
		return
	case !u.rendered.On():
		u.rendered.Clear(i18n.T("app.render-off"))
		return
	}
	if _, err := render.FindBrowser(""); errors.Is(err, render.ErrNoBrowser) {
		u.rendered.Clear(noBrowserSentence())
		return
	}
	u.rendered.Clear(i18n.T("app.render-running"))
	u.running = true
	u.top.setRunning(true)
	u.renderGen++
	id := u.renderGen
	u.renderer.Start(u.renderJob(rep, p), u.top.showProgress, func() { u.onRenderEnd(id) })
}

// renderJob renders and prepares the tab's data on the job's goroutine.
func (u *UI) renderJob(rep *inspect.Report, p fetch.Profile) job.Func[inspect.Progress] {
	run := u.renderEngine
	return func(ctx context.Context, progress func(inspect.Progress)) func() {
		rd := run(ctx, rep, p, func(phase string) { progress(inspect.Progress{Phase: i18n.T("app.render-phase", "Phase", phase)}) })
		if ctx.Err() != nil {
			return nil
		}
		d := renderedtab.DataOf(rd)
		return func() {
			rep.AddRendered(rd)
			u.overview.show(overviewOf(rep)) // the render's findings join the page's
			u.rendered.Show(d)
			u.top.phase.SetText(i18n.Then(i18n.Then(doneText(rep), i18n.T("app.rendered")), u.historyNote))
		}
	}
}

// onRenderEnd gives the bar back when render id is still the current one
// (a stopped render's end must not end a newer inspection's bar).
func (u *UI) onRenderEnd(id int) {
	if id == u.renderGen {
		u.running = false
		u.top.setRunning(false)
	}
	if u.hooks.onRenderEnd != nil {
		u.hooks.onRenderEnd()
	}
}

// stopRender cancels a render in progress; the browser ends with it.
func (u *UI) stopRender(status string) {
	u.renderGen++
	u.renderer.Stop()
	if status != "" {
		u.rendered.Clear(status)
	}
}
