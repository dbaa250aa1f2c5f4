//go:build linux

package render

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestBrowserKeepsItsSandbox starts the browser and reads its processes'
// command lines and owners: no process runs with --no-sandbox, and when
// the tests run as root none runs as root (the browser runs as an
// unprivileged user, which Chromium sandboxes). Where the system allows
// no sandbox at all, the browser must say so instead.
func TestBrowserKeepsItsSandbox(t *testing.T) {
	needBrowser(t)
	path, _ := FindBrowser("")
	b, err := Start(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if why := b.Unsandboxed(); why != "" {
		t.Skipf("no sandbox on this system: %s", why)
	}
	pids := groupMembers(b.pgid)
	if len(pids) == 0 {
		t.Fatal("no browser process found")
	}
	for _, pid := range pids {
		dir := "/proc/" + strconv.Itoa(pid)
		cmd, _ := os.ReadFile(dir + "/cmdline")
		if strings.Contains(string(cmd), "--no-sandbox") {
			t.Errorf("process %d runs with --no-sandbox: %s", pid, strings.ReplaceAll(string(cmd), "\x00", " "))
		}
		status, _ := os.ReadFile(dir + "/status")
		for line := range strings.SplitSeq(string(status), "\n") {
			if f := strings.Fields(line); len(f) > 1 && f[0] == "Uid:" && f[1] == "0" && os.Getuid() == 0 {
				t.Errorf("process %d runs as root", pid)
			}
		}
	}
}

// TestBrowserWithoutSandboxSaysSo runs, as root, a browser that the
// unprivileged user cannot start (its path is in a directory only root may
// enter): the browser falls back to running without its sandbox and says
// so in one sentence.
func TestBrowserWithoutSandboxSaysSo(t *testing.T) {
	needBrowser(t)
	if os.Getuid() != 0 {
		t.Skip("only root falls back to a browser without its sandbox")
	}
	path, _ := FindBrowser("")
	dir := t.TempDir() // 0700, root's
	link := dir + "/chromium"
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	b, err := Start(context.Background(), link)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if why := b.Unsandboxed(); !strings.HasPrefix(why, "The browser ran without its sandbox: Cutoff runs as root") ||
		!strings.HasSuffix(why, ".") {
		t.Errorf("Unsandboxed() = %q", why)
	}
}
