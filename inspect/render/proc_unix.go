//go:build unix && !linux

package render

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
)

// ownGroup starts the browser in a process group of its own, so that
// Close can kill the browser and every child it forked at once. These
// systems have no Pdeathsig: a watchdog kills the group should Cutoff die
// first.
func ownGroup(cmd *exec.Cmd) {
	groupAttr(cmd)
	afterStart(cmd, func(p *os.Process) { watchdogs.watch(p.Pid) })
}

// killGroup stops the group's watchdog, then kills every process of group
// pgid.
func killGroup(pgid int) {
	watchdogs.stop(pgid)
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
}

// groupAlive reports whether the group pgid still exists.
func groupAlive(pgid int) bool {
	return !errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH)
}

// groupSize counts the live (not zombie) processes of group pgid, as ps
// lists them.
func groupSize(pgid int) int {
	out, err := exec.Command("ps", "-A", "-o", "pgid=,stat=").Output()
	if err != nil {
		return 0
	}
	want := strconv.Itoa(pgid)
	n := 0
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == want && !strings.HasPrefix(f[1], "Z") {
			n++
		}
	}
	return n
}
