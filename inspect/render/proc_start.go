package render

import (
	"io"
	"os"
	"os/exec"
	"sync"
)

// afterStart has fn called with the process of cmd as soon as it exists,
// before cmd.Start's caller sees it: exec copies a standard input that is
// not a file on a goroutine of its own, started once the process runs, so
// the first read of that input is the moment. The browser's standard input
// then ends at once, as it would read nothing from it anyway.
func afterStart(cmd *exec.Cmd, fn func(p *os.Process)) {
	cmd.Stdin = &startHook{cmd: cmd, fn: fn}
}

// startHook is the standard input afterStart gives a command.
type startHook struct {
	once sync.Once
	cmd  *exec.Cmd
	fn   func(p *os.Process)
}

func (h *startHook) Read([]byte) (int, error) {
	h.once.Do(func() { h.fn(h.cmd.Process) })
	return 0, io.EOF
}
