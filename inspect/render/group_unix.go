//go:build unix

package render

import (
	"io"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
)

// watchdogs are the watchdogs of the browsers' process groups on systems
// without Pdeathsig. Each is a shell, in a group of its own, that reads its
// standard input until it ends and then kills the browser's group. Cutoff
// holds the only write end of that input, so the kernel ends it when
// Cutoff exits in any way, SIGKILL included.
var watchdogs = &watchdogSet{m: map[int]watchdog{}}

type watchdogSet struct {
	mu sync.Mutex
	m  map[int]watchdog // by the process group each one watches
}

// watchdog is one running watchdog and the write end of its input.
type watchdog struct {
	cmd   *exec.Cmd
	input io.WriteCloser
}

// watch starts the watchdog of group pgid. Without one (sh cannot start)
// the group still ends with Close.
func (w *watchdogSet) watch(pgid int) {
	cmd := exec.Command("/bin/sh", "-c", `cat >/dev/null; kill -s KILL -- -"$1"`, "cutoff-watchdog", strconv.Itoa(pgid))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	input, err := cmd.StdinPipe()
	if err != nil {
		return
	}
	if err := cmd.Start(); err != nil {
		return
	}
	w.mu.Lock()
	w.m[pgid] = watchdog{cmd, input}
	w.mu.Unlock()
}

// stop ends the watchdog of group pgid without letting it kill: the group
// is being killed by Close, and its number may soon be reused.
func (w *watchdogSet) stop(pgid int) {
	w.mu.Lock()
	d, ok := w.m[pgid]
	delete(w.m, pgid)
	w.mu.Unlock()
	if !ok {
		return
	}
	_ = d.cmd.Process.Kill()
	_ = d.cmd.Wait() // closes the input too
}

// groupAttr has cmd start in a process group of its own and returns its
// attributes, for the caller to add to.
func groupAttr(cmd *exec.Cmd) *syscall.SysProcAttr {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.Setpgid = true
	return cmd.SysProcAttr
}
