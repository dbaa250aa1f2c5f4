package inspect

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestRenderedFindingsSpeakEachLanguage states a rendered view's findings
// (a lost canonical, lost text, one inline script and several cut
// scripts, a JavaScript noindex, a note) in each language: the codes and
// offsets are English's, the sentences the language's, with its digit
// grouping.
func TestRenderedFindingsSpeakEachLanguage(t *testing.T) {
	at := int64(2_150_000)
	cut := []RenderedScript{{Inline: true, Offset: 1_999_000, Why: ScriptCut, Reason: "Cut at its limit."}}
	for i := range 7 {
		cut = append(cut, RenderedScript{URL: "https://cdn.example/s" + string(rune('a'+i)) + ".js", Offset: int64(100 + i), Why: ScriptBlocked,
			Reason: "Blocked."})
	}
	rd := &Rendered{Crawler: "Googlebot Smartphone",
		Lost: []RenderedLost{{Kind: LostCanonical, Value: "https://shop.example/", Offset: &at},
			{Kind: LostText, Value: "12 bytes of visible text", Offset: &at}},
		Scripts: cut,
		Google:  &RenderedPage{Mode: "google", MetaRobots: "noindex", Notes: []string{"The page asked for more than 300 requests."}},
	}
	findingsIn := func(code string) []string {
		prev := i18n.Use(i18n.Get(code))
		defer i18n.Use(prev)
		var out []string
		for _, f := range RenderedFindings(rd, nil) {
			out = append(out, f.Severity+" "+f.Code+" "+f.Message)
		}
		return out
	}
	en := findingsIn("en")
	if len(en) != 6 {
		t.Fatalf("%d findings in English, want 6: %q", len(en), en)
	}
	for _, tc := range []struct{ code, kept, more string }{
		{"it", "il rendering di Googlebot Smartphone", "e altri 2"},
		{"id", "rendering Googlebot Smartphone", "dan 2 lainnya"},
		{"ja", "Googlebot Smartphone のレンダリング", "ほか 2 件"},
		{"tr", "Googlebot Smartphone oluşturması", "ve 2 tane daha"},
		{"fr", "le rendu par Googlebot Smartphone", "et 2 autres"},
	} {
		t.Run(tc.code, func(t *testing.T) {
			got := findingsIn(tc.code)
			if len(got) != len(en) {
				t.Fatalf("%d findings, English %d", len(got), len(en))
			}
			all := strings.Join(got, "\n")
			for i, g := range got {
				prefix := strings.Join(strings.Fields(en[i])[:2], " ")
				if !strings.HasPrefix(g, prefix+" ") || g == en[i] {
					t.Errorf("finding %d: %q, English %q", i, g, en[i])
				}
			}
			for _, want := range []string{tc.kept, tc.more, i18n.Get(tc.code).Int(1_999_000)} {
				if !strings.Contains(all, want) {
					t.Errorf("no finding says %q:\n%s", want, all)
				}
			}
		})
	}
}
