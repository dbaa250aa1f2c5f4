package render

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// spawnerEnv makes the test binary act as a browser: with "parent" it
// starts itself as a "child", prints the child's pid and waits; with
// "child" it waits.
const spawnerEnv = "CUTOFF_TEST_SPAWNER"

func TestMain(m *testing.M) {
	switch os.Getenv(spawnerEnv) {
	case "parent":
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), spawnerEnv+"=child")
		if err := child.Start(); err != nil {
			os.Exit(3)
		}
		fmt.Println(child.Process.Pid)
		time.Sleep(time.Minute)
		os.Exit(0)
	case "child":
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// running reports whether process pid has not exited.
func running(pid int) bool {
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if err != nil {
		return false
	}
	defer windows.CloseHandle(h)
	ev, _ := windows.WaitForSingleObject(h, 0)
	return ev == uint32(windows.WAIT_TIMEOUT)
}

// TestJobEndsEveryProcess: a process started with ownGroup runs (it was
// started suspended and resumed), the process it starts joins its job, and
// killGroup ends both.
func TestJobEndsEveryProcess(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), spawnerEnv+"=parent")
	ownGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	child, perr := strconv.Atoi(line[:max(0, len(line)-1)])
	if err != nil || perr != nil {
		t.Fatalf("the started process did not run and print its child's pid: %q %v %v", line, err, perr)
	}
	parent := cmd.Process.Pid
	if n := groupSize(parent); n != 2 {
		t.Errorf("the job holds %d processes, want 2 (the process and its child)", n)
	}
	killGroup(parent)
	_ = cmd.Wait()
	if running(parent) || running(child) {
		t.Errorf("still running after killGroup: parent %v, child %v", running(parent), running(child))
	}
	if n := groupSize(parent); n != 0 {
		t.Errorf("groupSize after killGroup = %d, want 0", n)
	}
}
