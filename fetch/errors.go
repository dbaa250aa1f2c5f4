package fetch

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Sentinel errors. Every error a Fetch or ReadFile returns is an *Error
// that wraps one of them (or context.Canceled when the caller cancelled).
var (
	// Bad input; IsUsageError reports true for these.
	ErrEmptyURL          error = &sentinel{"fetch: ", "fetch.err-empty-url"}
	ErrInvalidURL        error = &sentinel{"fetch: ", "fetch.err-invalid-url"}
	ErrUnsupportedScheme error = &sentinel{"fetch: ", "fetch.err-unsupported-scheme"}
	ErrFile              error = &sentinel{"fetch: ", "fetch.err-file"}
	ErrInvalidProfile    error = &sentinel{"fetch: ", "fetch.err-invalid-profile"}

	// Fetch failures.
	ErrDNS               error = &sentinel{"fetch: ", "fetch.err-dns"}
	ErrConnect           error = &sentinel{"fetch: ", "fetch.err-connect"}
	ErrTLS               error = &sentinel{"fetch: ", "fetch.err-tls"}
	ErrTimeout           error = &sentinel{"fetch: ", "fetch.err-timeout"}
	ErrNoResponse        error = &sentinel{"fetch: ", "fetch.err-no-response"}
	ErrMalformedResponse error = &sentinel{"fetch: ", "fetch.err-malformed-response"}
	ErrHeaderTooLarge    error = &sentinel{"fetch: ", "fetch.err-header-too-large"}
	ErrTooManyRedirects  error = &sentinel{"fetch: ", "fetch.err-too-many-redirects"}
	ErrBadRedirect       error = &sentinel{"fetch: ", "fetch.err-bad-redirect"}
)

// sentinel is an error errors.Is tells apart by its identity; its text
// is the catalog's message id, in the language in use when it is read,
// after prefix (the package's name for the exported ones).
type sentinel struct{ prefix, id string }

func (s *sentinel) Error() string { return s.prefix + i18n.T(s.id) }

// Error is a failed fetch or file read. Its message is one plain sentence, in
// the language in use, meant for the person who asked for the fetch.
type Error struct {
	URL string // the URL or file path concerned
	// Op is the step that failed: "url", "profile", "file", "dns",
	// "connect", "tls", "request", "response", "redirect" or "body" (a
	// cancellation while the body was arriving).
	Op  string
	Err error // the cause; wraps a sentinel error of this package
	// id and args are the catalog message of the sentence, said when
	// Error is called: in the language in use then, so that a report
	// retold in another language says its failures in that one too.
	id   string
	args []any
}

// Error returns the one-sentence description.
func (e *Error) Error() string {
	if e.id != "" {
		return i18n.T(e.id, e.args...)
	}
	return i18n.T("fetch.failed", "Op", e.Op, "URL", e.URL, "Cause", e.Err)
}

// Unwrap returns the cause, so errors.Is matches the sentinel errors and
// context.Canceled.
func (e *Error) Unwrap() error { return e.Err }

// IsUsageError reports whether err is the caller's mistake (an empty or
// invalid URL, an unsupported scheme, an unreadable file, an invalid
// profile) rather than a failure of the fetch itself. The command line exits
// with 2 for the first and 3 for the second.
func IsUsageError(err error) bool {
	for _, target := range []error{ErrEmptyURL, ErrInvalidURL, ErrUnsupportedScheme, ErrFile, ErrInvalidProfile} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// newError builds an *Error whose cause wraps sentinel and, when not nil,
// cause; its sentence is the catalog's message "fetch."+id filled with
// args (name, value pairs), in the language in use when it is read.
func newError(op, target string, sentinel, cause error, id string, args ...any) *Error {
	err := sentinel
	if cause != nil {
		err = fmt.Errorf("%w: %w", sentinel, cause)
	}
	return &Error{URL: target, Op: op, Err: err, id: "fetch." + id, args: args}
}

// timeoutCause is the context cause of a phase's time budget running out.
type timeoutCause struct {
	phase string // "connect", "tls", "first-byte" or "fetch"
	after time.Duration
}

func (t *timeoutCause) Error() string {
	return "fetch: " + t.phase + " timeout after " + humanDuration(t.after)
}

func (t *timeoutCause) Unwrap() error { return ErrTimeout }

// interruption returns why ctx ended, or nil while it is live.
func interruption(ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	return context.Cause(ctx)
}

// humanDuration formats d for a sentence: "300ms", "30s", "1.5s", "2m".
func humanDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	case d%time.Minute == 0:
		return strconv.FormatInt(int64(d/time.Minute), 10) + "m"
	case d < time.Minute:
		return strconv.FormatFloat(d.Round(time.Millisecond).Seconds(), 'f', -1, 64) + "s"
	}
	return d.Round(time.Second).String()
}
