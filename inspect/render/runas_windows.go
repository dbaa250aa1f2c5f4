package render

import "os/exec"

// runAs is empty on Windows: a browser there never runs as root, so it
// keeps its sandbox as the user who started Cutoff.
type runAs struct{}

// unprivileged returns nil: there is no other user to run as.
func unprivileged() *runAs { return nil }

// giveTo does nothing: the profile folder is already the user's.
func giveTo(string, *runAs) error { return nil }

// runAsUser does nothing: see runAs.
func runAsUser(*exec.Cmd, *runAs) {}
