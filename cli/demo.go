package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// runDemo serves the embedded demo site until interrupted; the first line of
// stdout is its base URL.
func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo")
	addr := fs.String("addr", "127.0.0.1:0", i18n.T("cli.flag-addr"))
	rest, err := parseArgs(fs, args)
	if err != nil {
		if err == errHelp {
			return commandHelp(stdout, fs, "cli.usage-demo")
		}
		return usageError(stderr, err.Error())
	}
	if len(rest) > 0 {
		return usageError(stderr, i18n.T("cli.no-arguments", "Command", "demo", "Arg", strconv.Quote(rest[0])))
	}
	srv, err := demosite.Start(*addr)
	if err != nil {
		if errors.Is(err, demosite.ErrNotLoopback) {
			return usageError(stderr, i18n.T("cli.demo-not-loopback", "Addr", strconv.Quote(*addr)))
		}
		reason := err // the listener's own error, without the package's wrapping
		if cause := errors.Unwrap(err); cause != nil {
			reason = cause
		}
		return usageError(stderr, i18n.T("cli.demo-cannot-listen", "Addr", *addr, "Reason", reason.Error()))
	}
	defer srv.Close()
	fmt.Fprintln(stdout, srv.URL)
	fmt.Fprintln(stderr, i18n.T("cli.demo-serving", "URL", srv.BigURL()))
	<-ctx.Done()
	return exitOK
}
