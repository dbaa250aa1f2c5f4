package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

const siteUsage = "cli.usage-site"

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
	fs.StringVar(&f.urls, "urls", "", i18n.T("cli.flag-urls"))
	fs.StringVar(&f.sitemap, "sitemap", "", i18n.T("cli.flag-sitemap"))
	fs.StringVar(&f.crawl, "crawl", "", i18n.T("cli.flag-crawl"))
	fs.IntVar(&f.maxPages, "max-pages", site.DefaultMaxPages, i18n.T("cli.flag-max-pages"))
	fs.IntVar(&f.maxDepth, "max-depth", site.DefaultMaxDepth, i18n.T("cli.flag-max-depth"))
	fs.IntVar(&f.perHost, "per-host", site.DefaultPerHost, i18n.T("cli.flag-per-host"))
	fs.IntVar(&f.global, "concurrency", site.DefaultGlobal, i18n.T("cli.flag-concurrency"))
	fs.DurationVar(&f.delay, "delay", 0, i18n.T("cli.flag-delay"))
	fs.BoolVar(&f.resources, "resources", false, i18n.T("cli.flag-resources"))
	fs.BoolVar(&f.allHosts, "all-hosts", false, i18n.T("cli.flag-all-hosts"))
	fs.BoolVar(&f.canonical, "canonical", false, i18n.T("cli.flag-canonical"))
	fs.BoolVar(&f.insecure, "insecure", false, i18n.T("cli.flag-insecure"))
	fs.Int64Var(&f.limit, "limit", 0, i18n.T("cli.flag-limit"))
	fs.BoolVar(&f.jsonl, "jsonl", false, i18n.T("cli.flag-jsonl"))
	fs.StringVar(&f.resume, "resume", "", i18n.T("cli.flag-resume"))
	fs.StringVar(&f.out, "out", "", i18n.T("cli.flag-out"))
	fs.StringVar(&f.format, "format", "", i18n.T("cli.flag-format-site"))
	fs.StringVar(&f.failOn, "fail-on", "", i18n.T("cli.flag-fail-on-site"))
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
		return usageError(stderr, err.Error())
	}
	if len(rest) > 0 {
		return usageError(stderr, i18n.T("cli.site-argument", "Arg", strconv.Quote(rest[0])))
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
		return usageError(stderr, i18n.T("cli.site-one-input")), false
	case fl.failOn != "" && fl.failOn != "critical" && fl.failOn != "warning":
		return usageError(stderr, i18n.T("cli.fail-on-invalid", "Value", strconv.Quote(fl.failOn))), false
	case fl.maxPages < 1 || fl.perHost < 1 || fl.global < 1 || fl.maxDepth < 0:
		return usageError(stderr, i18n.T("cli.site-counts-invalid")), false
	case fl.delay < 0 || fl.limit < 0 || fl.limit > fetch.MaxCap:
		return usageError(stderr, i18n.T("cli.site-delay-limit-invalid", "Max", strconv.FormatInt(fetch.MaxCap, 10))), false
	}
	return outFormat(stderr, fl.out, &fl.format, site.IsFormat, i18n.T("cli.formats-site"))
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
		return site.Input{}, usageError(stderr, i18n.T("cli.url-list-empty", "File", fl.urls)), false
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
	return usageError(stderr, err.Error())
}

// openInput opens path, or standard input for "-": a regular file or a
// named pipe (as `--urls <(command)` gives), not a folder or a device.
func openInput(path string) (io.Reader, func(), error) {
	if path == "-" {
		return os.Stdin, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", i18n.T("cli.file-cannot-read", "File", path), errors.Unwrap(err))
	}
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() && st.Mode()&fs.ModeNamedPipe == 0 {
		f.Close()
		return nil, nil, errors.New(i18n.T("cli.not-regular-file", "File", path))
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
		say(stderr, i18n.T("cli.resume-no-links", "Count", len(res.Rows), "File", fl.resume))
	}
	cfg.Resume = res.Rows
	return cfg, exitOK, true
}
