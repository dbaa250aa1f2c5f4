//go:build !unix

package inspect

import "time"

// processCPU is unknown on this system.
func processCPU() time.Duration { return 0 }
