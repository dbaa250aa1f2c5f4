package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Browser is one running Chromium, in its own process group, with its own
// temporary profile directory. Close ends it and every process it started.
type Browser struct {
	ctx     context.Context // the chromedp context of the browser itself
	cancel  context.CancelFunc
	alloc   context.CancelFunc
	dataDir string
	version string
	pgid    int
	// unsandboxed says why the browser runs without its sandbox, "" when
	// it has it.
	unsandboxed string
}

// heapFlag bounds the JavaScript heap of each renderer, so that a page that
// allocates without end crashes its renderer early instead of taking the
// machine's memory.
const heapFlag = "--max-old-space-size=512"

// closedNetwork are the flags that leave the browser no way to the
// network but the interceptor: every request the interceptor does not
// answer (a service worker's, a WebSocket, a preconnect, a path nobody
// thought of) goes to a proxy whose name resolves to nothing, loopback
// included, and no host name resolves at all; WebRTC sends no UDP that
// bypasses that proxy. A request that finds a way round the interceptor
// fails to connect.
var closedNetwork = []chromedp.ExecAllocatorOption{
	chromedp.ProxyServer("http://proxy.cutoff.invalid:1"),
	chromedp.Flag("proxy-bypass-list", "<-loopback>"),
	chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
	chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
	chromedp.Flag("disable-background-networking", true),
}

// Start runs the browser at path and waits until it answers. The browser
// ends when ctx is done or Close is called. It keeps the browser's
// sandbox: as root (which Chromium refuses to sandbox) it runs the browser
// as an unprivileged user, and only when that browser does not start does
// it fall back to root without the sandbox, which Unsandboxed says.
func Start(ctx context.Context, path string) (*Browser, error) {
	as := unprivileged()
	b, err := start(ctx, path, as)
	if err == nil || as == nil || ctx.Err() != nil {
		return b, err
	}
	debugf("the sandboxed browser did not start as an unprivileged user: %v", err)
	b, err2 := start(ctx, path, nil)
	if err2 != nil {
		return nil, err
	}
	cause := err
	if inner := errors.Unwrap(err); inner != nil {
		cause = inner
	}
	b.unsandboxed = i18n.T("render.unsandboxed", "Cause", strings.TrimSuffix(cause.Error(), "."))
	return b, nil
}

// start runs one browser: as user as with its sandbox, or as this
// process's user (nil) with the sandbox only when that is not root.
func start(ctx context.Context, path string, as *runAs) (*Browser, error) {
	dir, err := os.MkdirTemp("", "cutoff-render-")
	if err == nil && as != nil {
		err = giveTo(dir, as)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", i18n.T("render.browser-cannot-start"), err)
	}
	b := &Browser{dataDir: dir}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.UserDataDir(dir),
		chromedp.Flag("block-new-web-contents", true),
		chromedp.Flag("disable-popup-blocking", false),
		chromedp.Flag("js-flags", heapFlag),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("no-sandbox", as == nil && os.Getuid() == 0),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			ownGroup(cmd)
			runAsUser(cmd, as)
		}),
	)
	opts = append(opts, closedNetwork...)
	if as != nil {
		// root's home is not the unprivileged user's to write in.
		opts = append(opts, chromedp.Env("HOME="+dir))
	}
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	bctx, bcancel := chromedp.NewContext(actx, quiet)
	b.ctx, b.cancel, b.alloc = bctx, bcancel, acancel
	if err := chromedp.Do(bctx); err != nil {
		b.Close()
		return nil, fmt.Errorf("%s: %w", i18n.T("render.browser-did-not-start", "Path", path), err)
	}
	if p := chromedp.FromContext(bctx).Browser.Process(); p != nil {
		b.pgid = p.Pid
		groups.add(b.pgid)
	}
	b.version = b.readVersion()
	return b, nil
}

// Unsandboxed says in one sentence that the browser runs without its
// sandbox and why; "" when it has it.
func (b *Browser) Unsandboxed() string { return b.unsandboxed }

// quiet sends chromedp's own error messages (about targets that went
// away while a render ended) to the debug log instead of stderr.
var quiet = chromedp.WithErrorf(debugf)

// readVersion returns "Chromium 156.0.8078.114" or "" when the browser
// does not say.
func (b *Browser) readVersion() string {
	v, err := chromedp.CallBrowser(b.ctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		return ""
	}
	name, ver, ok := strings.Cut(v.Product, "/")
	if !ok {
		return v.Product
	}
	return strings.TrimPrefix(name, "Headless") + " " + ver
}

// Version is the browser's product and version.
func (b *Browser) Version() string { return b.version }

// Close ends the browser: it kills the process group, cancels the
// chromedp contexts and removes the profile directory. It returns once the
// processes are gone (or after 5 s), and may be called more than once.
func (b *Browser) Close() {
	if b.pgid > 0 {
		killGroup(b.pgid)
	}
	if b.cancel != nil {
		b.cancel()
	}
	if b.alloc != nil {
		b.alloc()
	}
	if b.pgid > 0 {
		waitGroupGone(b.pgid, 5*time.Second)
	}
	_ = os.RemoveAll(b.dataDir)
}

// waitGroupGone waits until no live process of group pgid is left,
// polling; a zombie (dead, waiting for its parent to reap it) counts as
// gone.
func waitGroupGone(pgid int, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) && groupAlive(pgid) {
		time.Sleep(10 * time.Millisecond)
	}
}

// groups are the process groups of every browser this process started.
var groups = &groupSet{m: map[int]bool{}}

type groupSet struct {
	mu sync.Mutex
	m  map[int]bool
}

func (g *groupSet) add(pgid int) {
	g.mu.Lock()
	g.m[pgid] = true
	g.mu.Unlock()
}

func (g *groupSet) list() []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]int, 0, len(g.m))
	for id := range g.m {
		out = append(out, id)
	}
	return out
}

// LiveProcesses counts the browser processes (the browser and every child
// it forked: renderers, GPU, network) still running from the browsers this
// process started; 0 once every job has ended.
func LiveProcesses() int {
	n := 0
	for _, pgid := range groups.list() {
		n += groupSize(pgid)
	}
	return n
}
