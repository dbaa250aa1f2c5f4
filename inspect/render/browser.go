package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
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
}

// heapFlag bounds the JavaScript heap of each renderer, so that a page that
// allocates without end crashes its renderer early instead of taking the
// machine's memory.
const heapFlag = "--max-old-space-size=512"

// Start runs the browser at path and waits until it answers. The browser
// ends when ctx is done or Close is called.
func Start(ctx context.Context, path string) (*Browser, error) {
	dir, err := os.MkdirTemp("", "cutoff-render-")
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
		chromedp.ModifyCmdFunc(ownGroup),
	)
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

// quiet sends chromedp's own error messages (about targets that went
// away while a render ended) to the debug log instead of stderr.
var quiet = chromedp.WithErrorf(debugf)

// ownGroup starts the browser in a process group of its own, so that
// Close can kill the browser and every child it forked at once, and has
// the kernel kill it should Cutoff die first.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
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
