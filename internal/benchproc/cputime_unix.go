//go:build unix

package benchproc

import (
	"syscall"
	"time"
)

// ProcessCPU is the CPU time this process has used, all threads (garbage
// collector included), or 0 when unknown. Unlike wall time it does not
// grow when other processes take the machine.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
