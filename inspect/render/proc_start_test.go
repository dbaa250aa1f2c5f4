package render

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestAfterStart: the function gets the started process, and the command
// still runs to its end (its standard input ends at once).
func TestAfterStart(t *testing.T) {
	cmd := exec.Command("sleep", "0.1")
	got := make(chan int, 1)
	afterStart(cmd, func(p *os.Process) { got <- p.Pid })
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start sleep: %v", err)
	}
	select {
	case pid := <-got:
		if pid != cmd.Process.Pid {
			t.Errorf("the function got pid %d, want %d", pid, cmd.Process.Pid)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the function was not called within 5 s of the start")
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the command failed: %v", err)
	}
}
