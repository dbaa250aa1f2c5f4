package verifytab

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
	"github.com/cutoffapp/cutoff/verify"
)

// verifyMaxPasted bounds the addresses taken from the text box; a log file
// is the way to check more.
const verifyMaxPasted = 100_000

// verifyParseInput reads the text box: one address per line, optionally
// followed by whitespace and the claimed crawler (a name or a whole user
// agent). Blank lines and lines starting with # are skipped; at most
// verifyMaxPasted claims are returned, with the number of lines left out.
func verifyParseInput(text string) (claims []verify.Claim, dropped int) {
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if len(claims) == verifyMaxPasted {
			dropped++
			continue
		}
		ip, claimed, _ := strings.Cut(strings.ReplaceAll(line, "\t", " "), " ")
		claims = append(claims, verify.Claim{IP: ip, Claimed: strings.TrimSpace(claimed)})
	}
	return claims, dropped
}

// onVerify checks the pasted addresses.
func (a *Area) onVerify() {
	claims, dropped := verifyParseInput(a.input.Text)
	if len(claims) == 0 {
		a.status.SetText(i18n.T("verifytab.need-address"))
		return
	}
	if dropped > 0 {
		a.status.SetText(i18n.T("verifytab.verifying-dropped", "Count", len(claims), "Dropped", dropped))
	} else {
		a.status.SetText(i18n.T("verifytab.verifying", "Count", len(claims)))
	}
	a.start(func(ctx context.Context, progress func(verifyProgress)) func() {
		results := a.verifier.VerifyAll(ctx, claims, verifyCounting(progress))
		text := verifyResultsText(results, ctx.Err() != nil)
		return func() { a.showResults(results, text) }
	})
}

// onOpenLog asks for an access log and scans it.
func (a *Area) onOpenLog() {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, a.win)
			return
		}
		if rc == nil {
			return // cancelled
		}
		a.startLog(rc, rc.URI().Name(), verifyFileSize(rc.URI()))
	}, a.win)
	kit.ShowFileDialog(d, a.win)
}

// verifyFileSize returns the size of a local file, or -1.
func verifyFileSize(u fyne.URI) int64 {
	if u == nil || u.Scheme() != "file" {
		return -1
	}
	fi, err := os.Stat(u.Path())
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	return fi.Size()
}

// verifySizedReader tells verify.ScanLog the size of a stream, so that its
// progress has a total.
type verifySizedReader struct {
	io.Reader
	size int64
}

func (r verifySizedReader) Size() int64 { return r.size }

// startLog scans the log rc (closed when done); size is its length in bytes
// or -1 when unknown.
func (a *Area) startLog(rc io.ReadCloser, name string, size int64) {
	a.status.SetText(i18n.T("verifytab.reading", "Name", name))
	a.start(func(ctx context.Context, progress func(verifyProgress)) func() {
		defer rc.Close()
		var r io.Reader = rc
		if size >= 0 {
			r = verifySizedReader{rc, size}
		}
		// A log holds thousands of genuine Googlebot addresses: let the
		// published ranges decide those, and ask DNS only about the rest.
		v := *a.verifier
		v.TrustRanges = true
		sum, err := verify.ScanLog(ctx, r, &v, verifyLogProgress(progress, size))
		if sum != nil {
			sum.RangeFiles = v.Ranges.Status(time.Now())
		}
		return func() { a.showLog(name, sum, err) }
	})
}

func (a *Area) showLog(name string, sum *verify.LogSummary, err error) {
	if sum == nil {
		a.showFailure(name, err)
		return
	}
	text := verifyLogText(name, sum)
	if err != nil {
		text = i18n.T("verifytab.log-cancelled", "Summary", text)
	}
	a.showResults(sum.Results, text)
}

func (a *Area) showFailure(name string, err error) {
	a.progress.SetValue(0)
	if errors.Is(err, context.Canceled) {
		a.status.SetText(i18n.T("verifytab.cancelled-reading", "Name", name))
		return
	}
	a.status.SetText(prose.Sentence(err.Error()))
}

// start runs j on the tab's runner after stopping the current run. The
// function j returns shows its outcome on the UI thread, unless a newer run
// started meanwhile.
func (a *Area) start(j job.Func[verifyProgress]) {
	a.setRunning(true)
	a.progress.SetValue(0)
	a.runner.Start(func(ctx context.Context, progress func(verifyProgress)) func() {
		show := j(ctx, progress)
		return func() {
			show()
			a.setRunning(false)
		}
	}, a.setProgress, a.ended)
}

// ended runs on the UI thread after each run, shown or dropped.
func (a *Area) ended() {
	if a.onDone != nil {
		a.onDone()
	}
}

// Cancel cancels the current run; what it found so far is still shown. It
// does nothing when no run is going.
func (a *Area) Cancel() { a.runner.Cancel() }

// Close stops any run; the window is closing.
func (a *Area) Close() { a.runner.Stop() }

// verifyProgress is one progress report of a run: done of total addresses
// verified or, while a log is read, done of size bytes (size is -1 when
// the log's length is unknown).
type verifyProgress struct {
	reading     bool
	done, total int64
	size        int64
}

// verifyPhase names the phase of a report, so that the first report of
// the verification after the reading always reaches the bar.
func verifyPhase(p verifyProgress) string {
	if p.reading {
		return "reading"
	}
	return "verifying"
}

// text is the status line of the report.
func (p verifyProgress) text() string {
	switch {
	case !p.reading:
		return i18n.T("verifytab.progress-verified", "Done", p.done, "Total", p.total)
	case p.size < 0:
		return i18n.T("verifytab.progress-read", "Bytes", kit.BytesText(p.done))
	}
	return i18n.T("verifytab.progress-read-of", "Done", p.done, "Bytes", kit.BytesText(p.size))
}

// verifyCounting turns VerifyAll's progress into reports.
func verifyCounting(progress func(verifyProgress)) func(done, total int64) {
	return func(done, total int64) {
		progress(verifyProgress{done: done, total: total, size: -1})
	}
}

// verifyLogProgress follows ScanLog's two phases: bytes read (total =
// size), then addresses verified (total = distinct addresses).
func verifyLogProgress(progress func(verifyProgress), size int64) func(done, total int64) {
	reading := true
	return func(done, total int64) {
		if reading && total != size {
			reading = false
		}
		progress(verifyProgress{reading: reading, done: done, total: total, size: size})
	}
}

// setProgress shows a report on the bar and the status line.
func (a *Area) setProgress(p verifyProgress) {
	if p.total > 0 {
		a.progress.SetValue(float64(p.done) / float64(p.total))
	}
	a.status.SetText(p.text())
}

// verifyResultsText sums up a run of pasted addresses.
func verifyResultsText(results []verify.Result, cancelled bool) string {
	count := map[verify.Verdict]int64{}
	for _, r := range results {
		count[r.Verdict]++
	}
	id := "verifytab.results"
	if count[verify.Unverifiable] > 0 {
		id = "verifytab.results-unverifiable"
	}
	s := i18n.T(id, "Count", int64(len(results))-count[verify.NotAnAddress], "Verified", count[verify.Verified],
		"Fake", count[verify.Fake], "Unknown", count[verify.Unknown], "Unverifiable", count[verify.Unverifiable])
	if n := count[verify.NotAnAddress]; n > 0 {
		s = i18n.Then(s, i18n.T("verifytab.not-addresses", "Count", n))
	}
	if cancelled {
		s = i18n.T("verifytab.results-cancelled", "Summary", s)
	}
	return s
}

// verifyLogText sums up a scanned log.
func verifyLogText(name string, s *verify.LogSummary) string {
	text := i18n.T("verifytab.log", "Name", name, "Count", s.Lines, "Crawler", s.CrawlerLines, "Junk", s.JunkLines)
	for _, c := range s.Crawlers {
		id := "verifytab.log-crawler"
		if c.Unverifiable > 0 {
			id = "verifytab.log-crawler-unverifiable"
		}
		text = i18n.Then(text, i18n.T(id, "Crawler", c.Claimed, "Requests", i18n.T("verifytab.requests", "Count", c.Requests),
			"Addresses", i18n.T("verifytab.addresses", "Count", c.IPs), "Verified", c.Verified, "Fake", c.Fake,
			"Unknown", c.Unknown, "Unverifiable", c.Unverifiable))
	}
	for _, c := range s.Caveats() {
		text = i18n.Then(text, c)
	}
	if s.UntrackedLines > 0 {
		text = i18n.Then(text, i18n.T("verifytab.log-untracked", "Count", s.UntrackedLines))
	}
	return text
}
