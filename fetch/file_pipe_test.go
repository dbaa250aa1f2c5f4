//go:build unix

package fetch

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFileIdlePipe: a named pipe nobody writes to, or whose writer
// never sends, ends in a file error within the timeout instead of a hang.
func TestReadFileIdlePipe(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		openWriter bool // a writer opens the pipe but never writes
	}{
		{"no writer", false},
		{"silent writer", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "pipe")
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Skipf("cannot make a named pipe: %v", err)
			}
			if tt.openWriter {
				go func() {
					w, err := os.OpenFile(path, os.O_WRONLY, 0)
					if err == nil {
						time.Sleep(2 * time.Second)
						w.Close()
					}
				}()
			}
			start := time.Now()
			_, err := ReadFile(path, mustProfile(t, DefaultProfileID), Options{Timeout: 200 * time.Millisecond})
			if got, want := errors.Is(err, ErrFile), true; got != want {
				t.Errorf("errors.Is(err, ErrFile) = %v, want %v (err %v)", got, want, err)
			}
			if got := time.Since(start); got > 1500*time.Millisecond {
				t.Errorf("ReadFile took %v on an idle pipe, want about the 200ms timeout", got)
			}
		})
	}
}

// TestReadFileFedPipe: a pipe whose writer sends a page is read as usual.
func TestReadFileFedPipe(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("cannot make a named pipe: %v", err)
	}
	page := "<title>piped</title>"
	go func() {
		if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			w.WriteString(page)
			w.Close()
		}
	}()
	res, err := ReadFile(path, mustProfile(t, DefaultProfileID), Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Body), page; got != want {
		t.Errorf("Body = %q, want %q", got, want)
	}
}
