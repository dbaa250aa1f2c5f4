//go:build unix

package cli

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// child is the command line running in its own process.
type child struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{}
	err            error // of Wait, once done is closed
}

// startChild starts `cutoff args...` as a process of the test binary, in
// the folder dir ("": the test's); its standard input is a pipe the test
// holds open and never writes to.
func startChild(t *testing.T, dir string, args ...string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(os.Args[0], args...), done: make(chan struct{})}
	c.cmd.Env = append(os.Environ(), cliChildEnv+"=1")
	c.cmd.Dir = dir
	c.cmd.Stdout, c.cmd.Stderr = &c.stdout, &c.stderr
	stdin, err := c.cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	readyR, readyW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer readyR.Close()
	c.cmd.ExtraFiles = []*os.File{readyW}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	readyW.Close()
	if _, err := readyR.Read(make([]byte, 1)); err != nil {
		t.Fatalf("the child did not start: %v", err)
	}
	go func() {
		c.err = c.cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(func() {
		stdin.Close()
		c.cmd.Process.Kill()
		<-c.done
	})
	return c
}

// exitCode waits, at most 30 seconds, for the process to exit and returns
// its exit code.
func (c *child) exitCode(t *testing.T) int {
	t.Helper()
	select {
	case <-c.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("the process did not exit (stderr %q)", c.stderr.String())
	}
	var exit *exec.ExitError
	if errors.As(c.err, &exit) {
		return exit.ExitCode()
	}
	return 0
}

// interrupt sends sig until the process exits, at most for limit, and
// returns its exit code, or -1 when it had to be killed. The signal is sent
// again because the first may come before Run listens for it.
func (c *child) interrupt(t *testing.T, sig syscall.Signal, limit time.Duration) int {
	t.Helper()
	deadline := time.After(limit)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		c.cmd.Process.Signal(sig)
		select {
		case <-c.done:
			return c.exitCode(t)
		case <-deadline:
			c.cmd.Process.Kill()
			<-c.done
			return -1
		case <-tick.C:
		}
	}
}

// waitBlocked waits, at most 5 seconds, until a thread of the process
// sleeps in the kernel opening a named pipe nobody writes to or reading an
// empty pipe (or, the pipe being polled, waits for the poller with nothing
// else to do): the hang a signal must end. Where /proc does not tell, it
// returns at once and the signals come when they come.
func (c *child) waitBlocked(t *testing.T) {
	t.Helper()
	tasks := filepath.Join("/proc", strconv.Itoa(c.cmd.Process.Pid), "task")
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		ids, err := os.ReadDir(tasks)
		if err != nil {
			return
		}
		for _, id := range ids {
			wchan, _ := os.ReadFile(filepath.Join(tasks, id.Name(), "wchan"))
			switch string(wchan) {
			case "wait_for_partner", "pipe_read", "anon_pipe_read", "pipe_wait", // in open or read
				"do_epoll_wait", "ep_poll": // idle: its one goroutine waits for a polled pipe
				return
			}
		}
	}
	t.Logf("the process was not seen blocked on a pipe; signalling anyway")
}

// TestInterruptWhileReadingInput interrupts commands blocked reading
// standard input or opening a named pipe nobody writes to: each ends at
// once with exit code 130 and one sentence.
func TestInterruptWhileReadingInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := func(name string) string {
		path := filepath.Join(dir, name)
		if err := syscall.Mkfifo(path, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		name string
		args []string
		sig  syscall.Signal
	}{
		{"site --urls -", []string{"site", "--urls", "-"}, syscall.SIGINT},
		{"verify --log /dev/stdin", []string{"verify", "--log", "/dev/stdin"}, syscall.SIGTERM},
		{"robots --urls-file /dev/stdin", []string{"robots", "--urls-file", "/dev/stdin", "http://127.0.0.1:1/"}, syscall.SIGINT},
		{"site --urls FIFO", []string{"site", "--urls", fifo("urls")}, syscall.SIGTERM},
		{"site --resume FIFO", []string{"site", "--crawl", "http://127.0.0.1:1/", "--resume", fifo("resume")}, syscall.SIGINT},
		{"robots --file FIFO", []string{"robots", "--file", fifo("robots.txt"), "/a"}, syscall.SIGTERM},
		{"verify --log FIFO", []string{"verify", "--log", fifo("access.log")}, syscall.SIGINT},
		{"inspect FIFO", []string{"inspect", fifo("page.html")}, syscall.SIGTERM},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := startChild(t, "", tt.args...)
			c.waitBlocked(t)
			began := time.Now()
			code := c.interrupt(t, tt.sig, 10*time.Second)
			took := time.Since(began)
			if code != exitInterrupted || took > 2*time.Second {
				t.Errorf("exit %d after %v, want %d at once (stderr %q)", code, took, exitInterrupted, c.stderr.String())
			}
			checkInterruptedSentence(t, c)
		})
	}
}

// checkInterruptedSentence checks that stderr says the run was interrupted,
// in one sentence, and stdout is empty.
func checkInterruptedSentence(t *testing.T, c *child) {
	t.Helper()
	stderr := strings.TrimSpace(c.stderr.String())
	if !strings.Contains(stderr, "interrupted") || strings.Contains(stderr, "\n") {
		t.Errorf("stderr %q, want one sentence saying it was interrupted", stderr)
	}
}

// hangingServer serves a page at / that loads /hang.js, and answers
// /hang.js and /slow never; hit receives each path as its request arrives.
func hangingServer(t *testing.T) (url string, hit <-chan string) {
	t.Helper()
	hits := make(chan string, 16)
	release := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case hits <- r.URL.Path:
		default:
		}
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<!doctype html><title>Waits</title><script src="/hang.js"></script><h1>Hi</h1>`))
		case "/hang.js", "/slow":
			select {
			case <-release:
			case <-r.Context().Done():
			}
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(func() {
		once.Do(func() { close(release) })
		srv.Close()
	})
	return srv.URL, hits
}

// waitHit waits until the server sees a request for path.
func waitHit(t *testing.T, hits <-chan string, path string) {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case p := <-hits:
			if p == path {
				return
			}
		case <-timeout:
			t.Fatalf("no request for %s came", path)
		}
	}
}

// TestInterruptExitCode interrupts a fetch and renders in progress: every
// command exits 130, where an interrupted render printed its cancelled
// report and exited 0, and an interrupted inspect exited 3.
func TestInterruptExitCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		args   []string // the URL follows
		path   string   // the request in progress when the signal comes
		render bool
	}{
		{"inspect", []string{"inspect", "--timeout", "60s"}, "/slow", false},
		{"render", []string{"render", "--render-timeout", "60s"}, "/hang.js", true},
		{"inspect --render", []string{"inspect", "--no-resources", "--render", "--render-timeout", "60s"}, "/hang.js", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.render {
				needBrowser(t)
			}
			t.Parallel()
			base, hits := hangingServer(t)
			target := base + "/"
			if tt.path == "/slow" {
				target = base + "/slow"
			}
			c := startChild(t, "", append(tt.args, target)...)
			waitHit(t, hits, tt.path)
			began := time.Now()
			code := c.interrupt(t, syscall.SIGINT, 20*time.Second)
			if code != exitInterrupted {
				t.Errorf("exit %d after %v, want %d (stdout %q, stderr %q)", code, time.Since(began), exitInterrupted,
					c.stdout.String(), c.stderr.String())
			}
			checkInterruptedSentence(t, c)
		})
	}
}

// TestHelpNamesInterruptedCode checks that the help lists exit code 130.
func TestHelpNamesInterruptedCode(t *testing.T) {
	t.Parallel()
	if code, stdout, _ := run(t, "help"); code != exitOK || !strings.Contains(stdout, "130 interrupted (Ctrl+C or SIGTERM)") {
		t.Errorf("help (exit %d) does not name exit code 130:\n%s", code, stdout)
	}
}
