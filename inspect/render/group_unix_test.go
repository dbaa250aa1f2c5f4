//go:build unix

package render

import (
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// startGroup starts a sleeping process in a group of its own.
func startGroup(t *testing.T) *exec.Cmd {
	t.Helper()
	cmd := exec.Command("sleep", "60")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start sleep: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	return cmd
}

// exited reports whether cmd ends within limit.
func exited(cmd *exec.Cmd, limit time.Duration) bool {
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(limit):
		return false
	}
}

// TestWatchdogKillsWhenCutoffEnds: when the watchdog's input ends, as the
// kernel ends it when Cutoff exits, it kills the browser's group.
func TestWatchdogKillsWhenCutoffEnds(t *testing.T) {
	cmd := startGroup(t)
	pgid := cmd.Process.Pid
	watchdogs.watch(pgid)
	watchdogs.mu.Lock()
	d, ok := watchdogs.m[pgid]
	delete(watchdogs.m, pgid)
	watchdogs.mu.Unlock()
	if !ok {
		t.Fatal("no watchdog started")
	}
	d.input.Close()
	if !exited(cmd, 5*time.Second) {
		t.Fatal("the group still runs 5 s after the watchdog's input ended")
	}
	_ = d.cmd.Wait()
}

// TestWatchdogStopKillsNothing: Close stops the watchdog first, which
// then kills nothing.
func TestWatchdogStopKillsNothing(t *testing.T) {
	cmd := startGroup(t)
	watchdogs.watch(cmd.Process.Pid)
	watchdogs.stop(cmd.Process.Pid)
	if exited(cmd, 500*time.Millisecond) {
		t.Fatal("stopping the watchdog killed the group")
	}
}
