package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// historyFlags choose the history file: --history FILE, else
// $CUTOFF_HISTORY, else the data folder's; --no-history skips it.
type historyFlags struct {
	file string
	off  bool
}

func (f *historyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.file, "history", "", i18n.T("cli.flag-history", "Env", "$"+history.EnvFile))
	fs.BoolVar(&f.off, "no-history", false, i18n.T("cli.flag-no-history"))
}

// path returns the history file's path.
func (f *historyFlags) path() (string, error) {
	if f.file != "" {
		return f.file, nil
	}
	return history.DefaultPath()
}

// open opens the history file; nil after one sentence on stderr when it
// cannot be used (then consequence says what is skipped), or when
// --no-history.
func (f *historyFlags) open(ctx context.Context, stderr io.Writer, consequence string) *history.DB {
	if f.off {
		return nil
	}
	path, err := f.path()
	if err == nil {
		var h *history.DB
		if h, err = history.Open(ctx, path); err == nil {
			return h
		}
	}
	historyProblem(stderr, err, consequence)
	return nil
}

// historyProblem says in one sentence on stderr that the history could not
// be used, and what was skipped.
func historyProblem(stderr io.Writer, err error, consequence string) {
	fmt.Fprintln(stderr, "cutoff: "+prose.EndSentence(i18n.T("cli.history-problem", "Error", err.Error(), "Consequence", consequence)))
}

// saveInspection keeps r in the history, best-effort: a problem is one
// sentence on stderr.
func (f *historyFlags) saveInspection(ctx context.Context, r *inspect.Report, stderr io.Writer) {
	skipped := i18n.T("cli.history-inspection-not-saved")
	if ctx.Err() != nil {
		return // interrupted: the command says so, and a part compares badly with a whole
	}
	h := f.open(ctx, stderr, skipped)
	if h == nil {
		return
	}
	defer h.Close()
	if _, err := h.Save(ctx, r); err != nil {
		historyProblem(stderr, err, skipped)
		return
	}
	h.PruneIfDue(ctx, time.Now()) // best-effort: a failure here costs nothing now
}

// saveSiteRun keeps a finished site run in the history and, in text mode,
// prints what changed since the last run of the same input.
func (f *historyFlags) saveSiteRun(ctx context.Context, run history.SiteRun, rows []site.Row, sum *site.Summary,
	text bool, stdout, stderr io.Writer) {
	skipped := i18n.T("cli.history-run-not-saved")
	if sum.Cancelled {
		return // a part of a run compares badly with a whole one
	}
	h := f.open(ctx, stderr, skipped)
	if h == nil {
		return
	}
	defer h.Close()
	id, err := h.SaveSiteRun(ctx, run, rows, sum)
	if err != nil {
		historyProblem(stderr, err, skipped)
		return
	}
	h.PruneIfDue(ctx, time.Now())
	d, err := h.CompareWithPrevious(ctx, id)
	if errors.Is(err, history.ErrNoEarlierRun) || !text {
		return
	}
	if err != nil {
		historyProblem(stderr, err, i18n.T("cli.history-run-not-compared"))
		return
	}
	fmt.Fprintln(stdout)
	for _, s := range d.Sentences() {
		fmt.Fprintln(stdout, s)
	}
}

// siteRunOf names a site run's input for the history.
func (fl *siteFlags) siteRunOf(profile string, started time.Time) history.SiteRun {
	run := history.SiteRun{Profile: profile, Time: started}
	switch {
	case fl.sitemap != "":
		run.InputKind, run.Input = history.InputSitemap, fl.sitemap
	case fl.crawl != "":
		run.InputKind, run.Input = history.InputCrawl, fl.crawl
	default:
		run.InputKind, run.Input = history.InputList, fl.urls
		if abs, err := filepath.Abs(fl.urls); err == nil && fl.urls != "-" {
			run.Input = abs
		}
	}
	return run
}
