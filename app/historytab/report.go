package historytab

import (
	"bytes"
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// openSelected reads the selected inspection's saved report off the UI
// thread and shows its text read-only.
func (a *Area) openSelected() {
	if a.row < 0 || a.row >= len(a.items) {
		return
	}
	in := a.items[a.row]
	open := a.open
	a.runner.Start(func(ctx context.Context, _ func(struct{})) func() {
		text, err := reportText(ctx, open, in.ID)
		if err != nil {
			return func() { a.status.SetText(prose.Sentence(err.Error())) }
		}
		return func() {
			a.showText(i18n.T("historytab.report-title", "Time", timeText(in.Time), "Profile", in.Profile), text)
		}
	}, nil, a.loaded)
}

// ShowInTabs reads the selected inspection's saved report off the UI
// thread and shows it in the window's tabs, read-only (the "Show in the
// tabs" button).
func (a *Area) ShowInTabs() {
	if a.row < 0 || a.row >= len(a.items) {
		return
	}
	id, open, view := a.items[a.row].ID, a.open, a.view
	a.runner.Start(func(ctx context.Context, _ func(struct{})) func() {
		h, err := open(ctx)
		var r *inspect.Report
		if err == nil {
			r, err = h.Report(ctx, id)
		}
		if err != nil {
			return func() { a.status.SetText(prose.Sentence(err.Error())) }
		}
		return view(r)
	}, nil, a.loaded)
}

// reportText is inspection id's saved report as `cutoff inspect` writes
// it.
func reportText(ctx context.Context, open Opener, id int64) (string, error) {
	h, err := open(ctx)
	if err != nil {
		return "", err
	}
	r, err := h.Report(ctx, id)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := report.WriteText(&b, r); err != nil {
		return "", err
	}
	return b.String(), nil
}

// showText shows a saved report's text in a dialog over most of the
// window.
func (a *Area) showText(title, text string) {
	a.shownReport = text
	l := kit.MonoLabel()
	l.SetText(text)
	scroll := container.NewScroll(l)
	d := dialog.NewCustom(title, i18n.T("historytab.close"), scroll, a.win)
	size := a.win.Canvas().Size()
	d.Resize(fyne.NewSize(size.Width*0.85, size.Height*0.85))
	d.Show()
}

// ReportText returns the text of the report opened last.
func (a *Area) ReportText() string { return a.shownReport }
