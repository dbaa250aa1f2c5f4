package whatiftab

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// pageName is the page the panel simulates, as the Overview names it.
func pageName(d Data) string {
	if d.Report == nil {
		return ""
	}
	if d.Report.FinalURL != "" {
		return d.Report.FinalURL
	}
	return d.Report.URL
}

// hintText says what to do when nothing is ticked.
func hintText(p *prepared) string {
	if len(p.plan.Elements) == 0 {
		return i18n.T("whatiftab.nothing-to-move")
	}
	return i18n.T("whatiftab.hint")
}

// cutoffText is where the crawler stops in a body.
func cutoffText(cut *int64) string {
	if cut == nil {
		return i18n.T("whatiftab.nothing-cut")
	}
	return i18n.T("whatiftab.body-byte", "Offset", *cut)
}

// figuresText states the simulated page's body and cutoff against the
// real page's: "Body 2,600,000 bytes, now 1,458,370 bytes: 17 moves save
// 1,141,630 bytes. Cutoff at body byte 1,999,860, now nothing cut." (The
// window's font draws "→" with a stray glyph.)
func figuresText(real, f *figures) string {
	if f.sim == nil {
		return i18n.T("whatiftab.figures-real", "Body", bytesText(real.bodyBytes), "Cutoff", cutoffText(real.cutoff))
	}
	return i18n.T("whatiftab.figures", "Body", bytesText(real.bodyBytes), "NowBody", bytesText(f.bodyBytes),
		"Count", len(f.sim.Moves), "Saved", bytesText(real.bodyBytes-f.bodyBytes),
		"Cutoff", cutoffText(real.cutoff), "NowCutoff", cutoffText(f.cutoff))
}

// chipText is one critical element kind compared: "canonical link: lost,
// now kept"; only its state when nothing is simulated or it is unchanged.
func chipText(c change, simulated bool) string {
	if !simulated || c.before == c.after {
		return i18n.T("whatiftab.chip", "Element", c.label, "State", stateWord(c.before))
	}
	return i18n.T("whatiftab.chip-changed", "Element", c.label, "Before", stateWord(c.before), "After", stateWord(c.after))
}

// stateWord says a critical element kind's state ("kept", "lost",
// "missing") in the language in use.
func stateWord(state string) string { return i18n.T("whatiftab.state-" + state) }

// clause is err's message inside a sentence of the panel's that ends it
// with its own full stop.
func clause(err error) string {
	return strings.TrimSuffix(strings.TrimSpace(err.Error()), ".")
}

// chipObjects draws the comparison, one label per critical element kind,
// coloured by what the crawler gets of the simulated page and bold where
// that changed.
func chipObjects(cs []change, simulated bool) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, 0, len(cs))
	for _, c := range cs {
		after := c.after
		if !simulated {
			after = c.before
		}
		l := widget.NewLabel(chipText(c, simulated))
		l.Importance = widget.SuccessImportance
		if after != "kept" {
			l.Importance = widget.DangerImportance
		}
		l.TextStyle.Bold = simulated && c.before != c.after
		out = append(out, l)
	}
	return out
}

// selectionText says how the command line makes the same simulation:
// "The command line's --what-if scripts,styles gives the same page.", or
// that the ticks are single elements.
func selectionText(s *selection) string {
	if kinds, ok := s.asKinds(); ok {
		return i18n.T("whatiftab.same-as-command", "Kinds", kinds.String())
	}
	return i18n.T("whatiftab.ticked-singly", "Count", len(s.ticked()))
}
