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
// Close can kill the browser and every child it forked at once, and has
// the kernel kill it should Cutoff die first.
func ownGroup(cmd *exec.Cmd) {
	groupAttr(cmd).Pdeathsig = syscall.SIGKILL
}

// killGroup kills every process of group pgid.
func killGroup(pgid int) { _ = syscall.Kill(-pgid, syscall.SIGKILL) }

// groupAlive reports whether a process of group pgid is running, read from
// /proc; without /proc, whether the group exists at all.
func groupAlive(pgid int) bool {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return !errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH)
	}
	return len(groupMembers(pgid)) > 0
}

// groupSize counts the live processes of group pgid.
func groupSize(pgid int) int { return len(groupMembers(pgid)) }

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
