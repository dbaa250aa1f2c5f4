package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

const watchUsage = "cli.usage-watch"

// watchFlags are the flags of `cutoff watch`.
type watchFlags struct {
	commonFlags
	once, list  bool
	add, remove string
	urls        string
	limit       int64
	history     historyFlags
}

// runWatch keeps the watch list in the history file and, with --once,
// re-inspects it (or the URLs given) and says what changed since each
// page's previous inspection: exit 1 when a verdict changed, for cron or
// Task Scheduler.
func runWatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var fl watchFlags
	fs := newFlagSet("watch")
	fl.commonFlags.register(fs)
	fs.BoolVar(&fl.once, "once", false, i18n.T("cli.flag-once"))
	fs.BoolVar(&fl.list, "list", false, i18n.T("cli.flag-list"))
	fs.StringVar(&fl.add, "add", "", i18n.T("cli.flag-add"))
	fs.StringVar(&fl.remove, "remove", "", i18n.T("cli.flag-remove"))
	fs.StringVar(&fl.urls, "urls", "", i18n.T("cli.flag-watch-urls"))
	fs.Int64Var(&fl.limit, "limit", 0, i18n.T("cli.flag-limit"))
	fl.history.register(fs)
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, watchUsage)
	}
	if err != nil {
		return usageError(stderr, err.Error())
	}
	if !fl.json {
		text := &printableLines{w: stdout}
		defer text.Close()
		stdout = text
	}
	if code, ok := fl.validate(rest, stderr); !ok {
		return code
	}
	h := fl.history.open(ctx, stderr, i18n.T("cli.watch-list-kept"))
	if h == nil {
		return exitUsage
	}
	defer h.Close()
	switch {
	case fl.add != "":
		if _, ok := lookupProfile(fl.profile, stderr); !ok {
			return exitUsage
		}
		if err := h.AddWatch(ctx, fl.add, fl.profile); err != nil {
			return historyFailed(stderr, err)
		}
		fmt.Fprintln(stdout, i18n.T("cli.watch-added", "URL", fl.add, "Profile", fl.profile))
	case fl.remove != "":
		removed, err := h.RemoveWatch(ctx, fl.remove, "")
		if err != nil {
			return historyFailed(stderr, err)
		}
		if !removed {
			return usageError(stderr, i18n.T("cli.watch-not-listed", "URL", fl.remove))
		}
		fmt.Fprintln(stdout, i18n.T("cli.watch-removed", "URL", fl.remove))
	case fl.list:
		return fl.printList(ctx, h, stdout, stderr)
	default:
		return fl.checkOnce(ctx, h, rest, stdout, stderr)
	}
	return exitOK
}

// validate checks that exactly one action was asked for.
func (fl *watchFlags) validate(rest []string, stderr io.Writer) (int, bool) {
	n := 0
	for _, on := range []bool{fl.once, fl.list, fl.add != "", fl.remove != ""} {
		if on {
			n++
		}
	}
	switch {
	case n != 1:
		return usageError(stderr, i18n.T("cli.watch-one-action")), false
	case fl.history.off:
		return usageError(stderr, i18n.T("cli.watch-no-history")), false
	case (fl.urls != "" || len(rest) > 0) && !fl.once:
		return usageError(stderr, i18n.T("cli.watch-urls-need-once")), false
	case fl.urls != "" && len(rest) > 0:
		return usageError(stderr, i18n.T("cli.watch-urls-or-args")), false
	case fl.limit < 0 || fl.limit > fetch.MaxCap:
		return usageError(stderr, i18n.T("cli.watch-limit-invalid", "Max", strconv.FormatInt(fetch.MaxCap, 10))), false
	}
	return exitOK, true
}

func (fl *watchFlags) printList(ctx context.Context, h *history.DB, stdout, stderr io.Writer) int {
	list, err := h.WatchList(ctx)
	if err != nil {
		return historyFailed(stderr, err)
	}
	if fl.json {
		return writeJSON(stdout, stderr, struct {
			Watch []history.Watched `json:"watch"`
		}{list})
	}
	if len(list) == 0 {
		fmt.Fprintln(stdout, i18n.T("cli.watch-list-empty"))
	}
	for _, w := range list {
		fmt.Fprintf(stdout, "%s\t%s\n", w.URL, w.Profile)
	}
	return exitOK
}

// watchedPages returns the pages --once checks: the URLs given, else the
// watch list.
func (fl *watchFlags) watchedPages(ctx context.Context, h *history.DB, rest []string, stderr io.Writer) ([]history.Watched, int, bool) {
	urls := rest
	if fl.urls != "" {
		r, closeFn, err := openInput(fl.urls)
		if err != nil {
			return nil, usageError(stderr, err.Error()), false
		}
		defer closeFn()
		if urls, err = site.ParseList(r); err != nil {
			return nil, usageError(stderr, err.Error()), false
		}
	}
	if len(urls) == 0 && fl.urls == "" {
		list, err := h.WatchList(ctx)
		if err != nil {
			return nil, historyFailed(stderr, err), false
		}
		if len(list) == 0 {
			return nil, usageError(stderr, i18n.T("cli.watch-once-empty")), false
		}
		return list, exitOK, true
	}
	if _, ok := lookupProfile(fl.profile, stderr); !ok {
		return nil, exitUsage, false
	}
	pages := make([]history.Watched, len(urls))
	for i, u := range urls {
		pages[i] = history.Watched{URL: u, Profile: fl.profile}
	}
	return pages, exitOK, true
}

// watchCheck is one page in `watch --once --json`.
type watchCheck struct {
	URL            string   `json:"url"`
	Profile        string   `json:"profile"`
	VerdictChanged bool     `json:"verdict_changed"`
	Sentences      []string `json:"sentences"`
	Error          string   `json:"error,omitempty"`
}

// checkOnce re-inspects the pages, saves each inspection and prints what
// changed. Exit 1 when a verdict changed, else 3 when a page could not be
// fetched, else 0.
func (fl *watchFlags) checkOnce(ctx context.Context, h *history.DB, rest []string, stdout, stderr io.Writer) int {
	pages, code, ok := fl.watchedPages(ctx, h, rest, stderr)
	if !ok {
		return code
	}
	saved := savedProfiles(stderr)
	inspectFn := func(ctx context.Context, url, profile string) (*inspect.Report, error) {
		p, ok := fetch.LookupAll(saved, profile)
		if !ok {
			return nil, errors.New(i18n.T("cli.watch-unknown-profile", "Profile", strconv.Quote(profile)))
		}
		return inspect.Page(ctx, &fetch.Fetcher{}, url, p, inspect.Options{
			Fetch:       fetch.Options{Timeout: fl.timeout, LimitOverride: fl.limit},
			NoResources: true, // the verdicts watched do not depend on subresources
		})
	}
	out := []watchCheck{}
	changed, failed := false, false
	h.CheckPages(ctx, pages, inspectFn, func(c history.Check) {
		wc := watchCheck{URL: c.Page.URL, Profile: c.Page.Profile, VerdictChanged: c.VerdictChanged(), Sentences: []string{}}
		switch {
		case c.Err != nil:
			failed = true
			wc.Error = prose.EndSentence(c.Err.Error())
			fmt.Fprintf(stderr, "cutoff: %s: %s\n", prose.Printable(c.Page.URL), prose.Printable(wc.Error))
		case c.Diff == nil:
			wc.Sentences = []string{i18n.T("cli.watch-first", "Date", c.Report.Generated.UTC().Format(time.DateOnly))}
		default:
			wc.Sentences = c.Diff.Sentences()
		}
		if c.SaveErr != nil {
			historyProblem(stderr, c.SaveErr, i18n.T("cli.history-inspection-not-saved"))
		}
		changed = changed || wc.VerdictChanged
		out = append(out, wc)
		if !fl.json {
			mark := ""
			if wc.VerdictChanged {
				mark = i18n.T("cli.watch-changed-mark")
			}
			if wc.Error == "" {
				fmt.Fprintf(stdout, "%s%s\n  %s\n", wc.URL, mark, strings.Join(wc.Sentences, "\n  "))
			}
		}
	})
	if fl.json {
		if code := writeJSON(stdout, stderr, struct {
			Checks []watchCheck `json:"checks"`
		}{out}); code != exitOK {
			return code
		}
	}
	switch {
	case ctx.Err() != nil:
		return exitInterrupted
	case changed:
		return exitFindings
	case failed:
		return exitFetch
	}
	return exitOK
}
