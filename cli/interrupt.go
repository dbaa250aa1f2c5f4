package cli

import (
	"context"
	"errors"
	"io"
	"time"
)

// exitInterrupted is the exit code of every subcommand stopped by Ctrl+C or
// SIGTERM, the shell's convention for SIGINT.
const exitInterrupted = 130

// errInterrupted ends a read that Ctrl+C or SIGTERM cut short.
var errInterrupted = errors.New("interrupted")

// interruptGrace is how long a subcommand has, after Ctrl+C or SIGTERM, to
// stop its own way (a crawl writes the rows it has; a render closes its
// browser, which takes 1 to 3 s on a loaded 2-core machine, and which
// would outlive the process otherwise) before Run returns without it.
// Blocked reads do not wait for it (untilInterrupted).
const interruptGrace = 10 * time.Second

// interruptedSentence is what stderr says of an interruption, unless the
// subcommand said more.
const interruptedSentence = "interrupted (Ctrl+C or SIGTERM)"

// untilInterrupted runs read, typically the opening and reading of an input
// file, and returns its outcome, or errInterrupted as soon as ctx ends:
// opening a named pipe nobody writes to and reading standard input block
// in system calls that no signal interrupts. The read goes on in the
// background until it returns; the process is about to exit.
func untilInterrupted[T any](ctx context.Context, read func() (T, error)) (T, error) {
	type outcome struct {
		v   T
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		v, err := read()
		done <- outcome{v, err}
	}()
	select {
	case o := <-done:
		return o.v, o.err
	case <-ctx.Done():
		var zero T
		return zero, errInterrupted
	}
}

// interrupted says the command was interrupted and returns exitInterrupted.
func interrupted(stderr io.Writer) int {
	say(stderr, interruptedSentence)
	return exitInterrupted
}

// runInterruptible runs a subcommand and returns its exit code, or
// exitInterrupted when ctx ended first (Ctrl+C or SIGTERM): at once when
// the subcommand returns within interruptGrace of the signal, at the end
// of the grace otherwise, so that no blocked read or browser outlives it.
func runInterruptible(ctx context.Context, run func() int, say func(string)) int {
	done := make(chan int, 1)
	go func() { done <- run() }()
	var code int
	select {
	case code = <-done:
	case <-ctx.Done():
		select {
		case code = <-done:
		case <-time.After(interruptGrace):
			code = -1
		}
	}
	if ctx.Err() == nil {
		return code
	}
	if code != exitInterrupted { // a subcommand that returns it has said why
		say(interruptedSentence)
	}
	return exitInterrupted
}
