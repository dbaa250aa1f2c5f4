//go:build unix

package render

import (
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"syscall"
)

// runAs is the user a browser started by root runs as, so that it keeps
// its sandbox (Chromium refuses the sandbox to root).
type runAs = syscall.Credential

// unprivileged returns the user a browser started by root runs as, with
// its sandbox: "nobody", or nil when this process is not root.
func unprivileged() *runAs {
	if os.Getuid() != 0 {
		return nil
	}
	uid, gid := uint32(65534), uint32(65534)
	if u, err := user.Lookup("nobody"); err == nil {
		if n, err := strconv.ParseUint(u.Uid, 10, 32); err == nil {
			uid = uint32(n)
		}
		if n, err := strconv.ParseUint(u.Gid, 10, 32); err == nil {
			gid = uint32(n)
		}
	}
	return &runAs{Uid: uid, Gid: gid, Groups: []uint32{}}
}

// giveTo makes dir the user's, for the browser's profile.
func giveTo(dir string, as *runAs) error { return os.Chown(dir, int(as.Uid), int(as.Gid)) }

// runAsUser has cmd run as the user, when as is set.
func runAsUser(cmd *exec.Cmd, as *runAs) {
	if as == nil {
		return
	}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.Credential = as
}
