package cli

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestHelpAndErrorsSpeakTheLanguage: --lang switches the help of a
// subcommand (usage line, flag descriptions, the flag package's default)
// and its usage errors, the flag package's own included; flag names and
// exit codes stay as they are.
func TestHelpAndErrorsSpeakTheLanguage(t *testing.T) {
	prev := i18n.Current()
	defer i18n.Use(prev)
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		out, err []string // in stdout, in stderr
	}{
		{"inspect help in French", []string{"inspect", "--lang", "fr", "--help"}, exitOK,
			[]string{"Utilisation\u00a0: cutoff inspect [options] URL|FICHIER", "Options\u00a0:", "  -limit int\n    \tremplace la limite en octets du profil",
				"  -profile string\n    \tID du profil de robot (par défaut\u00a0: \"googlebot-smartphone\")", "  -timeout duration"}, nil},
		{"site help in Turkish", []string{"site", "--help", "--lang=tr"}, exitOK,
			[]string{"Kullanım: cutoff site [seçenekler]", "eşzamanlı getirme", "(varsayılan 8)"}, nil},
		{"usage error in Japanese", []string{"inspect", "--lang", "ja", "--fail-on", "fatal", "http://127.0.0.1:1/"}, exitUsage,
			nil, []string{"cutoff: --fail-on に指定できるのは critical または warning で、\"fatal\" は指定できません。"}},
		{"unknown flag in Japanese", []string{"site", "--nope", "--lang", "ja"}, exitUsage,
			nil, []string{"cutoff: cutoff site: 不明なオプション -nope です。"}},
		{"bad number in Italian", []string{"site", "--lang", "it", "--max-pages", "many"}, exitUsage,
			nil, []string{"cutoff: cutoff site: il valore \"many\" di -max-pages non è valido: non è un valore leggibile."}},
		{"bad language in French", []string{"inspect", "--lang", "fr", "--lang", "xx", "x.html"}, exitUsage,
			nil, []string{"la valeur \"xx\" de -lang n’est pas valide\u00a0: langue inconnue «\u00a0xx\u00a0»"}},
		{"help in Indonesian", []string{"help", "--lang", "id"}, exitOK,
			[]string{"Cutoff menunjukkan apa yang benar-benar diterima crawler", "cutoff inspect [opsi] URL|FILE", "130 dihentikan"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			for _, w := range tc.out {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
			for _, w := range tc.err {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
		})
	}
}

// TestProfilesSayYesOrNo: the profiles table says whether each profile
// counts the header as a word of the language, never as Go's true or
// false; --json keeps the boolean.
func TestProfilesSayYesOrNo(t *testing.T) {
	prev := i18n.Current()
	defer i18n.Use(prev)
	for _, tc := range []struct{ lang, yes, no string }{
		{"en", "yes", "no"}, {"it", "sì", "no"}, {"ja", "はい", "いいえ"}, {"tr", "evet", "hayır"}, {"fr", "oui", "non"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			code, stdout, _ := run(t, "profiles", "--lang", tc.lang)
			rows := map[string]string{}
			for _, line := range strings.Split(stdout, "\n") {
				if f := strings.Fields(line); len(f) > 1 {
					rows[f[0]] = f[len(f)-1]
				}
			}
			if code != exitOK || rows["googlebot-smartphone"] != tc.yes || rows["bingbot"] != tc.no ||
				strings.Contains(stdout, "true") || strings.Contains(stdout, "false") {
				t.Errorf("exit %d, googlebot-smartphone %q, bingbot %q; want %q, %q:\n%s",
					code, rows["googlebot-smartphone"], rows["bingbot"], tc.yes, tc.no, stdout)
			}
		})
	}
	if _, stdout, _ := run(t, "profiles", "--json", "--lang", "ja"); !strings.Contains(stdout, `"counts_headers": true`) {
		t.Errorf("profiles --json lost the boolean:\n%.400s", stdout)
	}
}
