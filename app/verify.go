package app

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect/verify"
)

// verifyMaxPasted bounds the addresses taken from the text box; a log file
// is the way to check more.
const verifyMaxPasted = 100_000

// verifyColumn is one column of the results table.
type verifyColumn struct {
	title string
	width float32
}

// The results table's columns, in order.
const (
	verifyColIP = iota
	verifyColClaimed
	verifyColVerdict
	verifyColEvidence // beside the verdict, so it is on screen at 1024 px
	verifyColRequests
	verifyColReverse
	verifyColForward
	verifyColRange
	verifyCols
)

var verifyColumns = [verifyCols]verifyColumn{
	{"IP", 150}, {"Claimed", 110}, {"Verdict", 80}, {"Evidence", 600}, {"Requests", 80},
	{"Reverse DNS", 260}, {"Forward-confirmed", 150}, {"Range match", 260},
}

// verifyRow is a result with its address parsed once, for sorting.
type verifyRow struct {
	res  verify.Result
	addr netip.Addr
}

// verifyArea is the Verify tab: paste addresses (one per line, optionally
// followed by the crawler they claim) or open an access log; the checks run
// in the background with a progress bar and a Cancel button; the results
// fill a sortable table that copies or exports as CSV. The Google IP range
// files in use are shown with their dates and can be replaced by newer ones.
type verifyArea struct {
	win      fyne.Window
	verifier *verify.Verifier
	bridge   bridge

	mu     sync.Mutex // guards cancel and gen, set on the UI thread, read by workers
	cancel context.CancelFunc
	gen    uint64 // number of the current run; a late run's results are dropped

	rows     []verifyRow
	sortCol  int
	sortDesc bool

	input     *widget.Entry
	verifyBtn *widget.Button
	openBtn   *widget.Button
	cancelBtn *widget.Button
	copyBtn   *widget.Button
	exportBtn *widget.Button
	progress  *widget.ProgressBar
	status    *widget.Label
	ranges    *widget.Label
	table     *widget.Table
	evidence  *widget.Label
	root      fyne.CanvasObject

	// onDone, when set, runs on the UI thread after a run's results (or its
	// failure) are shown, and after a ranges file or CSV export is handled;
	// tests wait on it.
	onDone func()
}

// newVerifier is the verifier the window uses: the system's resolver and
// the range files bundled with Cutoff.
func newVerifier() *verify.Verifier {
	ranges, err := verify.Bundled()
	if err != nil { // the bundled files are tested; keep working on DNS alone
		ranges = verify.NewRanges()
	}
	return &verify.Verifier{Resolver: net.DefaultResolver, Ranges: ranges}
}

func newVerifyArea(win fyne.Window, v *verify.Verifier) *verifyArea {
	if v.Ranges == nil {
		v.Ranges = verify.NewRanges() // so that a loaded file has a place to go
	}
	a := &verifyArea{win: win, verifier: v, sortCol: -1}
	a.input = widget.NewMultiLineEntry()
	a.input.SetPlaceHolder("66.249.66.1 googlebot\n157.55.39.1 bingbot\n2001:4860:4801:10::1")
	a.input.Wrapping = fyne.TextWrapOff
	a.verifyBtn = widget.NewButtonWithIcon("Verify", theme.ConfirmIcon(), a.onVerify)
	a.verifyBtn.Importance = widget.HighImportance
	a.openBtn = widget.NewButtonWithIcon("Open log file…", theme.FolderOpenIcon(), a.onOpenLog)
	a.cancelBtn = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), a.onCancel)
	a.cancelBtn.Disable()
	a.copyBtn = widget.NewButtonWithIcon("Copy CSV", theme.ContentCopyIcon(), a.onCopyCSV)
	a.exportBtn = widget.NewButtonWithIcon("Export CSV…", theme.DocumentSaveIcon(), a.onExportCSV)
	a.progress = widget.NewProgressBar()
	a.progress.Hide()
	a.status = widget.NewLabel("Paste addresses or open an access log to check which crawlers are genuine.")
	a.status.Wrapping = fyne.TextWrapWord
	a.ranges = widget.NewLabel(verifyRangesText(v.Ranges.Files()))
	a.ranges.Wrapping = fyne.TextWrapWord
	a.evidence = widget.NewLabel("")
	a.evidence.Wrapping = fyne.TextWrapWord
	a.evidence.Selectable = true
	a.table = a.newTable()
	a.setResultButtons()
	a.root = a.layout()
	return a
}

func (a *verifyArea) layout() fyne.CanvasObject {
	loadRanges := widget.NewButtonWithIcon("Load newer ranges file…", theme.UploadIcon(), a.onLoadRanges)
	top := container.NewBorder(nil, nil, nil, loadRanges, a.ranges)
	buttons := container.NewHBox(a.verifyBtn, a.openBtn, a.cancelBtn)
	input := container.NewBorder(
		heading("Addresses, one per line, optionally followed by the crawler they claim (default: any known crawler)"),
		buttons, nil, nil, a.input)
	csv := container.NewHBox(a.copyBtn, a.exportBtn)
	head := container.NewVBox(a.progress, container.NewBorder(nil, nil, nil, csv, a.status))
	foot := container.NewVBox(heading("Evidence for the selected row"), a.evidence)
	results := container.NewBorder(head, foot, nil, nil, a.table)
	split := container.NewVSplit(input, results)
	split.Offset = 0.3
	return container.NewBorder(top, nil, nil, nil, split)
}

func (a *verifyArea) content() fyne.CanvasObject { return a.root }

func (a *verifyArea) newTable() *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return len(a.rows), verifyCols },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		a.updateCell)
	t.ShowHeaderColumn = false
	t.CreateHeader = newSortHeader
	t.UpdateHeader = a.updateHeader
	t.OnSelected = a.onSelect
	for i, c := range verifyColumns {
		t.SetColumnWidth(i, c.width)
	}
	return t
}

func (a *verifyArea) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	b, ok := o.(*widget.Button)
	if !ok || id.Col < 0 || id.Col >= verifyCols {
		return
	}
	title := verifyColumns[id.Col].title
	if id.Col == a.sortCol && a.sortDesc {
		title += " ▼"
	} else if id.Col == a.sortCol {
		title += " ▲"
	}
	b.SetText(title)
	col := id.Col
	b.OnTapped = func() { a.onSort(col) }
}

func (a *verifyArea) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	l, ok := o.(*widget.Label)
	if !ok || id.Row < 0 || id.Row >= len(a.rows) {
		return
	}
	r := &a.rows[id.Row].res
	l.Importance = widget.MediumImportance
	if id.Col == verifyColVerdict {
		l.Importance = verifyImportance(r.Verdict)
	}
	l.SetText(verifyCell(r, id.Col))
}

// verifyCell is the text of one cell.
func verifyCell(r *verify.Result, col int) string {
	switch col {
	case verifyColIP:
		return r.IP
	case verifyColClaimed:
		return cmp.Or(r.Claimed, "any")
	case verifyColVerdict:
		return string(r.Verdict)
	case verifyColRequests:
		if r.Requests == 0 {
			return ""
		}
		return commas(r.Requests)
	case verifyColReverse:
		return strings.Join(r.ReverseDNS, " ")
	case verifyColForward:
		if r.ForwardConfirmed {
			return "yes"
		}
		return "no"
	case verifyColRange:
		if !r.Ranges.Matched {
			return ""
		}
		return verify.RangeText(r.Ranges)
	case verifyColEvidence:
		return r.Evidence
	}
	return ""
}

func verifyImportance(v verify.Verdict) widget.Importance {
	switch v {
	case verify.Verified:
		return widget.SuccessImportance
	case verify.Fake:
		return widget.DangerImportance
	}
	return widget.WarningImportance
}

func (a *verifyArea) onSelect(id widget.TableCellID) {
	if id.Row < 0 || id.Row >= len(a.rows) {
		return
	}
	r := a.rows[id.Row].res
	text := r.IP + ": " + r.Evidence
	if r.Error != "" {
		text += "\nDNS: " + r.Error
	}
	a.evidence.SetText(text)
}

// onSort sorts by col, or reverses the order when col is already the key.
func (a *verifyArea) onSort(col int) {
	if col == a.sortCol {
		a.sortDesc = !a.sortDesc
	} else {
		a.sortCol, a.sortDesc = col, false
	}
	a.sortRows()
	a.table.Refresh()
}

func (a *verifyArea) sortRows() {
	if a.sortCol < 0 {
		return
	}
	slices.SortStableFunc(a.rows, func(x, y verifyRow) int {
		c := verifyCompare(&x, &y, a.sortCol)
		if a.sortDesc {
			return -c
		}
		return c
	})
}

// verifyCompare orders two rows by one column: addresses numerically,
// verdicts fake first, requests by count, the rest as text.
func verifyCompare(x, y *verifyRow, col int) int {
	switch col {
	case verifyColIP:
		return x.addr.Compare(y.addr)
	case verifyColVerdict:
		return cmp.Compare(verifyVerdictRank(x.res.Verdict), verifyVerdictRank(y.res.Verdict))
	case verifyColRequests:
		return cmp.Compare(x.res.Requests, y.res.Requests)
	}
	return strings.Compare(verifyCell(&x.res, col), verifyCell(&y.res, col))
}

func verifyVerdictRank(v verify.Verdict) int {
	switch v {
	case verify.Fake:
		return 0
	case verify.Unknown:
		return 1
	}
	return 2
}

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
func (a *verifyArea) onVerify() {
	claims, dropped := verifyParseInput(a.input.Text)
	if len(claims) == 0 {
		a.status.SetText("Paste at least one IP address, one per line.")
		return
	}
	note := ""
	if dropped > 0 {
		note = fmt.Sprintf(" (%s more lines left out: open them as a log file instead)", commas(int64(dropped)))
	}
	a.status.SetText(fmt.Sprintf("Verifying %s%s…", verifyCount(int64(len(claims)), "address", "addresses"), note))
	a.start(func(ctx context.Context, gen uint64) func() {
		results := a.verifier.VerifyAll(ctx, claims, a.progressFunc(gen, "addresses verified"))
		return func() { a.showResults(results, verifyResultsText(results, ctx.Err() != nil)) }
	})
}

// onOpenLog asks for an access log and scans it.
func (a *verifyArea) onOpenLog() {
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
	showFileDialog(d, a.win)
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
func (a *verifyArea) startLog(rc io.ReadCloser, name string, size int64) {
	a.status.SetText("Reading " + name + "…")
	a.start(func(ctx context.Context, gen uint64) func() {
		defer rc.Close()
		var r io.Reader = rc
		if size >= 0 {
			r = verifySizedReader{rc, size}
		}
		// A log holds thousands of genuine Googlebot addresses: let the
		// published ranges decide those, and ask DNS only about the rest.
		v := *a.verifier
		v.TrustRanges = true
		sum, err := verify.ScanLog(ctx, r, &v, a.logProgress(gen, size))
		return func() { a.showLog(name, sum, err) }
	})
}

func (a *verifyArea) showLog(name string, sum *verify.LogSummary, err error) {
	if sum == nil {
		a.showFailure(name, err)
		return
	}
	text := verifyLogText(name, sum)
	if err != nil {
		text = "Cancelled: " + text
	}
	a.showResults(sum.Results, text)
}

func (a *verifyArea) showFailure(name string, err error) {
	a.progress.SetValue(0)
	if errors.Is(err, context.Canceled) {
		a.status.SetText("Cancelled while reading " + name + ".")
		return
	}
	a.status.SetText(sentence(err.Error()))
}

// start runs work on a new goroutine after cancelling the current run. work
// returns the function that shows its outcome; it runs on the UI thread,
// unless a newer run started meanwhile.
func (a *verifyArea) start(work func(ctx context.Context, gen uint64) (show func())) {
	ctx, gen := a.begin()
	a.setRunning(true)
	a.progress.SetValue(0)
	go func() {
		show := work(ctx, gen)
		a.bridge.do(func() {
			if a.current(gen) {
				show()
				a.setRunning(false)
				a.finishRun(gen)
			}
			if a.onDone != nil {
				a.onDone()
			}
		})
	}()
}

// begin cancels the current run and opens a new one.
func (a *verifyArea) begin() (context.Context, uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cancel != nil {
		a.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	a.gen++
	return ctx, a.gen
}

func (a *verifyArea) current(gen uint64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.gen == gen
}

// finishRun releases the run's context once it is over.
func (a *verifyArea) finishRun(gen uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.gen == gen && a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
}

func (a *verifyArea) onCancel() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cancel != nil {
		a.cancel()
	}
}

// close cancels any run; the window is closing.
func (a *verifyArea) close() { a.onCancel() }

func (a *verifyArea) setRunning(on bool) {
	for _, b := range []*widget.Button{a.verifyBtn, a.openBtn} {
		if on {
			b.Disable()
		} else {
			b.Enable()
		}
	}
	if on {
		a.cancelBtn.Enable()
		a.progress.Show() // only while a run works: an idle "0%" reads as work pending
	} else {
		a.cancelBtn.Disable()
		a.progress.Hide()
	}
}

// progressFunc hands throttled progress (verify throttles it) to the bar.
func (a *verifyArea) progressFunc(gen uint64, unit string) func(done, total int64) {
	return func(done, total int64) {
		a.bridge.do(func() {
			if a.current(gen) {
				a.setProgress(done, total, fmt.Sprintf("%s of %s %s…", commas(done), commas(total), unit))
			}
		})
	}
}

// logProgress follows ScanLog's two phases: bytes read (total = size), then
// addresses verified (total = distinct addresses).
func (a *verifyArea) logProgress(gen uint64, size int64) func(done, total int64) {
	reading := true
	return func(done, total int64) {
		if reading && total != size {
			reading = false
		}
		text := fmt.Sprintf("%s of %s addresses verified…", commas(done), commas(total))
		if reading && size < 0 {
			text = fmt.Sprintf("%s read…", bytesText(done))
		} else if reading {
			text = fmt.Sprintf("%s of %s read…", commas(done), bytesText(size))
		}
		a.bridge.do(func() {
			if a.current(gen) {
				a.setProgress(done, total, text)
			}
		})
	}
}

func (a *verifyArea) setProgress(done, total int64, text string) {
	if total > 0 {
		a.progress.SetValue(float64(done) / float64(total))
	}
	a.status.SetText(text)
}

func (a *verifyArea) showResults(results []verify.Result, text string) {
	results, text = explainDNS(results, text)
	a.rows = make([]verifyRow, len(results))
	for i, r := range results {
		addr, _ := netip.ParseAddr(r.IP)
		a.rows[i] = verifyRow{res: r, addr: addr}
	}
	a.sortRows()
	a.progress.SetValue(1)
	a.status.SetText(text)
	a.evidence.SetText("")
	a.table.UnselectAll()
	a.table.Refresh()
	a.setResultButtons()
}

func (a *verifyArea) setResultButtons() {
	for _, b := range []*widget.Button{a.copyBtn, a.exportBtn} {
		if len(a.rows) == 0 {
			b.Disable()
		} else {
			b.Enable()
		}
	}
}

// verifyResultsText sums up a run of pasted addresses.
func verifyResultsText(results []verify.Result, cancelled bool) string {
	var verified, fake, unknown int64
	for _, r := range results {
		switch r.Verdict {
		case verify.Verified:
			verified++
		case verify.Fake:
			fake++
		default:
			unknown++
		}
	}
	s := fmt.Sprintf("%s: %s verified, %s fake, %s unknown.",
		verifyCount(int64(len(results)), "address", "addresses"), commas(verified), commas(fake), commas(unknown))
	if cancelled {
		s = "Cancelled; " + s + " Addresses not checked are unknown."
	}
	return s
}

// verifyLogText sums up a scanned log.
func verifyLogText(name string, s *verify.LogSummary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s claiming a known crawler, %s junk.",
		name, verifyCount(s.Lines, "line", "lines"), commas(s.CrawlerLines), commas(s.JunkLines))
	for _, c := range s.Crawlers {
		fmt.Fprintf(&b, " %s: %s from %s (%s verified, %s fake, %s unknown).",
			c.Claimed, verifyCount(c.Requests, "request", "requests"),
			verifyCount(int64(c.IPs), "address", "addresses"), commas(int64(c.Verified)),
			commas(int64(c.Fake)), commas(int64(c.Unknown)))
	}
	if s.UntrackedLines > 0 {
		fmt.Fprintf(&b, " %s crawler lines came from too many distinct addresses and were not checked.", commas(s.UntrackedLines))
	}
	return b.String()
}

// csvText renders the rows, in table order, as CSV.
func (a *verifyArea) csvText() string {
	var b bytes.Buffer
	if err := verify.WriteCSV(&b, a.results()); err != nil {
		return ""
	}
	return b.String()
}

// results returns the rows' results in table order.
func (a *verifyArea) results() []verify.Result {
	out := make([]verify.Result, len(a.rows))
	for i, r := range a.rows {
		out[i] = r.res
	}
	return out
}

func (a *verifyArea) onCopyCSV() {
	if len(a.rows) == 0 {
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(a.csvText())
	a.status.SetText(fmt.Sprintf("Copied %s as CSV.", verifyCount(int64(len(a.rows)), "row", "rows")))
}

func (a *verifyArea) onExportCSV() {
	if len(a.rows) == 0 {
		return
	}
	results := a.results()
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			dialog.ShowError(err, a.win)
			return
		}
		if wc != nil {
			go a.exportCSV(wc, wc.URI().Name(), results)
		}
	}, a.win)
	d.SetFileName("verify-" + time.Now().Format("2006-01-02") + ".csv")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".csv"}))
	showFileDialog(d, a.win)
}

// exportCSV writes results to wc and closes it; any goroutine may call it.
func (a *verifyArea) exportCSV(wc io.WriteCloser, name string, results []verify.Result) {
	err := verify.WriteCSV(wc, results)
	if cerr := wc.Close(); err == nil {
		err = cerr
	}
	a.bridge.do(func() {
		if err != nil {
			a.status.SetText("Could not write " + name + ": " + sentence(err.Error()))
		} else {
			a.status.SetText(fmt.Sprintf("Wrote %s to %s.", verifyCount(int64(len(results)), "row", "rows"), name))
		}
		if a.onDone != nil {
			a.onDone()
		}
	})
}

func (a *verifyArea) onLoadRanges() {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, a.win)
			return
		}
		if rc != nil {
			go a.loadRanges(rc, rc.URI().Name())
		}
	}, a.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	showFileDialog(d, a.win)
}

// loadRanges reads a Google range file from rc (closed when done) and puts
// it in place of the one with the same name; any goroutine may call it.
func (a *verifyArea) loadRanges(rc io.ReadCloser, name string) {
	data, err := io.ReadAll(io.LimitReader(rc, verify.MaxRangeFileBytes+1))
	rc.Close()
	if err == nil {
		err = a.verifier.Ranges.Replace(name, data)
	}
	files := a.verifier.Ranges.Files()
	a.bridge.do(func() {
		if err != nil {
			dialog.ShowError(fmt.Errorf("%s", sentence(strings.TrimPrefix(err.Error(), "verify: "))), a.win)
		} else {
			a.ranges.SetText(verifyRangesText(files))
			a.status.SetText("Loaded " + name + ". Verify again to use it.")
		}
		if a.onDone != nil {
			a.onDone()
		}
	})
}

// verifyRangesText lists the range files in use with their dates.
func verifyRangesText(files []verify.RangeFileInfo) string {
	if len(files) == 0 {
		return "No Google IP range file is loaded: only DNS decides."
	}
	parts := make([]string, len(files))
	for i, f := range files {
		origin := "loaded"
		if f.Bundled {
			origin = "bundled"
		}
		parts[i] = fmt.Sprintf("%s of %s (%s, %s prefixes)", f.Name, f.Created.Format(time.DateOnly), origin, commas(int64(f.Prefixes)))
	}
	return "Google IP ranges: " + strings.Join(parts, "; ") + "."
}

// verifyCount is n followed by the singular or plural noun.
func verifyCount(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return commas(n) + " " + many
}
