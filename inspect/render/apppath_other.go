//go:build !windows

package render

// appPath returns "": only Windows has App Paths.
func appPath(string) string { return "" }
