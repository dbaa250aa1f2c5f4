package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/verify"
)

const verifyUsage = "cli.usage-verify"

// runVerify checks whether IPs really belong to the crawler they claim.
func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("verify")
	asJSON := fs.Bool("json", false, i18n.T("cli.flag-json"))
	logFile := fs.String("log", "", i18n.T("cli.flag-log"))
	claimed := fs.String("claimed", "", i18n.T("cli.flag-claimed"))
	var ranges repeated
	fs.Var(&ranges, "ranges", i18n.T("cli.flag-ranges"))
	timeout := fs.Duration("timeout", verify.DefaultTimeout, i18n.T("cli.flag-dns-timeout"))
	trust := fs.Bool("trust-ranges", false, i18n.T("cli.flag-trust-ranges"))
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, verifyUsage)
	}
	if err != nil {
		return usageError(stderr, err.Error())
	}
	if (*logFile == "") == (len(rest) == 0) {
		return usageError(stderr, i18n.T("cli.verify-input"))
	}
	v, err := newVerifier(ranges, *timeout, *trust)
	if err != nil {
		return usageError(stderr, err.Error())
	}
	if *logFile != "" {
		return verifyLog(ctx, v, *logFile, *asJSON, stdout, stderr)
	}
	claims := make([]verify.Claim, len(rest))
	for i, ip := range rest {
		claims[i] = verify.Claim{IP: ip, Claimed: *claimed}
	}
	report := verify.Report{Results: v.VerifyAll(ctx, claims, nil), RangeFiles: v.Ranges.Status(time.Now())}
	if *asJSON {
		err = report.WriteJSON(stdout)
	} else {
		err = report.WriteText(stdout)
	}
	return writeDone(err, stderr)
}

// newVerifier uses the bundled ranges, with each of rangesFiles put in place
// of the file of the same kind or added beside them.
func newVerifier(rangesFiles []string, timeout time.Duration, trust bool) (*verify.Verifier, error) {
	ranges, err := verify.Bundled()
	if err != nil {
		return nil, err
	}
	for _, rangesFile := range rangesFiles {
		data, err := os.ReadFile(rangesFile)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", i18n.T("cli.ranges-cannot-read"), errors.Unwrap(err))
		}
		if err := ranges.Replace(filepath.Base(rangesFile), data); err != nil {
			return nil, errors.New(strings.TrimPrefix(err.Error(), "verify: "))
		}
	}
	return &verify.Verifier{Ranges: ranges, Timeout: timeout, TrustRanges: trust}, nil
}

// verifyLog checks the crawler claims of an access log; Ctrl+C or SIGTERM
// ends it at once, even while it waits for a pipe's writer or a line.
func verifyLog(ctx context.Context, v *verify.Verifier, path string, asJSON bool, stdout, stderr io.Writer) int {
	f, err := untilInterrupted(ctx, func() (*os.File, error) { return os.Open(path) })
	switch {
	case errors.Is(err, errInterrupted):
		return interrupted(stderr)
	case err != nil:
		return usageError(stderr, i18n.T("cli.log-cannot-open", "Error", errors.Unwrap(err).Error()))
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return usageError(stderr, i18n.T("cli.log-is-folder", "File", path))
	}
	summary, err := untilInterrupted(ctx, func() (*verify.LogSummary, error) { return verify.ScanLog(ctx, f, v, nil) })
	switch {
	case errors.Is(err, errInterrupted):
		return interrupted(stderr)
	case err != nil:
		say(stderr, err.Error())
		return exitFetch
	}
	summary.RangeFiles = v.Ranges.Status(time.Now())
	if asJSON {
		err = summary.WriteJSON(stdout)
	} else {
		err = summary.WriteText(stdout)
	}
	return writeDone(err, stderr)
}

// writeDone turns an output error into the exit code.
func writeDone(err error, stderr io.Writer) int {
	if err != nil {
		sayLine(stderr, i18n.T("cli.write-failed-results", "Error", err.Error()))
		return exitFetch
	}
	return exitOK
}
