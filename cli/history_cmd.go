package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

const historyUsage = "cli.usage-history"

// historyCmdFlags are the flags of `cutoff history`.
type historyCmdFlags struct {
	json, diff, runs, prune bool
	retention, limit        int
	history                 historyFlags
}

// runHistory lists saved inspections, compares two, lists site runs, or
// prunes the file.
func runHistory(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var fl historyCmdFlags
	fs := newFlagSet("history")
	fs.BoolVar(&fl.json, "json", false, i18n.T("cli.flag-json"))
	fs.BoolVar(&fl.diff, "diff", false, i18n.T("cli.flag-diff"))
	fs.BoolVar(&fl.runs, "runs", false, i18n.T("cli.flag-runs"))
	fs.BoolVar(&fl.prune, "prune", false, i18n.T("cli.flag-prune"))
	fs.IntVar(&fl.retention, "retention", 0, i18n.T("cli.flag-retention"))
	fs.IntVar(&fl.limit, "max", 100, i18n.T("cli.flag-max"))
	fl.history.register(fs)
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, historyUsage)
	}
	if err != nil {
		return usageError(stderr, err.Error())
	}
	if !fl.json {
		text := &printableLines{w: stdout}
		defer text.Close()
		stdout = text
	}
	switch {
	case fl.history.off:
		return usageError(stderr, i18n.T("cli.history-no-history"))
	case fl.retention < 0 || fl.limit < 0:
		return usageError(stderr, i18n.T("cli.history-negative"))
	case fl.runs && fl.diff && len(rest) != 1 && len(rest) != 2:
		return usageError(stderr, i18n.T("cli.history-runs-diff-args", "Count", len(rest)))
	case fl.runs && !fl.diff && len(rest) > 0:
		return usageError(stderr, i18n.T("cli.history-runs-no-arg"))
	case fl.diff && len(rest) != 1 && len(rest) != 2:
		return usageError(stderr, i18n.T("cli.history-diff-args", "Count", len(rest)))
	case !fl.diff && len(rest) > 1:
		return usageError(stderr, i18n.T("cli.history-one-url", "Count", len(rest)))
	case (fl.prune || fl.retention > 0) && len(rest) > 0:
		return usageError(stderr, i18n.T("cli.history-prune-no-url"))
	}
	h := fl.history.open(ctx, stderr, i18n.T("cli.history-nothing-read"))
	if h == nil {
		return exitUsage
	}
	defer h.Close()
	switch {
	case fl.runs && fl.diff:
		return fl.printRunDiff(ctx, h, rest, stdout, stderr)
	case fl.diff:
		return fl.printDiff(ctx, h, rest, stdout, stderr)
	case fl.prune || fl.retention > 0:
		return fl.pruneFile(ctx, h, stdout, stderr)
	case fl.runs:
		return fl.listRuns(ctx, h, stdout, stderr)
	}
	q := history.Query{Limit: fl.limit}
	if len(rest) == 1 {
		q.URL = rest[0]
	}
	return fl.listInspections(ctx, h, q, stdout, stderr)
}

// historyFailed prints a history error as one sentence and returns the
// usage exit code (the file is the command's input).
func historyFailed(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "cutoff: "+prose.EndSentence(err.Error()))
	return exitUsage
}

// listedInspection is one inspection in `history --json`.
type listedInspection struct {
	history.Inspection
	PercentOfLimit float64 `json:"percent_of_limit"`
}

func (fl *historyCmdFlags) listInspections(ctx context.Context, h *history.DB, q history.Query, stdout, stderr io.Writer) int {
	all, err := h.Inspections(ctx, q)
	if err != nil {
		return historyFailed(stderr, err)
	}
	if fl.json {
		out := struct {
			File        string             `json:"file"`
			Inspections []listedInspection `json:"inspections"`
		}{h.Path(), make([]listedInspection, len(all))}
		for i, in := range all {
			out.Inspections[i] = listedInspection{in, in.Percent()}
		}
		return writeJSON(stdout, stderr, out)
	}
	if len(all) == 0 {
		fmt.Fprintln(stdout, i18n.T("cli.history-empty", "File", h.Path()))
		return exitOK
	}
	tw := prose.NewTable(stdout, 2, prose.AlignLeft)
	fmt.Fprintln(tw, i18n.T("cli.history-columns"))
	for _, in := range all {
		cutoff := "-"
		if in.CutoffOffset != nil {
			cutoff = prose.Thousands(*in.CutoffOffset)
		}
		lost := 0
		for _, c := range in.Critical {
			if c.BeyondCutoff {
				lost++
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", in.ID, in.Time.Format("2006-01-02 15:04"), in.Profile,
			prose.Thousands(in.BodyBytes), prose.Percent(in.CountedBytes, in.LimitBytes), cutoff, lost, in.URL)
	}
	return flushed(tw.Flush(), stderr)
}

// printDiff compares a URL's last two inspections (same profile as the
// last), or two inspections by ID, older first.
func (fl *historyCmdFlags) printDiff(ctx context.Context, h *history.DB, args []string, stdout, stderr io.Writer) int {
	pair, code, ok := diffPair(ctx, h, args, stderr)
	if !ok {
		return code
	}
	d := history.Compare(pair[0], pair[1])
	if fl.json {
		return writeJSON(stdout, stderr, struct {
			Older          int64             `json:"older"`
			Newer          int64             `json:"newer"`
			Sentences      []string          `json:"sentences"`
			VerdictChanged bool              `json:"verdict_changed"`
			Crossed        []history.Element `json:"crossed"`
			Recovered      []history.Element `json:"recovered"`
		}{pair[0].ID, pair[1].ID, d.Sentences(), d.VerdictChanged(), nonNil(d.Crossed), nonNil(d.Recovered)})
	}
	fmt.Fprintln(stdout, i18n.T("cli.history-diff-heading", "URL", pair[1].URL, "Newer", strconv.FormatInt(pair[1].ID, 10),
		"NewerDate", pair[1].Time.Format(time.DateOnly), "Older", strconv.FormatInt(pair[0].ID, 10),
		"OlderDate", pair[0].Time.Format(time.DateOnly), "Profile", pair[1].Profile))
	for _, s := range d.Sentences() {
		fmt.Fprintln(stdout, s)
	}
	return exitOK
}

func nonNil(es []history.Element) []history.Element {
	if es == nil {
		return []history.Element{}
	}
	return es
}

// diffPair reads the two inspections --diff names, older first.
func diffPair(ctx context.Context, h *history.DB, args []string, stderr io.Writer) ([2]history.Inspection, int, bool) {
	var pair [2]history.Inspection
	if len(args) == 2 {
		for i, a := range args {
			id, err := strconv.ParseInt(a, 10, 64)
			if err != nil {
				return pair, usageError(stderr, i18n.T("cli.history-not-an-id", "Arg", strconv.Quote(a))), false
			}
			if pair[i], err = h.Inspection(ctx, id); err != nil {
				if errors.Is(err, history.ErrNotFound) {
					return pair, usageError(stderr, i18n.T("cli.history-no-inspection", "ID", strconv.FormatInt(id, 10), "File", h.Path())), false
				}
				return pair, historyFailed(stderr, err), false
			}
		}
		if pair[1].Time.Before(pair[0].Time) {
			pair[0], pair[1] = pair[1], pair[0]
		}
		return pair, exitOK, true
	}
	latest, err := h.Inspections(ctx, history.Query{URL: args[0], Limit: 1})
	if err != nil {
		return pair, historyFailed(stderr, err), false
	}
	var two []history.Inspection
	if len(latest) == 1 {
		if two, err = h.Inspections(ctx, history.Query{URL: args[0], Profile: latest[0].Profile, Limit: 2}); err != nil {
			return pair, historyFailed(stderr, err), false
		}
	}
	if len(two) < 2 {
		return pair, usageError(stderr, i18n.T("cli.history-needs-two", "Count", len(two), "URL", args[0])), false
	}
	return [2]history.Inspection{two[1], two[0]}, exitOK, true
}

// pruneFile sets the retention when asked, then deletes what is older.
func (fl *historyCmdFlags) pruneFile(ctx context.Context, h *history.DB, stdout, stderr io.Writer) int {
	if fl.retention > 0 {
		if err := h.SetRetention(ctx, fl.retention); err != nil {
			return historyFailed(stderr, err)
		}
	}
	keep, err := h.Retention(ctx)
	if err != nil {
		return historyFailed(stderr, err)
	}
	if !fl.prune {
		fmt.Fprintln(stdout, i18n.T("cli.history-retention", "Count", int64(keep/(24*time.Hour))))
		return exitOK
	}
	p, err := h.Prune(ctx, time.Now())
	if err != nil {
		return historyFailed(stderr, err)
	}
	if fl.json {
		return writeJSON(stdout, stderr, p)
	}
	fmt.Fprintln(stdout, i18n.T("cli.history-pruned", "Inspections", i18n.T("cli.inspections", "Count", p.Inspections),
		"Runs", i18n.T("cli.site-runs", "Count", p.SiteRuns), "Days", i18n.T("cli.days", "Count", int64(keep/(24*time.Hour)))))
	return exitOK
}

// listRuns lists the saved site runs, newest first.
func (fl *historyCmdFlags) listRuns(ctx context.Context, h *history.DB, stdout, stderr io.Writer) int {
	runs, err := h.SiteRuns(ctx, "", "", fl.limit)
	if err != nil {
		return historyFailed(stderr, err)
	}
	if fl.json {
		if runs == nil {
			runs = []history.SiteRun{}
		}
		return writeJSON(stdout, stderr, struct {
			Runs []history.SiteRun `json:"site_runs"`
		}{runs})
	}
	tw := prose.NewTable(stdout, 2, prose.AlignLeft)
	fmt.Fprintln(tw, i18n.T("cli.history-runs-columns"))
	for _, r := range runs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s %s\n", r.ID, r.Time.Format("2006-01-02 15:04"), r.Profile, r.Pages,
			inputKindText(r.InputKind), r.Input)
	}
	return flushed(tw.Flush(), stderr)
}

// inputKindText is a site run's kind of input (history.InputList, …) as a
// word for people, in the language in use; JSON keeps the code.
func inputKindText(kind string) string {
	switch kind {
	case history.InputList, history.InputSitemap, history.InputCrawl:
		return i18n.T("cli.input-kind-" + kind)
	}
	return kind
}

// flushed turns a write error into a sentence and the exit code.
func flushed(err error, stderr io.Writer) int {
	if err != nil {
		sayLine(stderr, i18n.T("cli.write-failed-output", "Error", err.Error()))
		return exitFetch
	}
	return exitOK
}

// printRunDiff compares a site run with the one before it of the same
// input, or two site runs by ID.
func (fl *historyCmdFlags) printRunDiff(ctx context.Context, h *history.DB, args []string, stdout, stderr io.Writer) int {
	ids := make([]int64, len(args))
	for i, a := range args {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil {
			return usageError(stderr, i18n.T("cli.history-not-a-run-id", "Arg", strconv.Quote(a)))
		}
		ids[i] = id
	}
	var d history.SiteDiff
	var err error
	if len(ids) == 1 {
		d, err = h.CompareWithPrevious(ctx, ids[0])
	} else {
		d, err = h.CompareSiteRuns(ctx, min(ids[0], ids[1]), max(ids[0], ids[1]))
	}
	if err != nil {
		return historyFailed(stderr, err)
	}
	if fl.json {
		return writeJSON(stdout, stderr, struct {
			history.SiteDiff
			Sentences []string `json:"sentences"`
		}{d, d.Sentences()})
	}
	fmt.Fprintln(stdout, i18n.T("cli.history-run-diff-heading", "Kind", inputKindText(d.Newer.InputKind), "Input", d.Newer.Input,
		"Newer", strconv.FormatInt(d.Newer.ID, 10), "Older", strconv.FormatInt(d.Older.ID, 10), "Profile", d.Newer.Profile))
	for _, s := range d.Sentences() {
		fmt.Fprintln(stdout, s)
	}
	return exitOK
}
