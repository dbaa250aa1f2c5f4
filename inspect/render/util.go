package render

import (
	"fmt"
	"os"
	"strconv"
)

func itoa(n int) string { return strconv.Itoa(n) }

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// plural says "1 navigation" or "3 navigations".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return itoa(n) + " " + what + "s"
}

func ptr[T any](v T) *T { return &v }

func debugf(format string, args ...any) {
	if os.Getenv("CUTOFF_RENDER_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, format+"\n", args...)
	}
}
