package robotstab

import (
	"strings"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// aiButton adds the AI crawlers' and control tokens' columns in one click.
func (a *Area) aiButton() *widget.Button {
	return widget.NewButtonWithIcon(i18n.T("robotstab.ai-crawlers"), theme.ContentAddIcon(), a.onAddAI)
}

// onAddAI appends every AI token (fetch.AITokens); robotsAgents drops those
// already shown.
func (a *Area) onAddAI() {
	for _, s := range robots.AISpecs() {
		a.extra = append(a.extra, s.Label)
	}
	a.schedule()
}

// aiKinds maps a lower-case AI token to the message id of its short kind
// when it is not a plain crawler: control or retired.
var aiKinds = func() map[string]string {
	m := map[string]string{}
	for _, t := range fetch.AITokens() {
		switch {
		case t.ReplacedBy != "":
			m[strings.ToLower(t.Token)] = "robotstab.kind-retired"
		case !t.Fetches:
			m[strings.ToLower(t.Token)] = "robotstab.kind-control"
		}
	}
	return m
}()

// headerLabel is a column's heading: the token, marked on a second line
// when no crawler fetches with it (the column is then as wide as the token,
// not as the token and its mark).
func headerLabel(label string) string {
	if k := aiKinds[label]; k != "" {
		return label + "\n" + i18n.T(k)
	}
	return label
}

// aiNote explains a control or retired token in the why-text, "" for any
// other column.
func aiNote(label string) string {
	for _, s := range robots.AISpecs() {
		if s.Label == label && s.Note != "" {
			return "\n" + i18n.T("robotstab.ai-note", "Note", s.Note)
		}
	}
	return ""
}
