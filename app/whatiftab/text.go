package whatiftab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/prose"
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
		return "The page has nothing to move out of its HTML: no inline script, <style> element, style attribute, data: URI, comment or white space to collapse."
	}
	return "Tick kinds or single elements to move out of the HTML, or apply an advice: the page is simulated as the crawler reads it."
}

// cutoffText is where the crawler stops in a body.
func cutoffText(cut *int64) string {
	if cut == nil {
		return "nothing cut"
	}
	return "body byte " + kit.Commas(*cut)
}

// figuresText states the simulated page's body and cutoff against the
// real page's: "Body 2,600,000 bytes, now 1,458,370 bytes: 17 moves save
// 1,141,630 bytes. Cutoff at body byte 1,999,860, now nothing cut." (The
// window's font draws "→" with a stray glyph.)
func figuresText(real, f *figures) string {
	if f.sim == nil {
		return "Body " + kit.BytesText(real.bodyBytes) + ". Cutoff at " + cutoffText(real.cutoff) + ". Nothing moved yet."
	}
	saved := real.bodyBytes - f.bodyBytes
	verb := " save "
	if len(f.sim.Moves) == 1 {
		verb = " saves "
	}
	return "Body " + kit.BytesText(real.bodyBytes) + ", now " + kit.BytesText(f.bodyBytes) + ": " +
		prose.Count(int64(len(f.sim.Moves)), "move", "moves") + verb + kit.BytesText(saved) + ". Cutoff at " +
		cutoffText(real.cutoff) + ", now " + cutoffText(f.cutoff) + "."
}

// chipText is one critical element kind compared: "canonical link: lost,
// now kept"; only its state when nothing is simulated or it is unchanged.
func chipText(c change, simulated bool) string {
	if !simulated || c.before == c.after {
		return c.label + ": " + c.before
	}
	return c.label + ": " + c.before + ", now " + c.after
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
		return "The command line's cutoff inspect --what-if " + kinds.String() + " simulates the same page."
	}
	return prose.Count(int64(len(s.ticked())), "element", "elements") + " ticked one by one: no --what-if list of kinds makes this selection."
}
