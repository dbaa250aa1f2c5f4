package render

import (
	"context"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Waits of a render after its load event: the page counts as settled
// once no request has been pending for quietFor, and at most idleMax
// after the load.
const (
	quietFor = 300 * time.Millisecond
	idleMax  = 5 * time.Second
)

// settle waits for the load event and then for the network to go quiet,
// within two thirds of the render's time; the rest is for reading the
// DOM. A page still running scripts then has them stopped.
func (t *tab) settle(rctx context.Context, out *inspect.RenderedPage) {
	budget := t.in.opt.Timeout * 2 / 3
	deadline := time.NewTimer(time.Until(t.start.Add(budget)))
	defer deadline.Stop()
	select {
	case <-t.tr.loaded:
	case <-rctx.Done():
		return
	case <-deadline.C:
		t.stopScripts(out, i18n.T("render.not-loaded", "Duration", budget.Round(time.Millisecond).String()))
		return
	}
	t.waitIdle(rctx, deadline.C)
}

// waitIdle returns once no request is pending for quietFor, after idleMax,
// or when rctx or deadline ends.
func (t *tab) waitIdle(rctx context.Context, deadline <-chan time.Time) {
	limit := time.After(idleMax)
	for {
		select {
		case <-time.After(quietFor):
			if t.in.idle() {
				return
			}
		case <-t.in.changed:
		case <-limit:
			return
		case <-deadline:
			return
		case <-rctx.Done():
			return
		}
	}
}

// stopScripts terminates the JavaScript running in the page, so that the
// DOM can be read, and notes why.
func (t *tab) stopScripts(out *inspect.RenderedPage, why string) {
	if t.tr.isCrashed() {
		return
	}
	ctx, cancel := context.WithTimeout(t.ctx, 2*time.Second)
	defer cancel()
	_, _ = chromedp.Call(ctx, runtime.TerminateExecution, cdp.Empty{})
	out.Notes = append(out.Notes, why)
}
