package verifytab

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
	"github.com/cutoffapp/cutoff/verify"
)

// Area is the Verify tab: paste addresses (one per line, optionally
// followed by the crawler they claim) or open an access log; the checks run
// in the background with a progress bar and a Cancel button; the results
// fill a sortable table that copies or exports as CSV. The Google IP range
// files in use are shown with their dates and can be replaced by newer ones.
type Area struct {
	win      fyne.Window
	verifier *verify.Verifier
	bridge   *job.Bridge
	runner   *job.Runner[verifyProgress]

	rows     []verifyRow
	selected int // row, -1 when none
	sortCol  int
	sortDesc bool

	input     *kit.TextArea
	verifyBtn *widget.Button
	openBtn   *widget.Button
	cancelBtn *widget.Button
	copyBtn   *widget.Button
	exportBtn *widget.Button
	progress  *widget.ProgressBar
	status    *kit.Paragraph
	ranges    *kit.Paragraph
	table     *widget.Table
	evidence  *widget.Label
	root      fyne.CanvasObject

	// onDone, when set, runs on the UI thread after a run's results (or its
	// failure) are shown, and after a ranges file or CSV export is handled;
	// tests wait on it.
	onDone func()
}

// NewVerifier is the verifier the window uses: the system's resolver and
// the range files bundled with Cutoff.
func NewVerifier() *verify.Verifier {
	ranges, err := verify.Bundled()
	if err != nil { // the bundled files are tested; keep working on DNS alone
		ranges = verify.NewRanges()
	}
	return &verify.Verifier{Resolver: net.DefaultResolver, Ranges: ranges}
}

// New builds the Verify tab; its runs are rooted in ctx, the
// window's context, and hand their results over through b.
func New(ctx context.Context, b *job.Bridge, win fyne.Window, v *verify.Verifier) *Area {
	if v.Ranges == nil {
		v.Ranges = verify.NewRanges() // so that a loaded file has a place to go
	}
	a := &Area{win: win, verifier: v, bridge: b, runner: job.NewRunner(ctx, b, verifyPhase), sortCol: -1, selected: -1}
	a.input = kit.NewTextArea()
	a.input.SetPlaceHolder("66.249.66.1 googlebot\n157.55.39.1 bingbot\n2001:4860:4801:10::1")
	a.input.Wrapping = fyne.TextWrapOff
	a.verifyBtn = widget.NewButtonWithIcon(i18n.T("verifytab.verify"), theme.ConfirmIcon(), a.onVerify)
	a.verifyBtn.Importance = widget.HighImportance
	a.openBtn = widget.NewButtonWithIcon(i18n.T("verifytab.open-log"), theme.FolderOpenIcon(), a.onOpenLog)
	a.cancelBtn = widget.NewButtonWithIcon(i18n.T("verifytab.cancel"), theme.CancelIcon(), a.Cancel)
	a.cancelBtn.Disable()
	a.copyBtn = widget.NewButtonWithIcon(i18n.T("verifytab.copy-csv"), theme.ContentCopyIcon(), a.onCopyCSV)
	a.exportBtn = widget.NewButtonWithIcon(i18n.T("verifytab.export-csv"), theme.DocumentSaveIcon(), a.onExportCSV)
	a.progress = widget.NewProgressBar()
	a.progress.Hide()
	a.progress.Hide()
	a.status = kit.NewParagraph(i18n.T("verifytab.idle"))
	a.ranges = kit.NewParagraph(verifyRangesText(v.Ranges.Status(time.Now())))
	a.evidence = widget.NewLabel("")
	a.evidence.Wrapping = fyne.TextWrapWord
	a.evidence.Selectable = true
	a.table = a.newTable()
	a.setResultButtons()
	a.root = a.layout()
	return a
}

func (a *Area) layout() fyne.CanvasObject {
	loadRanges := widget.NewButtonWithIcon(i18n.T("verifytab.load-ranges"), theme.UploadIcon(), a.onLoadRanges)
	top := container.NewBorder(nil, nil, nil, loadRanges, a.ranges)
	buttons := container.NewHBox(a.verifyBtn, a.openBtn, a.cancelBtn)
	input := container.NewBorder(
		kit.Heading(i18n.T("verifytab.input-heading")),
		buttons, nil, nil, a.input)
	csv := container.NewHBox(a.copyBtn, a.exportBtn)
	head := container.NewVBox(a.progress, container.NewBorder(nil, nil, nil, csv, a.status))
	foot := container.NewVBox(kit.Heading(i18n.T("verifytab.evidence-heading")), a.evidence)
	results := container.NewBorder(head, foot, nil, nil, a.table)
	split := container.NewVSplit(input, results)
	split.Offset = 0.3
	return container.NewBorder(top, nil, nil, nil, split)
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

func (a *Area) setRunning(on bool) {
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

func (a *Area) setResultButtons() {
	for _, b := range []*widget.Button{a.copyBtn, a.exportBtn} {
		if len(a.rows) == 0 {
			b.Disable()
		} else {
			b.Enable()
		}
	}
}

func (a *Area) onLoadRanges() {
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
	kit.ShowFileDialog(d, a.win)
}

// loadRanges reads a Google range file from rc (closed when done) and puts
// it in place of the one with the same name; any goroutine may call it.
func (a *Area) loadRanges(rc io.ReadCloser, name string) {
	data, err := io.ReadAll(io.LimitReader(rc, verify.MaxRangeFileBytes+1))
	rc.Close()
	if err == nil {
		err = a.verifier.Ranges.Replace(name, data)
	}
	files := a.verifier.Ranges.Status(time.Now())
	a.bridge.Do(func() {
		if err != nil {
			dialog.ShowError(fmt.Errorf("%s", prose.Sentence(strings.TrimPrefix(err.Error(), "verify: "))), a.win)
		} else {
			a.ranges.SetText(verifyRangesText(files))
			a.status.SetText(i18n.T("verifytab.ranges-loaded", "Name", name))
		}
		if a.onDone != nil {
			a.onDone()
		}
	})
}

// verifyRangesText lists every published range file: its date, age and
// origin when loaded (old ones flagged), or that it is missing.
func verifyRangesText(files []verify.FileStatus) string {
	var loaded, missing []string
	for _, f := range files {
		if !f.Loaded {
			missing = append(missing, f.Name)
			continue
		}
		origin := i18n.T("verifytab.origin-loaded")
		if f.Bundled {
			origin = i18n.T("verifytab.origin-bundled")
		}
		age := i18n.T("verifytab.age", "Count", f.AgeDays)
		if f.AgeDays < 0 {
			age = i18n.T("verifytab.age-future")
		}
		s := i18n.T("verifytab.range-file", "Name", f.Name, "Date", f.Created[:10], "Origin", origin, "Prefixes", f.Prefixes, "Age", age)
		if f.Stale {
			s = i18n.Then(s, i18n.T("verifytab.range-stale"))
		}
		loaded = append(loaded, s)
	}
	if len(loaded) == 0 {
		return i18n.T("verifytab.no-ranges")
	}
	text := i18n.T("verifytab.ranges", "List", i18n.Clauses(loaded))
	if len(missing) > 0 {
		text = i18n.Then(text, i18n.T("verifytab.ranges-missing", "List", i18n.List(missing)))
	}
	return text
}
