package sitetab

import (
	"context"
	"os"
	"time"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/inspect/site"
)

// siteBatchEvery is how often rows gathered on the run's goroutine are
// handed to the UI thread: rows may arrive by the thousand a second, the
// table takes them a batch at a time (the tab's runner is a batch runner).
const siteBatchEvery = 250 * time.Millisecond

// siteUpdate is a report of a site run and, merged, the batch the UI
// thread gets: new rows (links dropped) and the latest progress, nil when
// none came since the batch before.
type siteUpdate struct {
	rows     []site.Row
	progress *site.Progress
}

// mergeSiteUpdate adds u to the batch b.
func mergeSiteUpdate(b *siteUpdate, u siteUpdate) {
	b.rows = append(b.rows, u.rows...)
	if u.progress != nil {
		b.progress = u.progress
	}
}

// siteRequest is one run: what, how, where its JSON Lines rows are saved
// (so that Resume finds them after a cancel), and whether the file is
// appended to (a resumed run).
type siteRequest struct {
	in      site.Input
	cfg     site.Config
	save    string
	appendT bool
}

// siteJob is req as a job of the tab's runner: its rows and progress go to
// apply in batches, and its summary to finish after the last batch.
func (a *Area) siteJob(req siteRequest) job.Func[siteUpdate] {
	return func(ctx context.Context, progress func(siteUpdate)) func() {
		sum, err := runSite(ctx, req, progress)
		return func() { a.finish(sum, err) }
	}
}

// runSite runs the site inspection, saving each row as it finishes and
// reporting it, without its links, to report.
func runSite(ctx context.Context, req siteRequest, report func(siteUpdate)) (*site.Summary, error) {
	save := openSave(req.save, req.appendT)
	var jw *site.JSONLWriter
	if save != nil {
		defer save.Close()
		jw = site.NewJSONLWriter(save)
	}
	req.cfg.Progress = func(p site.Progress) { report(siteUpdate{progress: &p}) }
	return site.Run(ctx, req.in, req.cfg, func(row site.Row) {
		if jw != nil {
			jw.Row(&row) // the saved rows keep their links, for a resumed crawl
		}
		row.KeptLinks, row.LostOnlyLinks = nil, nil
		report(siteUpdate{rows: []site.Row{row}})
	})
}

// openSave opens the file the rows are saved to; nil when there is none or
// it cannot be written (the run goes on; Resume then has nothing).
func openSave(path string, appendTo bool) *os.File {
	if path == "" {
		return nil
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o600)
	if err != nil {
		return nil
	}
	return f
}
