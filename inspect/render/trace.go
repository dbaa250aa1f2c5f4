package render

import (
	"context"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/debugger"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// parsed is one script the browser's JavaScript engine parsed (or failed
// to parse).
type parsed struct {
	id        string
	url       string
	line, col int64
	failed    bool
}

// thrown is one uncaught exception.
type thrown struct {
	scriptID string
	url      string
	line     int64
	text     string
}

// trace collects what a render's events say about its scripts.
type trace struct {
	mu      sync.Mutex
	scripts []parsed
	thrown  []thrown
	crashed bool
	loaded  chan struct{}
	once    sync.Once
}

func newTrace() *trace { return &trace{loaded: make(chan struct{})} }

// listen subscribes to the events of the tab; the goroutines end with ctx.
func (t *trace) listen(ctx context.Context) {
	go func() {
		for ev, err := range chromedp.Events(ctx, debugger.ScriptParsed) {
			if err != nil {
				return
			}
			t.addScript(parsed{id: string(ev.ScriptID), url: ev.URL, line: ev.StartLine, col: ev.StartColumn})
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, debugger.ScriptFailedToParse) {
			if err != nil {
				return
			}
			t.addScript(parsed{id: string(ev.ScriptID), url: ev.URL, line: ev.StartLine, col: ev.StartColumn,
				failed: true})
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, runtime.ExceptionThrown) {
			if err != nil {
				return
			}
			t.addThrown(ev.ExceptionDetails)
		}
	}()
	go t.listenPage(ctx)
}

// listenPage watches the load event, dialogs (dismissed, or alert() would
// stop the page) and a renderer crash.
func (t *trace) listenPage(ctx context.Context) {
	go func() {
		for _, err := range chromedp.Events(ctx, page.LoadEventFired) {
			if err != nil {
				return
			}
			t.once.Do(func() { close(t.loaded) })
		}
	}()
	go func() {
		for _, err := range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	for _, err := range chromedp.Events(ctx, inspector.TargetCrashed) {
		if err != nil {
			return
		}
		t.mu.Lock()
		t.crashed = true
		t.mu.Unlock()
		t.once.Do(func() { close(t.loaded) })
	}
}

func (t *trace) addScript(p parsed) {
	t.mu.Lock()
	t.scripts = append(t.scripts, p)
	t.mu.Unlock()
}

func (t *trace) addThrown(d *runtime.ExceptionDetails) {
	if d == nil {
		return
	}
	text := d.Text
	if d.Exception != nil && d.Exception.Description != "" {
		text = d.Exception.Description
		if i := strings.IndexByte(text, '\n'); i > 0 {
			text = text[:i]
		}
	}
	t.mu.Lock()
	t.thrown = append(t.thrown, thrown{scriptID: string(d.ScriptID), url: d.URL, line: d.LineNumber, text: text})
	t.mu.Unlock()
}

func (t *trace) isCrashed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.crashed
}

// snapshot returns copies of what was collected.
func (t *trace) snapshot() ([]parsed, []thrown) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]parsed{}, t.scripts...), append([]thrown{}, t.thrown...)
}
