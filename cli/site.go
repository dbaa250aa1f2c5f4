package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/prose"
)

const siteUsage = "[flags] (--urls FILE | --sitemap URL|FILE | --crawl URL)"

// siteFlags are the flags of `cutoff site`.
type siteFlags struct {
	commonFlags
	urls, sitemap, crawl string
	maxPages, maxDepth   int
	perHost, global      int
	delay                time.Duration
	resources, jsonl     bool
	allHosts, canonical  bool
	insecure             bool
	limit                int64
	resume, out, format  string
	failOn               string
	history              historyFlags
}

func (f *siteFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.urls, "urls", "", "a file of URLs, one a line (- reads standard input)")
	fs.StringVar(&f.sitemap, "sitemap", "", "a sitemap or sitemap index (.xml, .xml.gz; URL or file), or a robots.txt URL whose Sitemap: lines are read")
	fs.StringVar(&f.crawl, "crawl", "", "crawl from this URL, following only the links in each page's kept prefix")
	fs.IntVar(&f.maxPages, "max-pages", site.DefaultMaxPages, "the most pages of the run")
	fs.IntVar(&f.maxDepth, "max-depth", site.DefaultMaxDepth, "the deepest link depth a crawl follows")
	fs.IntVar(&f.perHost, "per-host", site.DefaultPerHost, "concurrent fetches per host")
	fs.IntVar(&f.global, "concurrency", site.DefaultGlobal, "concurrent fetches in all")
	fs.DurationVar(&f.delay, "delay", 0, "least time between two requests to one host")
	fs.BoolVar(&f.resources, "resources", false, "fetch each page's subresources too")
	fs.BoolVar(&f.allHosts, "all-hosts", false, "let a crawl follow links to other hosts")
	fs.BoolVar(&f.canonical, "canonical", false, "canonical-aware crawl: a page whose canonical names another URL is a duplicate")
	fs.BoolVar(&f.insecure, "insecure", false, "accept bad TLS certificates")
	fs.Int64Var(&f.limit, "limit", 0, "override the profile's byte limit")
	fs.BoolVar(&f.jsonl, "jsonl", false, "stream one JSON object per URL as it finishes, then a summary line (--json does the same)")
	fs.StringVar(&f.resume, "resume", "", "continue a run from its JSON Lines output, without fetching its rows again")
	fs.StringVar(&f.out, "out", "", "write a report file")
	fs.StringVar(&f.format, "format", "", "report file format: csv, jsonl or html (default: from --out's extension)")
	fs.StringVar(&f.failOn, "fail-on", "", "exit 1 when any page has a finding of this severity or worse: critical or warning")
	f.history.register(fs)
}

// runSite inspects many URLs politely and reports a row each.
func runSite(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var fl siteFlags
	fs := newFlagSet("site")
	fl.commonFlags.register(fs)
	fl.register(fs)
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, siteUsage)
	}
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	if len(rest) > 0 {
		return usageError(stderr, "site takes its input from --urls, --sitemap or --crawl, not from the argument %q", rest[0])
	}
	if code, ok := fl.validate(stderr); !ok {
		return code
	}
	profile, ok := lookupProfile(fl.profile, stderr)
	if !ok {
		return exitUsage
	}
	in, code, ok := fl.input(ctx, stderr)
	if !ok {
		return code
	}
	cfg, code, ok := fl.config(ctx, profile, stderr)
	if !ok {
		return code
	}
	return fl.run(ctx, in, cfg, stdout, stderr)
}

// validate checks the flags' values.
func (fl *siteFlags) validate(stderr io.Writer) (int, bool) {
	n := 0
	for _, v := range []string{fl.urls, fl.sitemap, fl.crawl} {
		if v != "" {
			n++
		}
	}
	switch {
	case n != 1:
		return usageError(stderr, "site takes exactly one of --urls FILE, --sitemap URL|FILE and --crawl URL"), false
	case fl.failOn != "" && fl.failOn != "critical" && fl.failOn != "warning":
		return usageError(stderr, "--fail-on takes critical or warning, not %q", fl.failOn), false
	case fl.maxPages < 1 || fl.perHost < 1 || fl.global < 1 || fl.maxDepth < 0:
		return usageError(stderr, "--max-pages, --per-host and --concurrency take 1 or more, --max-depth 0 or more"), false
	case fl.delay < 0 || fl.limit < 0 || fl.limit > fetch.MaxCap:
		return usageError(stderr, "--delay takes a duration of 0 or more, --limit a byte count up to %d", fetch.MaxCap), false
	}
	return outFormat(stderr, fl.out, &fl.format, site.IsFormat, "csv, jsonl or html")
}

// input reads the run's input; Ctrl+C ends the reading of a list at once.
func (fl *siteFlags) input(ctx context.Context, stderr io.Writer) (site.Input, int, bool) {
	switch {
	case fl.sitemap != "":
		return site.Input{Sitemap: fl.sitemap}, exitOK, true
	case fl.crawl != "":
		return site.Input{Crawl: fl.crawl}, exitOK, true
	}
	urls, err := readInput(ctx, fl.urls, site.ParseList)
	if err != nil {
		return site.Input{}, inputError(stderr, err), false
	}
	if len(urls) == 0 {
		return site.Input{}, usageError(stderr, "the URL list %s has no URL", fl.urls), false
	}
	return site.Input{URLs: urls}, exitOK, true
}

// readInput opens path, or standard input for "-", and parses it with
// parse, until Ctrl+C or SIGTERM (errInterrupted).
func readInput[T any](ctx context.Context, path string, parse func(io.Reader) (T, error)) (T, error) {
	return untilInterrupted(ctx, func() (T, error) {
		var zero T
		r, closeFn, err := openInput(path)
		if err != nil {
			return zero, err
		}
		defer closeFn()
		return parse(r)
	})
}

// inputError says what went wrong reading an input and gives the exit
// code: a usage error, or an interruption.
func inputError(stderr io.Writer, err error) int {
	if errors.Is(err, errInterrupted) {
		return interrupted(stderr)
	}
	return usageError(stderr, "%v", err)
}

// openInput opens path, or standard input for "-": a regular file or a
// named pipe (as `--urls <(command)` gives), not a folder or a device.
func openInput(path string) (io.Reader, func(), error) {
	if path == "-" {
		return os.Stdin, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("the file %s cannot be read: %w", path, errors.Unwrap(err))
	}
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() && st.Mode()&fs.ModeNamedPipe == 0 {
		f.Close()
		return nil, nil, fmt.Errorf("%s is not a regular file", path)
	}
	return f, func() { f.Close() }, nil
}

// config builds the run's configuration, reading --resume.
func (fl *siteFlags) config(ctx context.Context, p fetch.Profile, stderr io.Writer) (site.Config, int, bool) {
	cfg := site.Config{
		Profile:   p,
		Fetch:     fetch.Options{Timeout: fl.timeout, LimitOverride: fl.limit, Insecure: fl.insecure},
		Resources: fl.resources, MaxPages: fl.maxPages, MaxDepth: fl.maxDepth,
		PerHost: fl.perHost, Global: fl.global, Delay: fl.delay, AllHosts: fl.allHosts, Canonical: fl.canonical,
	}
	if fl.maxDepth == 0 {
		cfg.MaxDepth = -1 // 0 means the start URL alone; Config treats 0 as the default
	}
	if fl.resume == "" {
		return cfg, exitOK, true
	}
	res, err := readInput(ctx, fl.resume, site.ReadResume)
	if err != nil {
		return cfg, inputError(stderr, err), false
	}
	for _, note := range res.Notes {
		say(stderr, note)
	}
	if fl.crawl != "" && len(res.Rows) > 0 && !res.Links {
		say(stderr, fmt.Sprintf("the %s of %s list no links (a --out file keeps none; the --jsonl output does), so the crawl cannot go on from them: resume from what --jsonl wrote",
			prose.Count(int64(len(res.Rows)), "row", "rows"), fl.resume))
	}
	cfg.Resume = res.Rows
	return cfg, exitOK, true
}
