// Package benchproc is what the process benchmarks share: a server in a
// process of its own (the test binary started again), so that serving is
// not counted in the measured process's CPU time, and that process's CPU
// time and peak memory.
package benchproc

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// StartServer starts the test binary again with env set to value, reads
// the first line it prints (its URL) and returns it; the process ends with
// the benchmark, when its standard input closes. The test binary's
// TestMain serves when it finds env set (see Serve).
func StartServer(b testing.TB, env, value string) string {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), env+"="+value)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		b.Fatalf("server process: %v", err)
	}
	return strings.TrimSpace(line)
}

// Serve serves h on a loopback port, prints its base URL and path, and
// returns when standard input closes: the server side of StartServer.
func Serve(h http.Handler, path string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	fmt.Println("http://" + ln.Addr().String() + path)
	io.Copy(io.Discard, os.Stdin)
	return srv.Close()
}

// ResetPeakRSS resets the kernel's high-water mark of this process's
// resident memory (Linux; elsewhere nothing happens).
func ResetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// PeakRSS is this process's peak resident memory (VmHWM) in bytes, 0 when
// /proc does not say.
func PeakRSS() int64 {
	status, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmHWM:" && f[2] == "kB" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}
