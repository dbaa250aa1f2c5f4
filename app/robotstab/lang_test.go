package robotstab

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The tab speaks the language in use when it is built: buttons, the line
// before any inspection, the size line with the language's digit grouping,
// the grid's verdicts and the why-trace, while the robots.txt rule quoted
// stays as written.
func TestRobotsTabSpeaksTheLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, revert, standalone, limit, disallowed, why string
	}{
		{"ja", "公開中のファイルに戻す", "まだ検査していません", "512,000 バイト", "不許可 · 2 行目", "2 行目の「Disallow: /private/」により不許可"},
		{"fr", "Revenir au fichier en ligne", "Aucune inspection pour l\u2019instant", "512\u202f000 octets", "bloquée · ligne 2", "bloquée par la ligne 2 « Disallow: /private/ »"},
		{"tr", "Canlı dosyaya dön", "Henüz inceleme yok", "512.000 baytın", "izinsiz · satır 2", "2. satırdaki \"Disallow: /private/\" kuralıyla izinsiz"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			a, b, _, _ := newRobotsTestArea(t)
			if a.revert.Text != c.revert || !strings.HasPrefix(a.outcome.Text, c.standalone) {
				t.Errorf("revert %q, outcome %q; want %q, %q…", a.revert.Text, a.outcome.Text, c.revert, c.standalone)
			}
			b.Sync(func() { a.Show(robotsTestData()) })
			var size, cell, why string
			b.Sync(func() {
				size = a.size.Text
				cell = cellText(a.grid.cells[0][0])
				why = whyText(a.grid.urls[0], a.grid.agents[0], a.grid.cells[0][0])
			})
			if !strings.Contains(size, c.limit) {
				t.Errorf("size line %q does not say %q", size, c.limit)
			}
			if cell != c.disallowed {
				t.Errorf("cell %q, want %q", cell, c.disallowed)
			}
			want := strings.ReplaceAll(c.why, " »", "\u00a0»")
			want = strings.ReplaceAll(want, "« ", "«\u00a0")
			if !strings.Contains(why, want) {
				t.Errorf("why %q does not say %q", why, want)
			}
		})
	}
}

// TestWhyTextSaysThePolicyInWords: when robots.txt was not parsed (here
// unreachable), the why-text names Google's policy for it in the language
// in use, never by its code; so do the AI tokens' notes.
func TestWhyTextSaysThePolicyInWords(t *testing.T) {
	for _, c := range []struct{ lang, policy, note string }{
		{"en", "disallow-all", "Google-Extended: control token (fetches nothing)"},
		{"it", "tutto vietato", "Google-Extended: token di controllo (non recupera nulla)"},
		{"ja", "すべて不許可", "Google-Extended: 制御用トークン（何も取得しません）"},
		{"fr", "tout interdit", "Google-Extended\u00a0: jeton de contrôle (ne récupère rien)"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			live := robots.DisallowAll("http://h/robots.txt", "down")
			agents := robotsAgents("Googlebot", []string{"googlebot"}, false, []string{"google-extended"})
			g := evalRobots(nil, live, true, []string{"http://h/page"}, agents)
			why := whyText("http://h/page", agents[0], g.cells[0][0])
			if !strings.Contains(why, c.policy) || c.lang != "en" && strings.Contains(why, "disallow-all") {
				t.Errorf("the why-text does not name the policy %q:\n%s", c.policy, why)
			}
			if note := aiNote("google-extended"); !strings.Contains(note, c.note) {
				t.Errorf("the note %q does not say %q", note, c.note)
			}
		})
	}
}
