package cli

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/cutoffapp/cutoff/history"
)

// cliChildEnv makes the test binary run the command line on its arguments
// instead of the tests, so that a test can signal a real process.
const cliChildEnv = "CUTOFF_TEST_RUN_CLI"

// TestMain runs the command line instead of the tests when the test binary
// is started as a child by a test that signals a real process (see
// cliChildEnv); otherwise it points the history at a file of its own, so
// that the package's tests, and the children they start, never write to
// the user's history.
func TestMain(m *testing.M) {
	if os.Getenv(cliChildEnv) == "1" {
		// Until Run listens, a signal is dropped here rather than ending
		// the process; fd 3 tells the test it may start signalling.
		signal.Notify(make(chan os.Signal, 1), os.Interrupt, syscall.SIGTERM)
		ready := os.NewFile(3, "ready")
		ready.Write([]byte{1})
		ready.Close()
		os.Exit(Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	// The sentences the tests read are English whatever the machine's
	// locale; the tests of --lang ask for their languages.
	os.Setenv("LC_ALL", "C.UTF-8")
	dir, err := os.MkdirTemp("", "cutoff-cli-history")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv(history.EnvFile, filepath.Join(dir, "history.sqlite"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
