//go:build !windows

package main

// attachParentConsole does nothing: only Windows separates window programs
// from console ones.
func attachParentConsole() {}
