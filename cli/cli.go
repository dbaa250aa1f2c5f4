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
	"strconv"
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
	usage   string // the message id of one line: arguments after the name
	summary string // the message id of what it does
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"inspect", inspectUsage, "cli.summary-inspect", runInspect},
		{"robots", "cli.usage-robots-short", "cli.summary-robots", runRobots},
		{"render", renderUsage, "cli.summary-render", runRender},
		{"verify", verifyUsage, "cli.summary-verify", runVerify},
		{"compare", "cli.usage-compare-short", "cli.summary-compare", runCompare},
		{"profiles", "cli.usage-profiles", "cli.summary-profiles", runProfiles},
		{"demo", "cli.usage-demo", "cli.summary-demo", runDemo},
		{"site", siteUsage, "cli.summary-site", runSite},
		{"history", historyUsage, "cli.summary-history", runHistory},
		{"watch", watchUsage, "cli.summary-watch", runWatch},
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
	if len(args) > 0 {
		useArgsLanguage(args[1:])
	}
	if len(args) == 0 || isHelp(args[0]) {
		writeUsage(stdout)
		return exitOK
	}
	c := findCommand(args[0])
	if c == nil {
		say(stderr, i18n.T("cli.unknown-command", "Command", strconv.Quote(args[0])))
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
	fmt.Fprintln(w, i18n.T("cli.help-intro"))
	fmt.Fprintln(w, "\n"+i18n.T("cli.help-usage-heading"))
	fmt.Fprintln(w, "  cutoff                 "+i18n.T("cli.help-window"))
	fmt.Fprintln(w, "  cutoff --demo          "+i18n.T("cli.help-window-demo"))
	for _, c := range commands() {
		fmt.Fprintf(w, "  cutoff %s %s\n        %s\n", c.name, i18n.T(c.usage), i18n.T(c.summary))
	}
	fmt.Fprintln(w, "\n"+i18n.T("cli.help-common-flags", "Codes", strings.Join(i18n.Codes, "|")))
	fmt.Fprintln(w, i18n.T("cli.help-exit-codes"))
}

// commonFlags are the flags every subcommand that fetches accepts.
type commonFlags struct {
	json    bool
	profile string
	timeout time.Duration
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, i18n.T("cli.flag-json"))
	fs.StringVar(&c.profile, "profile", "googlebot-smartphone", i18n.T("cli.flag-profile"))
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, i18n.T("cli.flag-timeout"))
}

// newFlagSet returns a flag set that reports errors itself, so the caller
// can print them as one sentence.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("cutoff "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(langFlag{}, "lang", i18n.T("cli.flag-lang", "Codes", strings.Join(i18n.Codes, ", ")))
	return fs
}

// errHelp asks for the command's usage to be printed.
var errHelp = errors.New("cli.help") // never shown: it asks for the usage

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

// usageError prints a usage problem as one sentence and returns exitUsage.
func usageError(stderr io.Writer, msg string) int {
	say(stderr, msg)
	return exitUsage
}

// say prints msg on stderr as one sentence after "cutoff: ", its control
// characters made harmless: a message may quote a URL, a header or a line
// of a file.
func say(stderr io.Writer, msg string) {
	fmt.Fprintln(stderr, "cutoff: "+prose.Printable(prose.EndSentence(msg)))
}

// commandHelp prints the usage line and the flags of one subcommand, in
// the language in use; usage is the message id of the usage line.
func commandHelp(w io.Writer, fs *flag.FlagSet, usage string) int {
	fmt.Fprintf(w, "%s\n\n%s\n", i18n.T("cli.help-command-usage", "Command", fs.Name(), "Args", i18n.T(usage)),
		i18n.T("cli.help-flags-heading"))
	printDefaults(w, fs)
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
	useArgsLanguage(args)
	fs := newFlagSet("")
	fs.BoolVar(&opts.Demo, "demo", false, i18n.T("cli.flag-demo"))
	fs.StringVar(&opts.Profile, "profile", "", i18n.T("cli.flag-window-profile"))
	fs.DurationVar(&opts.Smoke, "smoke", 0, i18n.T("cli.flag-smoke"))
	rest, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, errHelp) {
			writeUsage(stderr)
			return opts, exitOK, false
		}
		return opts, usageError(stderr, i18n.T("cli.window-usage-error", "Error", err.Error())), false
	}
	if len(rest) > 1 {
		return opts, usageError(stderr, i18n.T("cli.window-too-many", "Count", len(rest))), false
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
		fmt.Fprintln(stderr, "cutoff: "+prose.EndSentence(i18n.T("cli.saved-profiles-ignored", "Error", err.Error())))
	}
	return saved
}

// lookupProfile finds a built-in or saved profile by ID; ok is false after
// the usage error was printed.
func lookupProfile(id string, stderr io.Writer) (fetch.Profile, bool) {
	p, ok := fetch.LookupAll(savedProfiles(stderr), id)
	if !ok {
		usageError(stderr, i18n.T("cli.unknown-profile", "Profile", strconv.Quote(id)))
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
			return usageError(stderr, i18n.T("cli.format-needs-out")), false
		}
		return exitOK, true
	}
	if *format == "" {
		*format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	}
	if !valid(*format) {
		return usageError(stderr, i18n.T("cli.format-invalid", "Formats", names, "Format", strconv.Quote(*format))), false
	}
	return exitOK, true
}

// sayLine prints msg, a whole sentence of the catalog with its full stop,
// on stderr after "cutoff: ".
func sayLine(stderr io.Writer, msg string) { fmt.Fprintln(stderr, "cutoff: "+msg) }
