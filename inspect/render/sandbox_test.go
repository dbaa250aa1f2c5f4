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
