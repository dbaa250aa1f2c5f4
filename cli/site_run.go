package cli

import (
	"context"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// run runs the site inspection, streaming rows with --jsonl, and reports.
func (fl *siteFlags) run(ctx context.Context, in site.Input, cfg site.Config, stdout, stderr io.Writer) int {
	rows := make([]site.Row, 0, len(cfg.Resume))
	for _, r := range cfg.Resume {
		r.KeptLinks, r.LostOnlyLinks = nil, nil
		rows = append(rows, r)
	}
	stream := fl.jsonl || fl.json
	jw := site.NewJSONLWriter(stdout)
	started := time.Now()
	var writeErr error
	sum, err := site.Run(ctx, in, cfg, func(r site.Row) {
		if stream && writeErr == nil {
			writeErr = jw.Row(&r)
		}
		r.KeptLinks, r.LostOnlyLinks = nil, nil // a stored row does not keep its links
		rows = append(rows, r)
	})
	if err != nil {
		say(stderr, err.Error())
		if in.Sitemap != "" && strings.Contains(in.Sitemap, "://") {
			return exitFetch // the sitemap could not be had: nothing was fetched
		}
		return exitUsage
	}
	if code, ok := fl.report(jw, rows, sum, stream, stdout, stderr); !ok {
		return code // the rows as streamed: site.Write marks what each format marks
	}
	site.MarkOrphans(rows, sum)
	fl.history.saveSiteRun(ctx, fl.siteRunOf(cfg.Profile.ID, started), rows, sum, !stream, stdout, stderr)
	if writeErr != nil {
		sayLine(stderr, i18n.T("cli.write-failed-rows", "Error", writeErr.Error()))
		return exitFetch
	}
	return fl.exitCode(rows, sum, stderr)
}

// report writes the summary (stream or text) and the report file.
func (fl *siteFlags) report(jw *site.JSONLWriter, rows []site.Row, sum *site.Summary, stream bool, stdout, stderr io.Writer) (int, bool) {
	var err error
	if stream {
		err = jw.Summary(sum)
	} else {
		err = site.WriteText(stdout, rows, sum)
	}
	if err != nil {
		sayLine(stderr, i18n.T("cli.write-failed-summary", "Error", err.Error()))
		return exitFetch, false
	}
	if fl.out == "" {
		return exitOK, true
	}
	meta := site.Meta{Input: fl.urls + fl.sitemap + fl.crawl, Profile: fl.profile}
	if err := writeSiteFile(fl.out, fl.format, rows, sum, meta); err != nil {
		sayLine(stderr, i18n.T("cli.write-failed-file", "File", fl.out, "Error", err.Error()))
		return exitUsage, false
	}
	return exitOK, true
}

func writeSiteFile(path, format string, rows []site.Row, sum *site.Summary, m site.Meta) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := site.Write(f, format, rows, sum, m); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// exitCode: interrupted, nothing fetched at all, --fail-on matched, or done.
func (fl *siteFlags) exitCode(rows []site.Row, sum *site.Summary, stderr io.Writer) int {
	switch {
	case sum.Cancelled:
		sayLine(stderr, i18n.T("cli.site-interrupted", "Pages", strconv.Itoa(sum.Pages)))
		return exitInterrupted
	case sum.Fetched == 0:
		say(stderr, noPageSentence(rows))
		return exitFetch
	case fl.failOn != "" && site.HasSeverityAtLeast(rows, fl.failOn):
		return exitFindings
	}
	return exitOK
}

// noPageSentence says why no page could be fetched, from the first row.
func noPageSentence(rows []site.Row) string {
	if len(rows) == 0 {
		return i18n.T("cli.no-page-no-url")
	}
	why := rows[0].Error
	if why == "" {
		why = i18n.T("cli.no-reason")
	}
	return i18n.T("cli.no-page-fetched", "Total", strconv.Itoa(len(rows)), "URL", rows[0].URL, "Why", why)
}
