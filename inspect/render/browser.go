package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// Package is the Debian package that provides the browser.
const Package = "chromium-headless-shell"

// browserNames are looked up on PATH, in this order.
var browserNames = []string{"chromium-headless-shell", "chromium"}

// ErrNoBrowser is returned by FindBrowser when no browser binary is found.
var ErrNoBrowser = errors.New("no Chromium browser was found: install the Debian package " + Package +
	" (sudo apt-get install chromium-headless-shell) or name the binary with --browser")

// FindBrowser returns the browser binary to run: path when it is given
// (it must exist and be executable), else chromium-headless-shell, then
// chromium, found on PATH.
func FindBrowser(path string) (string, error) {
	if path != "" {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", fmt.Errorf("the browser %s cannot be run: %w", path, err)
		}
		return p, nil
	}
	for _, name := range browserNames {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowser
}

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
	debugf("the sandboxed browser did not start as %d: %v", as.Uid, err)
	b, err2 := start(ctx, path, nil)
	if err2 != nil {
		return nil, err
	}
	cause := err
	if inner := errors.Unwrap(err); inner != nil {
		cause = inner
	}
	b.unsandboxed = "The browser ran without its sandbox: Cutoff runs as root, and the browser did not start " +
		"as an unprivileged user (" + strings.TrimSuffix(cause.Error(), ".") + ")."
	return b, nil
}

// start runs one browser: as user as with its sandbox, or as this
// process's user (nil) with the sandbox only when that is not root.
func start(ctx context.Context, path string, as *syscall.Credential) (*Browser, error) {
	dir, err := os.MkdirTemp("", "cutoff-render-")
	if err == nil && as != nil {
		err = os.Chown(dir, int(as.Uid), int(as.Gid))
	}
	if err != nil {
		return nil, fmt.Errorf("the browser cannot start: %w", err)
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
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) { ownGroup(cmd, as) }),
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
		return nil, fmt.Errorf("the browser %s did not start: %w", path, err)
	}
	if p := chromedp.FromContext(bctx).Browser.Process(); p != nil {
		b.pgid = p.Pid
		groups.add(b.pgid)
	}
	b.version = b.readVersion()
	return b, nil
}

// unprivileged returns the user a browser started by root runs as, with
// its sandbox: "nobody", or nil when this process is not root.
func unprivileged() *syscall.Credential {
	if os.Getuid() != 0 {
		return nil
	}
	uid, gid := uint32(65534), uint32(65534)
	if u, err := user.Lookup("nobody"); err == nil {
		if n, err := strconv.ParseUint(u.Uid, 10, 32); err == nil {
			uid = uint32(n)
		}
		if n, err := strconv.ParseUint(u.Gid, 10, 32); err == nil {
			gid = uint32(n)
		}
	}
	return &syscall.Credential{Uid: uid, Gid: gid, Groups: []uint32{}}
}

// Unsandboxed says in one sentence that the browser runs without its
// sandbox and why; "" when it has it.
func (b *Browser) Unsandboxed() string { return b.unsandboxed }

// quiet sends chromedp's own error messages (about targets that went
// away while a render ended) to the debug log instead of stderr.
var quiet = chromedp.WithErrorf(debugf)

// ownGroup starts the browser in a process group of its own, so that
// Close can kill the browser and every child it forked at once, and has
// the kernel kill it should Cutoff die first.
// When as is set, the browser runs as that user.
func ownGroup(cmd *exec.Cmd, as *syscall.Credential) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	cmd.SysProcAttr.Credential = as
}

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
		_ = syscall.Kill(-b.pgid, syscall.SIGKILL)
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
		n += len(groupMembers(pgid))
	}
	return n
}

// groupAlive reports whether a process of group pgid is running, read from
// /proc; without /proc, whether the group exists at all.
func groupAlive(pgid int) bool {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return !errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH)
	}
	return len(groupMembers(pgid)) > 0
}

// groupMembers returns the pids of the live (not zombie) processes of
// group pgid, read from /proc.
func groupMembers(pgid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := strconv.Itoa(pgid)
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces, so split
		// after its closing parenthesis.
		i := strings.LastIndexByte(string(stat), ')')
		f := strings.Fields(string(stat[i+1:]))
		if len(f) > 2 && f[2] == want && f[0] != "Z" && f[0] != "X" {
			out = append(out, pid)
		}
	}
	return out
}
