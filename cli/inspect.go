package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
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
	fs.Int64Var(&f.limit, "limit", 0, i18n.T("cli.flag-limit"))
	fs.Int64Var(&f.cap, "cap", 0, i18n.T("cli.flag-cap"))
	fs.Int64Var(&f.headerBytes, "header-bytes", 0, i18n.T("cli.flag-header-bytes"))
	fs.BoolVar(&f.noResources, "no-resources", false, i18n.T("cli.flag-no-resources"))
	fs.BoolVar(&f.skipBlocked, "skip-blocked", false, i18n.T("cli.flag-skip-blocked"))
	fs.BoolVar(&f.insecure, "insecure", false, i18n.T("cli.flag-insecure-report"))
	fs.StringVar(&f.failOn, "fail-on", "", i18n.T("cli.flag-fail-on"))
	fs.StringVar(&f.out, "out", "", i18n.T("cli.flag-out"))
	fs.StringVar(&f.format, "format", "", i18n.T("cli.flag-format-inspect"))
	fs.StringVar(&f.chrome, "chrome-version", "", i18n.T("cli.flag-chrome-version", "Version", fetch.DefaultChromeVersion))
	fs.StringVar(&f.whatIf, "what-if", "", i18n.T("cli.flag-what-if", "Kinds", whatIfNames))
	fs.StringVar(&f.whatIfOut, "what-if-out", "", i18n.T("cli.flag-what-if-out"))
	f.render.register(fs)
	f.history.register(fs)
}

// whatIfNames are the kinds --what-if takes.
const whatIfNames = "scripts, styles, style-attributes, data-uris, comments, whitespace"

const inspectUsage = "cli.usage-inspect"

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
			sayLine(stderr, i18n.T("cli.write-failed-file", "File", fl.whatIfOut, "Error", err.Error()))
			return nil, exitUsage, false
		}
	}
	sayLine(stderr, i18n.T("cli.what-if-applied", "Kinds", fl.whatIfKinds.String(), "Count", len(moved.Moves),
		"Before", r.BodyBytes, "After", sim.BodyBytes))
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
		return nil, "", usageError(stderr, err.Error()), false
	}
	if len(rest) != 1 {
		return nil, "", usageError(stderr, i18n.T("cli.takes-one-target", "Command", name, "Count", len(rest))), false
	}
	if name == "render" {
		fl.render.on = true
	}
	if code, ok := fl.validate(stderr); !ok {
		return nil, "", code, false
	}
	if fl.out != "" && sameFile(fl.out, rest[0]) {
		return nil, "", usageError(stderr, i18n.T("cli.out-is-input", "File", fl.out)), false
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
		return usageError(stderr, i18n.T("cli.fail-on-invalid", "Value", strconv.Quote(fl.failOn))), false
	case fl.limit < 0 || fl.cap < 0 || fl.headerBytes < 0:
		return usageError(stderr, i18n.T("cli.byte-flags-negative")), false
	case fl.limit > fetch.MaxCap || fl.cap > fetch.MaxCap:
		return usageError(stderr, i18n.T("cli.byte-flags-too-large", "Max", strconv.FormatInt(fetch.MaxCap, 10))), false
	case fl.render.timeout < 0:
		return usageError(stderr, i18n.T("cli.render-timeout-negative")), false
	case fl.render.screenshot != "" && !fl.render.on:
		return usageError(stderr, i18n.T("cli.screenshot-needs-render")), false
	case fl.whatIfOut != "" && fl.whatIf == "":
		return usageError(stderr, i18n.T("cli.what-if-out-needs-what-if")), false
	}
	if fl.whatIf != "" {
		kinds, err := whatif.ParseKinds(fl.whatIf)
		if err != nil {
			return usageError(stderr, i18n.T("cli.what-if-invalid", "Kinds", whatIfNames, "Error", err.Error())), false
		}
		fl.whatIfKinds = kinds
	}
	return outFormat(stderr, fl.out, &fl.format, report.IsFormat, i18n.T("cli.formats-inspect"))
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
			sayLine(stderr, i18n.T("cli.write-failed-file", "File", fl.out, "Error", err.Error()))
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
		sayLine(stderr, i18n.T("cli.write-failed-report", "Error", err.Error()))
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
