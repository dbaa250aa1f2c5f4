package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/cutoffapp/cutoff/fetch/demosite"
)

// runDemo serves the embedded demo site until interrupted; the first line of
// stdout is its base URL.
func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo")
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on")
	rest, err := parseArgs(fs, args)
	if err != nil {
		if err == errHelp {
			return commandHelp(stdout, fs, "[--addr 127.0.0.1:0]")
		}
		return usageError(stderr, "%v", err)
	}
	if len(rest) > 0 {
		return usageError(stderr, "demo takes no arguments, got %q", rest[0])
	}
	srv, err := demosite.Start(*addr)
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	defer srv.Close()
	fmt.Fprintln(stdout, srv.URL)
	fmt.Fprintf(stderr, "Serving the demo site; its truncated page is %s. Press Ctrl+C to stop.\n", srv.BigURL())
	<-ctx.Done()
	return exitOK
}
