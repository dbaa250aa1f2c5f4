package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/cutoffapp/cutoff/inspect/verify"
	"github.com/cutoffapp/cutoff/internal/prose"
)

const verifyUsage = "[flags] IP... | --log FILE"

// runVerify checks whether IPs really belong to the crawler they claim.
func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("verify")
	asJSON := fs.Bool("json", false, "machine output on stdout")
	logFile := fs.String("log", "", "check every IP of this access log (common or combined format) whose user agent claims a crawler")
	claimed := fs.String("claimed", "", "crawler the IPs claim to be, e.g. googlebot (default: any known crawler)")
	ranges := fs.String("ranges", "", "a newer Google IP ranges file (e.g. googlebot.json) to use instead of the bundled one")
	timeout := fs.Duration("timeout", verify.DefaultTimeout, "timeout for each DNS lookup")
	trust := fs.Bool("trust-ranges", false, "with --log: decide IPs inside a published range without DNS")
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, verifyUsage)
	}
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	if (*logFile == "") == (len(rest) == 0) {
		return usageError(stderr, "verify takes IP addresses or --log FILE (one of the two)")
	}
	v, err := newVerifier(*ranges, *timeout, *trust)
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	if *logFile != "" {
		return verifyLog(ctx, v, *logFile, *asJSON, stdout, stderr)
	}
	claims := make([]verify.Claim, len(rest))
	for i, ip := range rest {
		claims[i] = verify.Claim{IP: ip, Claimed: *claimed}
	}
	results := v.VerifyAll(ctx, claims, nil)
	if *asJSON {
		err = verify.WriteJSON(stdout, results)
	} else {
		err = verify.WriteText(stdout, results)
	}
	return writeDone(err, stderr)
}

// newVerifier uses the bundled ranges, with one file replaced by rangesFile.
func newVerifier(rangesFile string, timeout time.Duration, trust bool) (*verify.Verifier, error) {
	ranges, err := verify.Bundled()
	if err != nil {
		return nil, err
	}
	if rangesFile != "" {
		data, err := os.ReadFile(rangesFile)
		if err != nil {
			return nil, fmt.Errorf("cannot read the ranges file: %w", errors.Unwrap(err))
		}
		if err := ranges.Replace(filepath.Base(rangesFile), data); err != nil {
			return nil, err
		}
	}
	return &verify.Verifier{Ranges: ranges, Timeout: timeout, TrustRanges: trust}, nil
}

func verifyLog(ctx context.Context, v *verify.Verifier, path string, asJSON bool, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		return usageError(stderr, "cannot open the log file: %v", errors.Unwrap(err))
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return usageError(stderr, "the log file %s is a folder, not a file", path)
	}
	summary, err := verify.ScanLog(ctx, f, v, nil)
	if err != nil {
		fmt.Fprintln(stderr, "cutoff: "+prose.EndSentence(err.Error()))
		return exitFetch
	}
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
		fmt.Fprintf(stderr, "cutoff: could not write the results: %v.\n", err)
		return exitFetch
	}
	return exitOK
}
