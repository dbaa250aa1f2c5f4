package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// inspectFlags are the flags of `cutoff inspect`.
type inspectFlags struct {
	commonFlags
	limit, cap, headerBytes int64
	noResources, insecure   bool
	skipBlocked             bool
	failOn, out, format     string
	chrome                  string
	whatIf, whatIfOut       string
	whatIfKinds             whatif.Kinds
	render                  renderFlags
	history                 historyFlags
}

func (f *inspectFlags) register(fs *flag.FlagSet) {
	fs.Int64Var(&f.limit, "limit", 0, "override the profile's byte limit")
	fs.Int64Var(&f.cap, "cap", 0, "how far to read past the cutoff, in bytes (default 4 × the limit, at most 256 MiB)")
	fs.Int64Var(&f.headerBytes, "header-bytes", 0, "header bytes to count for a local file")
	fs.BoolVar(&f.noResources, "no-resources", false, "do not fetch subresources")
	fs.BoolVar(&f.skipBlocked, "skip-blocked", false, "do not fetch subresources robots.txt disallows (by default they are fetched for information)")
	fs.BoolVar(&f.insecure, "insecure", false, "accept bad TLS certificates (said in the report)")
	fs.StringVar(&f.failOn, "fail-on", "", "exit 1 when a finding of this severity or worse exists: critical or warning")
	fs.StringVar(&f.out, "out", "", "write a report file")
	fs.StringVar(&f.format, "format", "", "report file format: json, csv or html (default: from --out's extension)")
	fs.StringVar(&f.chrome, "chrome-version", "", "Chrome version filled into the User-Agent (default: "+fetch.DefaultChromeVersion+")")
	fs.StringVar(&f.whatIf, "what-if", "", "report on the page as it would be with these moved out, a comma-separated list of "+whatIfNames+", or all")
	fs.StringVar(&f.whatIfOut, "what-if-out", "", "with --what-if, write the edited page to this file (to diff against the page)")
	f.render.register(fs)
	f.history.register(fs)
}

// whatIfNames are the kinds --what-if takes.
const whatIfNames = "scripts, styles, style-attributes, data-uris, comments, whitespace"

const inspectUsage = "[flags] URL|FILE"

// runInspect fetches a URL (or reads a file) as a crawler profile, analyses
// it and reports; with --render it renders it too.
func runInspect(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl, target, code, ok := parseInspect("inspect", inspectUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	report, code, ok := fl.inspect(ctx, target, stderr)
	if !ok {
		return code
	}
	// The history keeps the page as fetched, never a simulated edit of it.
	fl.history.saveInspection(ctx, report, stderr)
	if fl.whatIf != "" {
		if report, code, ok = fl.simulate(report, stderr); !ok {
			return code
		}
	}
	return fl.finish(report, stdout, stderr)
}

// simulate turns r into the report of the page with --what-if's kinds
// moved out, and writes the edited page to --what-if-out; ok is false with
// the exit code when that fails.
func (fl *inspectFlags) simulate(r *inspect.Report, stderr io.Writer) (*inspect.Report, int, bool) {
	profile, ok := lookupProfile(fl.profile, stderr)
	if !ok {
		return nil, exitUsage, false
	}
	sim, moved, err := r.Simulate(fl.whatIfKinds, profile)
	if err != nil {
		say(stderr, err.Error())
		return nil, exitUsage, false
	}
	if fl.whatIfOut != "" {
		if err := os.WriteFile(fl.whatIfOut, moved.Body, 0o644); err != nil {
			fmt.Fprintf(stderr, "cutoff: could not write %s: %v.\n", fl.whatIfOut, err)
			return nil, exitUsage, false
		}
	}
	fmt.Fprintf(stderr, "cutoff: what if (%s): %s applied, the body goes from %s to %s bytes; the report is of the edited page.\n",
		fl.whatIfKinds, prose.Count(int64(len(moved.Moves)), "move", "moves"), prose.Thousands(r.BodyBytes), prose.Thousands(sim.BodyBytes))
	return sim, exitOK, true
}

// parseInspect parses the flags and the one target of inspect and render;
// ok is false with the exit code when they are wrong or help was asked.
func parseInspect(name, usage string, args []string, stdout, stderr io.Writer) (*inspectFlags, string, int, bool) {
	fl := &inspectFlags{}
	fs := newFlagSet(name)
	fl.commonFlags.register(fs)
	fl.register(fs)
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return nil, "", commandHelp(stdout, fs, usage), false
	}
	if err != nil {
		return nil, "", usageError(stderr, "%v", err), false
	}
	if len(rest) != 1 {
		return nil, "", usageError(stderr, "%s takes one URL or file, got %d arguments", name, len(rest)), false
	}
	if name == "render" {
		fl.render.on = true
	}
	if code, ok := fl.validate(stderr); !ok {
		return nil, "", code, false
	}
	if fl.out != "" && sameFile(fl.out, rest[0]) {
		return nil, "", usageError(stderr, "--out %s is the file being inspected: the report would overwrite it; name another file", fl.out), false
	}
	return fl, rest[0], exitOK, true
}

// sameFile reports whether paths a and b name one file: the same file on
// disk when both exist, the same path otherwise.
func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// inspect runs the inspection, and the renders when asked; ok is false
// with the exit code when the page could not be had.
func (fl *inspectFlags) inspect(ctx context.Context, target string, stderr io.Writer) (*inspect.Report, int, bool) {
	profile, ok := lookupProfile(fl.profile, stderr)
	if !ok {
		return nil, exitUsage, false
	}
	browser, code, ok := fl.render.browserPath(stderr)
	if !ok {
		return nil, code, false
	}
	f := &fetch.Fetcher{}
	// A local file may be a named pipe, whose opening no signal interrupts.
	report, err := untilInterrupted(ctx, func() (*inspect.Report, error) {
		return inspect.Page(ctx, f, target, profile, fl.options())
	})
	if err != nil && ctx.Err() != nil {
		return nil, interrupted(stderr), false
	}
	if err != nil {
		say(stderr, err.Error())
		if fetch.IsUsageError(err) {
			return nil, exitUsage, false
		}
		return nil, exitFetch, false
	}
	if fl.render.on {
		if err := fl.render.run(ctx, f, report, profile, browser, fl.options().Fetch); err != nil {
			say(stderr, err.Error())
			return nil, exitUsage, false
		}
	}
	return report, exitOK, true
}

// validate checks the flags' values; ok is false with the exit code when one
// is wrong.
func (fl *inspectFlags) validate(stderr io.Writer) (int, bool) {
	switch {
	case fl.failOn != "" && fl.failOn != "critical" && fl.failOn != "warning":
		return usageError(stderr, "--fail-on takes critical or warning, not %q", fl.failOn), false
	case fl.limit < 0 || fl.cap < 0 || fl.headerBytes < 0:
		return usageError(stderr, "--limit, --cap and --header-bytes take byte counts of 0 or more"), false
	case fl.limit > fetch.MaxCap || fl.cap > fetch.MaxCap:
		return usageError(stderr, "--limit and --cap take at most %d bytes (256 MiB)", fetch.MaxCap), false
	case fl.render.timeout < 0:
		return usageError(stderr, "--render-timeout takes a positive duration"), false
	case fl.render.screenshot != "" && !fl.render.on:
		return usageError(stderr, "--screenshot needs --render"), false
	case fl.whatIfOut != "" && fl.whatIf == "":
		return usageError(stderr, "--what-if-out needs --what-if"), false
	}
	if fl.whatIf != "" {
		kinds, err := whatif.ParseKinds(fl.whatIf)
		if err != nil {
			return usageError(stderr, "--what-if takes %s or all: %v", whatIfNames, err), false
		}
		fl.whatIfKinds = kinds
	}
	return outFormat(stderr, fl.out, &fl.format, report.IsFormat, "json, csv or html")
}

func (fl *inspectFlags) options() inspect.Options {
	return inspect.Options{
		Fetch: fetch.Options{
			Timeout:       fl.timeout,
			Cap:           fl.cap,
			LimitOverride: fl.limit,
			HeaderBytes:   fl.headerBytes,
			Insecure:      fl.insecure,
			ChromeVersion: fl.chrome,
		},
		NoResources:  fl.noResources,
		FetchBlocked: !fl.skipBlocked,
	}
}

// finish prints the report, writes the report file and picks the exit code.
func (fl *inspectFlags) finish(r *inspect.Report, stdout, stderr io.Writer) int {
	if fl.out != "" {
		if err := writeReportFile(fl.out, fl.format, r); err != nil {
			fmt.Fprintf(stderr, "cutoff: could not write %s: %v.\n", fl.out, err)
			return exitUsage
		}
	}
	var err error
	if fl.json {
		err = report.WriteJSON(stdout, r)
	} else {
		err = report.WriteText(stdout, r)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cutoff: could not write the report: %v.\n", err)
		return exitFetch
	}
	if fl.failOn != "" && r.HasFindingAtLeast(fl.failOn) {
		return exitFindings
	}
	return exitOK
}

func writeReportFile(path, format string, r *inspect.Report) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := report.Write(f, r, format); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
