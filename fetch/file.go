package fetch

import (
	"errors"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// ReadFile reads a local file as if a crawler had fetched it as profile p:
// the file is the decoded body, opt.HeaderBytes stands for the header block
// (0 when unset), and the same limit and accounting apply. Without opt.Cap
// a regular file is read whole, up to MaxCap; never further. Result.Local
// is true; URL is path and FinalURL its file:// URL. Errors wrap ErrFile (a
// usage error).
func ReadFile(path string, p Profile, opt Options) (*Result, error) {
	file, err := openBounded(path, opt.timeout())
	if err != nil {
		return nil, fileError(path, err)
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return nil, fileError(path, err)
	}
	if info.IsDir() {
		return nil, newError("file", path, ErrFile, nil, "file-folder", "Path", path)
	}
	res := &Result{URL: path, FinalURL: fileURL(path), Redirects: []Hop{}, Local: true,
		Accounting: Accounting{HeaderBytes: max(opt.HeaderBytes, 0)}, UserAgent: p.UserAgent(opt.ChromeVersion),
		AcceptEncoding: p.AcceptEncoding}
	length := int64(-1)
	if info.Mode().IsRegular() {
		length = info.Size()
	}
	if opt.Cap <= 0 && length > 0 {
		// A file's size is known and it costs no network: read all of it
		// (up to MaxCap), so what lies past a far cutoff is shown too.
		opt.Cap = max(min(length, MaxCap), DefaultCap(p.LimitFor(KindHTML).Bytes))
	}
	counter := &wireCounter{r: file}
	if err := collect(counter, length, p, opt, res); err != nil {
		return nil, fileError(path, err)
	}
	res.WireBodyBytes = counter.n
	return res, nil
}

// fileError describes a file that cannot be read.
func fileError(path string, err error) *Error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return newError("file", path, ErrFile, err, "file-missing", "Path", path)
	case errors.Is(err, syscall.ELOOP):
		return newError("file", path, ErrFile, err, "file-link-loop", "Path", path)
	case errors.Is(err, fs.ErrPermission):
		return newError("file", path, ErrFile, err, "file-permission", "Path", path)
	case errors.Is(err, errPipeIdle):
		return newError("file", path, ErrFile, err, "file-pipe-idle", "Path", path, "Reason", err)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return newError("file", path, ErrFile, err, "file-pipe-timeout", "Path", path)
	case errors.Is(err, io.ErrNoProgress):
		return newError("file", path, ErrFile, err, "file-no-progress", "Path", path)
	}
	return newError("file", path, ErrFile, err, "file-unreadable", "Path", path, "Cause", rootCause(err))
}

// fileURL returns the file:// URL of path, or path itself when it has no
// absolute form.
func fileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// errPipeIdle says that nothing opened a named pipe's other end in time.
var errPipeIdle error = &sentinel{"", "fetch.err-pipe-idle"}

// pipeIdle is errPipeIdle after the time it was given: "nothing opened it
// for writing within 5s".
type pipeIdle struct{ after time.Duration }

func (p *pipeIdle) Error() string {
	return i18n.T("fetch.pipe-idle-within", "Duration", humanDuration(p.after))
}

func (p *pipeIdle) Unwrap() error { return errPipeIdle }

// openedFile is the outcome of an open that runs on its own goroutine.
type openedFile struct {
	f   *os.File
	err error
}

// openBounded opens path. Opening a named pipe blocks until a writer opens
// its other end, and reading it blocks until the writer writes, in system
// calls that no signal interrupts: both are bounded by d, so that a pipe
// nobody feeds ends in an error rather than a hang.
func openBounded(path string, d time.Duration) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		return os.Open(path)
	}
	done := make(chan openedFile, 1)
	go func() {
		f, err := os.Open(path)
		done <- openedFile{f, err}
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case o := <-done:
		if o.err == nil {
			_ = o.f.SetReadDeadline(time.Now().Add(d)) // best effort: pipes are pollable
		}
		return o.f, o.err
	case <-timer.C:
		go closeLate(done) // the open may still succeed later: close that file
		return nil, &pipeIdle{d}
	}
}

// closeLate closes the file of an open that finished after it was given up.
func closeLate(done <-chan openedFile) {
	if o := <-done; o.err == nil {
		o.f.Close()
	}
}
