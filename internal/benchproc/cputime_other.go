//go:build !unix

package benchproc

import "time"

// ProcessCPU is 0 where the process's CPU time is not known.
func ProcessCPU() time.Duration { return 0 }
