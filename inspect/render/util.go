package render

import (
	"fmt"
	"os"
	"strconv"
)

func itoa(n int) string { return strconv.Itoa(n) }

func ptr[T any](v T) *T { return &v }

func debugf(format string, args ...any) {
	if os.Getenv("CUTOFF_RENDER_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, format+"\n", args...)
	}
}
