package whatiftab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestPanelSpeaksTheLanguage opens the panel in French and in Japanese on
// the demo site's big page, served over HTTP, and moves its inline
// scripts: the title, the kinds, the element list's heading, the figures,
// the critical elements' labels and the status are the language's, with its
// digits, and the --what-if list stays as the command line types it. No
// t.Parallel: the language is process-wide.
func TestPanelSpeaksTheLanguage(t *testing.T) {
	url := demoBigURL(t)
	for _, tc := range []struct {
		lang                           string
		title, kind, heading, figures  string
		moved, chip, status, hint, btn string
	}{
		{"fr", "Simulation\u00a0: ", "scripts intégrés\u00a0: ", " éléments à déplacer", "Corps de 2\u202f",
			"désormais", "\u00a0: ", "En ligne de commande, cutoff inspect --what-if scripts simule la même page.",
			"Cocher des types", "Enregistrer la page modifiée…"},
		{"ja", "もしも: ", "インライン スクリプト: ", "移動できる要素: ", "本文 2,",
			"変更後", ": ", "コマンドラインでは cutoff inspect --what-if scripts で同じページをシミュレートできます。",
			"HTML の外に移動する種類", "変更後のページを保存…"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.lang))
			defer i18n.Use(prev)
			tp := newTestPanel(t, inspectURL(t, url))
			tp.act(func() {
				kinds := ""
				for _, ch := range tp.kinds.checks {
					kinds += ch.Text + "\n"
				}
				for name, pair := range map[string][2]string{"title": {tp.title.Text, tc.title}, "kinds": {kinds, tc.kind},
					"heading": {tp.elements.heading.Text, tc.heading}, "figures": {tp.figures.Text, tc.figures},
					"hint": {tp.status.Text, tc.hint}, "button": {tp.savePage.Text, tc.btn}} {
					if !strings.Contains(pair[0], pair[1]) {
						t.Errorf("%s %q lacks %q", name, pair[0], pair[1])
					}
				}
			})
			tp.tickKinds(t, whatif.KindsOf(whatif.Scripts))
			tp.act(func() {
				if !strings.Contains(tp.figures.Text, tc.moved) || !strings.Contains(tp.figures.Text, tc.figures) {
					t.Errorf("figures after moving the scripts %q lack %q", tp.figures.Text, tc.moved)
				}
				if got := tp.status.Text; got != tc.status {
					t.Errorf("status %q, want %q", got, tc.status)
				}
				for _, english := range []string{"Body ", "Cutoff at", "now ", "moves save"} {
					if strings.Contains(tp.figures.Text, english) {
						t.Errorf("figures %q still say %q", tp.figures.Text, english)
					}
				}
			})
			if chips := tp.chipTexts(); !strings.Contains(chips, tc.chip) || strings.Contains(chips, "kept") || strings.Contains(chips, "lost") {
				t.Errorf("critical element labels %q: want the language's states", chips)
			}
		})
	}
}

// chipTexts are the critical element labels shown, one a line.
func (tp *testPanel) chipTexts() string {
	var b strings.Builder
	tp.act(func() {
		for _, o := range tp.chips.Objects {
			b.WriteString(o.(*widget.Label).Text + "\n")
		}
	})
	return b.String()
}
