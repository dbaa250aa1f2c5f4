package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Exit codes of the command line, as CLI.md fixes them.
const (
	exitOK       = 0 // done
	exitFindings = 1 // done, and --fail-on matched a finding
	exitUsage    = 2 // unknown flag, bad URL, missing file
	exitFetch    = 3 // the main fetch failed
	// exitInterrupted (130, interrupt.go): Ctrl+C or SIGTERM, every subcommand
)

// command is one headless subcommand. run returns the process exit code.
type command struct {
	name    string
	usage   string // one line: arguments after the name
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"inspect", "[flags] URL|FILE", "fetch a URL as a crawler and report what it keeps and loses", runInspect},
		{"robots", "[flags] URL...", "evaluate URLs against robots.txt, Google's way", runRobots},
		{"render", renderUsage, "render the page in Chromium from the kept bytes and whole, and compare", runRender},
		{"verify", "[flags] IP... | --log FILE", "check whether IPs really belong to a crawler", runVerify},
		{"compare", "[flags] --profile A --profile B [--user-agent UA] URL", "fetch one URL as several crawlers and say where what they got differs", runCompare},
		{"profiles", "[--json]", "list the crawler profiles and the source of each value", runProfiles},
		{"demo", "[--addr 127.0.0.1:0]", "serve the embedded demo site on loopback", runDemo},
		{"site", siteUsage, "inspect many URLs (list, sitemap, crawl) politely, a row each", runSite},
		{"history", historyUsage, "list the saved inspections, say what changed between two, prune old ones", runHistory},
		{"watch", watchUsage, "keep a watch list; --once re-inspects it and says what changed (exit 1 when a verdict did)", runWatch},
	}
}

// IsCommand reports whether args name a subcommand (or help, or a mistyped
// command), which Run handles headless; otherwise the caller opens the window.
func IsCommand(args []string) bool {
	if len(args) == 0 || (strings.HasPrefix(args[0], "-") && !isHelp(args[0])) {
		return false
	}
	if isHelp(args[0]) || findCommand(args[0]) != nil {
		return true
	}
	return !looksLikeTarget(args[0]) // `cutoff page.html` or `cutoff https://…` opens the window on it
}

// Run runs the subcommand named by args[0] and returns the process exit code.
// Interrupt and SIGTERM cancel it, and it then returns exitInterrupted (130)
// whatever the subcommand was doing. Call it only when IsCommand(args).
func Run(args []string, stdout, stderr io.Writer) int {
	useEnvironmentLanguage()
	if len(args) == 0 || isHelp(args[0]) {
		writeUsage(stdout)
		return exitOK
	}
	c := findCommand(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "cutoff: unknown command %q; run \"cutoff help\" for the list.\n", args[0])
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runInterruptible(ctx, func() int { return c.run(ctx, args[1:], stdout, stderr) },
		func(msg string) { say(stderr, msg) })
}

// findCommand returns the subcommand called name, or nil.
func findCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return &c
		}
	}
	return nil
}

// looksLikeTarget reports whether arg is a URL or a file path rather than a
// mistyped command name.
func looksLikeTarget(arg string) bool {
	if strings.Contains(arg, "://") || strings.ContainsAny(arg, `/\.`) {
		return true
	}
	_, err := os.Stat(arg)
	return err == nil
}

func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

func writeUsage(w io.Writer) {
	fmt.Fprintln(w, "Cutoff shows what a crawler really gets when it fetches a URL.")
	fmt.Fprintln(w, "\nUsage:\n  cutoff                 open the window\n  cutoff --demo          open the window with the demo site running")
	for _, c := range commands() {
		fmt.Fprintf(w, "  cutoff %s %s\n        %s\n", c.name, c.usage, c.summary)
	}
	fmt.Fprintln(w, "\nCommon flags: --json, --profile ID (default googlebot-smartphone), --timeout DURATION (default 30s), --lang "+strings.Join(i18n.Codes, "|")+" (default from LC_ALL, LC_MESSAGES, LANG).")
	fmt.Fprintln(w, "Exit codes: 0 done, 1 --fail-on matched (watch --once: a verdict changed), 2 usage error, 3 the fetch failed, 130 interrupted (Ctrl+C or SIGTERM).")
}

// commonFlags are the flags every subcommand that fetches accepts.
type commonFlags struct {
	json    bool
	profile string
	timeout time.Duration
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "machine output on stdout")
	fs.StringVar(&c.profile, "profile", "googlebot-smartphone", "crawler profile ID")
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, "timeout for each fetch")
}

// newFlagSet returns a flag set that reports errors itself, so the caller
// can print them as one sentence.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("cutoff "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(langFlag{}, "lang", "language of the output: "+strings.Join(i18n.Codes, ", ")+" (default: LC_ALL, LC_MESSAGES, LANG, then en)")
	return fs
}

// errHelp asks for the command's usage to be printed.
var errHelp = errors.New("cli: help requested")

// parseArgs parses flags anywhere among the arguments (`inspect URL --json`
// works as well as `inspect --json URL`). Everything after "--" is
// positional, even when it starts with "-".
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, fmt.Errorf("%s: %s", fs.Name(), flagErrorSentence(err))
		}
		rest := fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	return positional, nil
}

// flagErrorSentence turns the flag package's error into a sentence.
func flagErrorSentence(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return fmt.Sprintf("unknown flag %s", name)
	}
	return msg
}

// usageError prints a usage problem as one sentence and returns exitUsage.
func usageError(stderr io.Writer, format string, args ...any) int {
	say(stderr, fmt.Sprintf(format, args...))
	return exitUsage
}

// say prints msg on stderr as one sentence after "cutoff: ", its control
// characters made harmless: a message may quote a URL, a header or a line
// of a file.
func say(stderr io.Writer, msg string) {
	fmt.Fprintln(stderr, "cutoff: "+prose.Printable(prose.EndSentence(msg)))
}

// commandHelp prints the flags of one subcommand.
func commandHelp(w io.Writer, fs *flag.FlagSet, usage string) int {
	fmt.Fprintf(w, "Usage: %s %s\n\nFlags:\n", fs.Name(), usage)
	fs.SetOutput(w)
	fs.PrintDefaults()
	return exitOK
}

// Window is how the window should start, as the command line asked.
type Window struct {
	Demo    bool          // start the embedded demo site and fill in its URL
	URL     string        // a URL or local file to inspect at start
	Profile string        // a profile ID to select
	Smoke   time.Duration // inspect at start and quit when done (GUI smoke test)
	Lang    string        // the language --lang asked for; "" when not given
}

// ParseWindow reads the flags of the window mode (`cutoff --demo`). ok is
// false when the process should exit with code instead.
func ParseWindow(args []string, stderr io.Writer) (opts Window, code int, ok bool) {
	fs := newFlagSet("")
	fs.BoolVar(&opts.Demo, "demo", false, "open the window with the embedded demo site running")
	fs.StringVar(&opts.Profile, "profile", "", "crawler profile to select")
	fs.DurationVar(&opts.Smoke, "smoke", 0, "inspect at start and quit when done (GUI smoke test)")
	rest, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, errHelp) {
			writeUsage(stderr)
			return opts, exitOK, false
		}
		return opts, usageError(stderr, "%v; run \"cutoff help\" for the usage", err), false
	}
	if len(rest) > 1 {
		return opts, usageError(stderr, "the window takes at most one URL, got %d arguments", len(rest)), false
	}
	if len(rest) == 1 {
		opts.URL = rest[0]
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "lang" {
			opts.Lang = i18n.Current().Code()
		}
	})
	return opts, exitOK, true
}

// savedProfiles returns the user's saved profiles; a broken file is said on
// stderr and otherwise ignored, so the built-ins still work.
func savedProfiles(stderr io.Writer) []fetch.Profile {
	store, err := fetch.DefaultSavedProfiles()
	if err != nil {
		return nil
	}
	saved, err := store.Load()
	if err != nil {
		fmt.Fprintf(stderr, "cutoff: ignoring saved profiles: %s\n", prose.EndSentence(err.Error()))
	}
	return saved
}

// lookupProfile finds a built-in or saved profile by ID; ok is false after
// the usage error was printed.
func lookupProfile(id string, stderr io.Writer) (fetch.Profile, bool) {
	p, ok := fetch.LookupAll(savedProfiles(stderr), id)
	if !ok {
		usageError(stderr, "unknown profile %q; run \"cutoff profiles\" for the list", id)
	}
	return p, ok
}

// outFormat applies the --out and --format rules: --format needs --out;
// the format is taken from --out's extension when --format is not given,
// and checked against valid, whose names list it for the usage error. ok
// is false after that error was printed.
func outFormat(stderr io.Writer, out string, format *string, valid func(string) bool, names string) (code int, ok bool) {
	if out == "" {
		if *format != "" {
			return usageError(stderr, "--format needs --out FILE"), false
		}
		return exitOK, true
	}
	if *format == "" {
		*format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	}
	if !valid(*format) {
		return usageError(stderr, "--format takes %s, not %q", names, *format), false
	}
	return exitOK, true
}
