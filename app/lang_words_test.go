package app

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestWindowSentencesFollowTheLanguage: the status line, the progress
// line, the Overview's summary, the Headers tab's sizes and a finding's
// line speak the language in use on a real analysis, digits grouped its
// way, while codes (the status line, Content-Type) stay as they are.
func TestWindowSentencesFollowTheLanguage(t *testing.T) {
	rep, prof := cutReport(t)
	tests := []struct {
		lang                    string
		done, phase, summary    string
		sizes, severity, tokens string
	}{
		{"en", "Done: HTTP/1.1 200 OK, 3,257 bytes read, cut at body byte 2,000, 3 resources.",
			"page: 1,500 of 3,166 bytes", "it stops at body byte 2,000 and loses 1,157 bytes.",
			"Counted by the crawler", "Critical: ", "googlebot, then *"},
		{"it", "Fatto: HTTP/1.1 200 OK, 3.257 byte letti, soglia al byte 2.000 del corpo, 3 risorse.",
			"pagina: 1.500 di 3.166 byte", "si ferma al byte 2.000 del corpo e perde 1.157 byte.",
			"Conteggiati dal crawler", "Critico: ", "googlebot, poi *"},
		{"fr", "Terminé\u00a0: HTTP/1.1 200 OK, 3\u202f257 octets lus, coupé à l’octet 2\u202f000 du corps, 3 ressources.",
			"page\u00a0: 1\u202f500 sur 3\u202f166 octets", "il s’arrête à l’octet 2\u202f000 du corps et perd 1\u202f157 octets.",
			"Comptés par le robot", "Critique\u00a0: ", "googlebot, puis *"},
		{"ja", "完了: HTTP/1.1 200 OK、3,257 バイトを読み込み、本文の 2,000 バイト目でカット、リソース 3 件。",
			"ページ: 1,500 / 3,166 バイト", "本文の 2,000 バイト目で停止し、1,157 バイトを失います。",
			"クローラーのカウント", "重大: ", "googlebot、次に *"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			got := map[string]string{
				"done":    doneText(rep),
				"phase":   phaseText(inspect.Progress{Phase: inspect.PhasePage, Done: 1500, Total: 3166}),
				"summary": summaryText(rep),
				"sizes":   sizesText(rep.Fetch),
				"finding": findingText(rep.Analysis.Findings[0]),
				"tokens":  tokenChain(prof),
			}
			checks := []struct{ key, want string }{
				{"done", tt.done}, {"phase", tt.phase}, {"summary", tt.summary}, {"sizes", tt.sizes},
				{"finding", tt.severity}, {"tokens", tt.tokens}, {"sizes", "Content-Type"},
			}
			for _, c := range checks {
				if !strings.Contains(got[c.key], c.want) {
					t.Errorf("%s = %q, want it to contain %q", c.key, got[c.key], c.want)
				}
			}
		})
	}
}

// TestCustomSourcesFollowTheLanguage: the source the profile line gives
// for the Custom profile's HTML limit, copied from Googlebot Smartphone or
// set in the dialog, is said in the language in use, while the profile
// keeps its notes in English (as the saved profiles hold them).
func TestCustomSourcesFollowTheLanguage(t *testing.T) {
	copied := builtinCustom()
	set := customWith(copied, "", 1000)
	tests := []struct{ lang, copied, set string }{
		{"en", "[Copied from Googlebot Smartphone: ", "[Set in the Custom profile dialog]"},
		{"it", "[Copiato da Googlebot Smartphone: ", "[Impostato nella finestra del profilo personalizzato]"},
		{"id", "[Disalin dari Googlebot Smartphone: ", "[Diatur di dialog profil kustom]"},
		{"ja", "[Googlebot Smartphone からコピー: ", "[カスタム プロファイルのダイアログで設定]"},
		{"tr", "[Googlebot Smartphone'dan kopyalandı: ", "[Özel profil iletişim kutusunda ayarlandı]"},
		{"fr", "[Copié de Googlebot Smartphone\u00a0: ", "[Défini dans la fenêtre du profil personnalisé]"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			if got := profileLine(copied); !strings.Contains(got, tt.copied) {
				t.Errorf("the built-in Custom's line %q lacks %q", got, tt.copied)
			}
			if got := profileLine(set); !strings.Contains(got, tt.set) {
				t.Errorf("the line of a Custom set in the dialog %q lacks %q", got, tt.set)
			}
		})
	}
	for _, s := range set.Sources {
		if s.Field == "limit_html" && s.Note != userSetNote {
			t.Errorf("the profile's note is %q, want the English one it is saved with", s.Note)
		}
	}
}
