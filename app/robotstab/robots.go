package robotstab

import (
	"context"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// robotsDebounce is how long the robots.txt text must rest before the grid
// is evaluated again: typing stays fluid, the grid follows within a beat.
const robotsDebounce = 200 * time.Millisecond

// Data is what the Robots tab starts from, prepared off the UI
// thread: the host's robots.txt outcome, the profile and the URLs to test.
type Data struct {
	host        string // draft key: scheme://host:port of the page
	outcome     *robots.Outcome
	live        string // the live file as the editor shows it, "" when there is none
	liveSize    int64  // the live file's bytes (the text may differ in length)
	liveNote    string // how the text differs from the bytes, "" when it does not
	profileName string
	chain       []string
	ignoreStar  bool
	URLs        []string
	grid        *robotsGrid // the live file's grid
}

// Area is the Robots tab: the robots.txt in an editable area with line
// numbers and its 500 KiB ruler, the outcome and policy as a sentence, the
// URLs × tokens grid with the why-trace of the selected cell, and the lint
// list. Editing re-evaluates the grid live and autosaves a draft per host.
// A file longer than robotsEditMax is listed read-only until the user asks
// to edit it anyway.
type Area struct {
	bridge   *job.Bridge
	prefs    prefs.Store
	data     Data
	extra    []string // tokens the user added
	grid     *robotsGrid
	headings []string // of grid's agent columns, set with their widths
	sel      widget.TableCellID
	hasSel   bool

	evals  *job.Runner[struct{}] // the evaluation waiting or running; a newer one drops it
	edited bool                  // the user changed the text since it was loaded or reverted

	readOnly   bool   // the text is too long for the editor: lines shows it
	editAnyway bool   // the user asked to edit a long text all the same
	shown      string // the text lines shows when readOnly

	outcome *kit.Paragraph
	draft   *widget.Label
	revert  *widget.Button
	restore *widget.Button // brings back the draft Revert replaced
	undo    string         // that draft, "" when there is none to bring back
	ruler   *byteview.Ruler
	size    *widget.Label
	note    *kit.Paragraph // how the editor's text differs from the live bytes
	gutter  *widget.Label
	editor  *kit.TextArea
	edit    *container.Scroll // the editor with its gutter
	lines   *robotsLines      // a long text, read-only
	long    *fyne.Container   // what says so, with "Edit anyway"
	leftTop *fyne.Container   // the heading, ruler and notes above the text
	longMsg *kit.Paragraph
	urls    *kit.TextArea
	token   *kit.EscEntry
	table   *kit.FrozenTable
	why     *widget.Label
	lint    *kit.Paragraph
	root    fyne.CanvasObject

	// onEvaluated, when set, runs on the UI thread after each grid update;
	// tests wait on it.
	onEvaluated func()
}

// New builds the Robots tab; its evaluations hand their grids over through
// b, and s keeps the drafts. Call it on the UI thread.
func New(b *job.Bridge, s prefs.Store) *Area {
	a := &Area{bridge: b, prefs: s, evals: job.NewRunner[struct{}](context.Background(), b, nil)}
	a.outcome = kit.NewParagraph(standaloneText())
	a.draft = widget.NewLabel("")
	a.draft.SizeName = theme.SizeNameCaptionText
	a.draft.Importance = widget.WarningImportance
	a.draft.Truncation = fyne.TextTruncateEllipsis
	a.revert = widget.NewButtonWithIcon(i18n.T("robotstab.revert"), theme.ContentUndoIcon(), a.onRevert)
	a.revert.Disable()
	a.restore = widget.NewButtonWithIcon(i18n.T("robotstab.restore"), theme.ContentRedoIcon(), a.onRestore)
	a.restore.Hide()
	a.ruler = byteview.NewRuler(byteview.RulerModel{LimitBytes: robots.MaxBytes})
	a.ruler.Compact = true
	a.ruler.Hidden = true // until a file large enough to show on it
	a.size = widget.NewLabel("")
	a.size.SizeName = theme.SizeNameCaptionText
	a.note = kit.NewParagraph("")
	a.note.SizeName = theme.SizeNameCaptionText
	a.note.Importance = widget.WarningImportance
	a.note.Hide()
	a.gutter = widget.NewLabelWithStyle("1", fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true})
	a.editor = newCodeEntry()
	a.editor.OnChanged = a.onEdited
	a.editor.OnCursorChanged = a.followCursor
	a.lines = newRobotsLines()
	a.longMsg = kit.NewParagraph("")
	a.longMsg.SizeName = theme.SizeNameCaptionText
	a.long = container.NewBorder(nil, nil, nil,
		widget.NewButtonWithIcon(i18n.T("robotstab.edit-anyway"), theme.DocumentCreateIcon(), a.onEditAnyway), a.longMsg)
	a.urls = kit.NewTextArea()
	a.urls.SetPlaceHolder(i18n.T("robotstab.urls-to-test"))
	a.urls.OnChanged = func(string) { a.schedule() }
	a.token = kit.NewEscEntry()
	a.token.SetPlaceHolder(i18n.T("robotstab.token-placeholder"))
	a.token.OnSubmitted = func(string) { a.onAddToken() }
	a.table = a.newTable()
	a.why = kit.MonoLabel()
	a.why.Wrapping = fyne.TextWrapWord // a trace is sentences: break between words
	a.lint = kit.NewParagraph("")
	a.root = a.layout()
	return a
}

// newCodeEntry is a multi-line monospace entry that grows with its text
// (the surrounding scroll scrolls it), so the line-number gutter beside it
// scrolls along.
func newCodeEntry() *kit.TextArea {
	e := kit.NewTextArea()
	e.TextStyle = fyne.TextStyle{Monospace: true}
	e.Wrapping = fyne.TextWrapOff
	e.Scroll = fyne.ScrollNone
	return e
}

func (a *Area) layout() fyne.CanvasObject {
	head := container.NewBorder(nil, nil, nil, container.NewHBox(a.restore, a.revert), a.outcome)
	a.edit = container.NewScroll(container.NewBorder(nil, nil, a.gutter, nil, a.editor))
	// The draft status shares the size line, which is always there, so
	// its appearing while the user types does not move the editor.
	sizeLine := container.NewBorder(nil, nil, a.size, nil, a.draft)
	a.leftTop = container.NewVBox(kit.Heading(i18n.T("robotstab.editor-heading")), a.ruler, sizeLine, a.note, a.long)
	left := container.NewBorder(a.leftTop, nil, nil, nil, container.NewStack(a.edit, a.lines.list))
	a.showMode()
	addToken := widget.NewButtonWithIcon(i18n.T("robotstab.add-token"), theme.ContentAddIcon(), a.onAddToken)
	inputs := container.NewBorder(kit.Heading(i18n.T("robotstab.urls-to-test")),
		container.NewBorder(nil, nil, nil, container.NewHBox(addToken, a.aiButton()), a.token), nil, nil, a.urls)
	// The grid gets most of the height: at 768 px it shows half a dozen
	// rows, not two.
	grid := container.NewVSplit(inputs, a.table)
	grid.Offset = 0.15
	details := container.NewVScroll(container.NewVBox(kit.Heading(i18n.T("robotstab.why-heading")), a.why, kit.Heading(i18n.T("robotstab.lint-heading")), a.lint))
	right := container.NewVSplit(grid, details)
	right.Offset = 0.72
	split := container.NewHSplit(left, right)
	split.Offset = 0.4
	return container.NewBorder(head, nil, nil, nil, split)
}

// Content is the tab's content.
func (a *Area) Content() fyne.CanvasObject { return a.root }

// newTable makes the URLs × tokens grid: the URLs in a column that stays
// in place while the tokens' columns scroll sideways.
func (a *Area) newTable() *kit.FrozenTable {
	t := kit.NewFrozenTable(a.tableSize, func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}, a.updateCell, a.updateHeader)
	t.OnSelected = a.onSelect
	t.SetColumnWidth(0, robotsURLMax)
	return t
}

func (a *Area) tableSize() (int, int) {
	if a.grid == nil {
		return 0, 0
	}
	return len(a.grid.urls), 1 + len(a.grid.agents)
}

func (a *Area) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	if a.grid == nil || id.Row >= len(a.grid.urls) {
		l.SetText("")
		return
	}
	if id.Col == 0 {
		l.Importance = widget.MediumImportance
		l.SetText(a.grid.urls[id.Row])
		return
	}
	c := a.grid.cells[id.Row][id.Col-1]
	l.Importance = widget.SuccessImportance
	switch {
	case c.unchecked:
		l.Importance = widget.MediumImportance
	case c.differs:
		l.Importance = widget.WarningImportance
	case !c.v.Allowed:
		l.Importance = widget.DangerImportance
	}
	l.SetText(cellText(c))
}

func (a *Area) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	switch {
	case id.Row >= 0:
		l.SetText("")
	case id.Col == 0:
		l.SetText(i18n.T("robotstab.col-url"))
	case id.Col-1 < len(a.headings):
		l.SetText(a.headings[id.Col-1])
	default:
		l.SetText("")
	}
}

// Show loads a report's robots.txt: the saved draft for the host when
// there is one, else the live file.
func (a *Area) Show(d Data) {
	a.data = d
	a.dropUndo()
	a.outcome.SetText(outcomeText(d))
	a.urls.OnChanged = nil
	a.urls.SetText(strings.Join(d.URLs, "\n"))
	a.urls.OnChanged = func(string) { a.schedule() }
	text, restored := a.prefs.Draft(d.host)
	if !restored {
		text = d.live
	}
	a.edited = restored && text != d.live // a restored draft is the user's edit
	a.editAnyway = false
	a.note.SetText(d.liveNote)
	a.note.Hidden = d.liveNote == ""
	a.setText(text) // lays out the notes above it too
	a.setRuler(text)
	a.hasSel = false
	// The prepared grid has the profile's columns only: tokens the user
	// added stay, so the grid is evaluated again with them.
	if (restored && text != d.live) || len(a.extra) > 0 {
		a.schedule()
		return
	}
	a.apply(d.grid, text)
}

// onEdited marks the text as the user's and re-evaluates it.
func (a *Area) onEdited(string) {
	a.edited = true
	a.dropUndo() // the user's newer edit is the draft now
	a.schedule()
}

// schedule re-evaluates the grid once the text has rested for
// robotsDebounce, off the typing path: the wait and the evaluation run as a
// job on the tab's runner, and each edit starts a new job, which drops the
// one before (waiting or still evaluating) and so restarts the wait. Only
// the grid's showing runs on the UI thread.
func (a *Area) schedule() {
	text, urls := a.text(), splitURLs(a.urls.Text)
	agents := robotsAgents(a.data.profileName, a.data.chain, a.data.ignoreStar, a.extra)
	live, unchanged := a.data.outcome, text == a.data.live
	a.evals.Start(func(ctx context.Context, _ func(struct{})) func() {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(robotsDebounce):
		}
		g := evalRobots([]byte(text), live, unchanged, urls, agents)
		return func() { a.apply(g, text) }
	}, nil, nil)
}

// apply shows a grid evaluated for text and saves or forgets the draft.
func (a *Area) apply(g *robotsGrid, text string) {
	a.grid = g
	a.setGutter(text, 0)
	a.setRuler(text)
	a.saveDraft(text)
	if g != nil {
		a.lint.SetText(lintText(g.issues))
		a.sizeColumns(g)
	}
	a.table.Refresh()
	switch {
	case a.hasSel:
		a.showCell(a.sel) // the cursor stays where the user is typing
	case g != nil && len(g.agents) == 0:
		a.why.SetText(i18n.T("robotstab.why-no-token"))
	case g != nil && len(g.urls) == 0:
		a.why.SetText(i18n.T("robotstab.why-no-url"))
	default:
		a.why.SetText(i18n.T("robotstab.why-select"))
	}
	if a.onEvaluated != nil {
		a.onEvaluated()
	}
}

// saveDraft keeps the user's edit of the host's robots.txt, or forgets the
// draft once the text is the live file again. Only an edit is saved: a text
// the user never touched (or typed back to the live file) is not, so
// inspecting the demo site, whose port changes every run, leaves nothing
// behind.
func (a *Area) saveDraft(text string) {
	if a.data.host == "" {
		return
	}
	if text == a.data.live || !a.edited {
		a.edited = false
		a.prefs.ClearDraft(a.data.host)
		a.draft.SetText("")
		a.revert.Disable()
		return
	}
	a.prefs.SetDraft(a.data.host, text)
	a.draft.SetText(i18n.T("robotstab.draft-saved"))
	a.revert.Enable()
}

// onRevert puts the live file back in the editor, at its top. The draft it
// replaces is not lost: "Restore my draft" brings it back until the text is
// edited again or another file is shown.
func (a *Area) onRevert() {
	if a.edited && a.text() != a.data.live {
		a.undo = a.text()
		a.restore.Show()
	}
	a.setText(a.data.live)
	a.edit.ScrollToTop()
	a.schedule()
}

// onRestore brings back the draft that Revert replaced.
func (a *Area) onRestore() {
	text := a.undo
	a.dropUndo()
	if text == "" {
		return
	}
	a.edited = true
	a.setText(text)
	a.schedule()
}

// dropUndo forgets the draft Revert replaced.
func (a *Area) dropUndo() {
	a.undo = ""
	a.restore.Hide()
}

func (a *Area) onAddToken() {
	t := strings.ToLower(strings.TrimSpace(a.token.Text))
	if t == "" {
		return
	}
	a.extra = append(a.extra, t)
	a.token.SetText("")
	a.schedule()
}

// onSelect shows the why-trace of the selected cell, marks its deciding
// line and puts the editor's cursor on it.
func (a *Area) onSelect(id widget.TableCellID) {
	line, ok := a.showCell(id)
	switch {
	case ok && a.readOnly:
		a.lines.mark(line)
	case ok && line > 0:
		a.editor.CursorRow = line - 1
		a.editor.CursorColumn = 0
		a.editor.Refresh()
	}
}

// showCell shows a cell's why-trace and marks its deciding line in the
// gutter; it returns that line (0 for none) and whether the cell exists.
func (a *Area) showCell(id widget.TableCellID) (int, bool) {
	if a.grid == nil || id.Row < 0 || id.Row >= len(a.grid.urls) || id.Col < 1 || id.Col > len(a.grid.agents) {
		return 0, false
	}
	a.sel, a.hasSel = id, true
	c := a.grid.cells[id.Row][id.Col-1]
	a.why.SetText(whyText(a.grid.urls[id.Row], a.grid.agents[id.Col-1], c))
	a.setGutter(a.text(), c.v.Line)
	return c.v.Line, true
}

// CopyText is the selected cell's explanation, for Ctrl+C.
func (a *Area) CopyText() string {
	if !a.hasSel || a.grid == nil {
		return ""
	}
	id := a.sel
	return whyText(a.grid.urls[id.Row], a.grid.agents[id.Col-1], a.grid.cells[id.Row][id.Col-1])
}

// setGutter numbers the lines of text, marking line mark (1-based, 0 for
// none) with an arrow. A read-only text numbers its own lines.
func (a *Area) setGutter(text string, mark int) {
	if a.readOnly {
		return
	}
	n := strings.Count(text, "\n") + 1
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i == mark {
			b.WriteString("▶ ")
		}
		b.WriteString(kit.Itoa(i))
		if i < n {
			b.WriteByte('\n')
		}
	}
	a.gutter.SetText(b.String())
}

// rulerShownFrom is the smallest file whose ruler is shown: a typical
// robots.txt of a few hundred bytes is an invisible sliver of the 500 KiB
// scale, an empty bar that only looks like a ruler; the size line says its
// size in words.
const rulerShownFrom = robots.MaxBytes / 10

// setRuler draws the text's size against Google's 500 KiB robots.txt limit,
// to the scale of that limit, once the file is large enough to show on
// it: the live file counts as its bytes as read.
func (a *Area) setRuler(text string) {
	size := int64(len(text))
	if text == a.data.live && a.data.live != "" {
		size = a.data.liveSize
	}
	m := byteview.RulerModel{BodyBytes: size, LimitBytes: robots.MaxBytes, ScaleBytes: max(size, robots.MaxBytes)}
	if size > robots.MaxBytes {
		cut := int64(robots.MaxBytes)
		m.Cutoff = &cut
	}
	a.ruler.SetModel(m)
	if hide := size < rulerShownFrom; hide != a.ruler.Hidden {
		a.ruler.Hidden = hide
		a.leftTop.Refresh()
	}
	id := "robotstab.size"
	if size > robots.MaxBytes {
		id = "robotstab.size-over"
	}
	a.size.SetText(i18n.T(id, "Size", kit.BytesText(size), "Limit", robots.MaxBytes))
}

// Text is the robots.txt text in the editor.
func (a *Area) Text() string { return a.editor.Text }

// GridURLs are the URLs of the grid's rows, nil before a grid is shown.
func (a *Area) GridURLs() []string {
	if a.grid == nil {
		return nil
	}
	return a.grid.urls
}

// Filled reports whether a report's robots.txt outcome was shown.
func (a *Area) Filled() bool { return a.data.outcome != nil || a.grid != nil }

// Close stops a pending evaluation; the window is closing.
func (a *Area) Close() {
	a.evals.Stop()
}

// standaloneText is the outcome line before any inspection.
func standaloneText() string { return i18n.T("robotstab.standalone") }

// outcomeText is the fetch outcome and the policy applied, as sentences.
func outcomeText(d Data) string {
	o := d.outcome
	if o == nil {
		return i18n.T("robotstab.none-consulted")
	}
	s := i18n.T("robotstab.outcome", "URL", o.RobotsURL, "Reason", o.Reason)
	if size := o.SizeText(); size != "" {
		s = i18n.Then(s, i18n.T("robotstab.outcome-size", "Size", size))
	}
	if o.LooksLikeHTML {
		s = i18n.Then(s, i18n.T("robotstab.outcome-html"))
	}
	return i18n.Then(s, i18n.T("robotstab.outcome-policy"))
}
