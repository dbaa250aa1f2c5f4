package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
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
}

const inspectUsage = "[flags] URL|FILE"

// runInspect fetches a URL (or reads a file) as a crawler profile, analyses
// it and reports.
func runInspect(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var fl inspectFlags
	fs := newFlagSet("inspect")
	fl.commonFlags.register(fs)
	fl.register(fs)
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, inspectUsage)
	}
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	if len(rest) != 1 {
		return usageError(stderr, "inspect takes one URL or file, got %d arguments", len(rest))
	}
	if code, ok := fl.validate(stderr); !ok {
		return code
	}
	profile, ok := lookupProfile(fl.profile, stderr)
	if !ok {
		return exitUsage
	}
	report, err := inspect.Page(ctx, &fetch.Fetcher{}, rest[0], profile, fl.options())
	if err != nil {
		fmt.Fprintln(stderr, "cutoff: "+prose.EndSentence(err.Error()))
		if fetch.IsUsageError(err) {
			return exitUsage
		}
		return exitFetch
	}
	return fl.finish(report, stdout, stderr)
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
	case fl.format != "" && fl.out == "":
		return usageError(stderr, "--format needs --out FILE"), false
	}
	if fl.out != "" && fl.format == "" {
		fl.format = strings.TrimPrefix(strings.ToLower(filepath.Ext(fl.out)), ".")
	}
	if fl.out != "" && !inspect.IsReportFormat(fl.format) {
		return usageError(stderr, "--format takes json, csv or html, not %q", fl.format), false
	}
	return exitOK, true
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
		err = r.WriteJSON(stdout)
	} else {
		err = r.WriteText(stdout)
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
	if err := r.Write(f, format); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
