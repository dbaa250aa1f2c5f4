package robots

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// localizedReport fetches Wikipedia's rules from a test server and checks
// two URLs for Googlebot, in the language in use: the text report, and
// what stays a code whatever the language (verdicts, lines, policy, lint
// codes).
func localizedReport(t *testing.T, srvURL string) (text string, codes []string) {
	t.Helper()
	o := Fetch(context.Background(), &fetch.Fetcher{}, srvURL+"/", testProfile(t), fetch.Options{Timeout: 10 * time.Second})
	urls := []string{srvURL + "/wiki/Special:Random", srvURL + "/wiki/Main_Page"}
	r := BuildReport(TokenSpecs([]string{"googlebot"}), urls, func(string) *Outcome { return o })
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	text = buf.String()
	codes = append(codes, string(o.Policy))
	for _, res := range r.Results {
		codes = append(codes, res.Agent, res.Group, string(res.Policy), strings.Repeat("allowed", btoi(res.Allowed)), res.Rule)
		text += res.Reason + "\n" + strings.Join(res.Trace, "\n") + "\n"
	}
	for _, is := range r.Robots.Lint {
		codes = append(codes, is.Code, is.Severity)
	}
	return text, codes
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestReportSpeaksTheLanguageInUse(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "wikipedia.txt"))
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) { w.Write(body) })
	englishText, englishCodes := localizedReport(t, srv.URL)
	for _, want := range []string{"2,052 bytes", "Policy: parsed. robots.txt answered 200 OK: its rules apply.", "BLOCKED line 9",
		`Disallowed: line 9 "Disallow: /wiki/Special:" is the only rule in the * group that matches "/wiki/Special:Random"`} {
		if !strings.Contains(englishText, want) {
			t.Fatalf("English report lacks %q:\n%s", want, englishText)
		}
	}
	tests := []struct {
		lang string
		want []string // translated sentences, with the language's digits
	}{
		{"it", []string{"(recuperato, stato 200, 2.052 byte)", "Criterio: regole applicate. robots.txt ha risposto 200 OK: le sue regole si applicano.",
			"BLOCCATO riga 9", "Righe decisive:", "riga 9      Disallow: /wiki/Special:",
			`Non consentito: la riga 9 "Disallow: /wiki/Special:" è l'unica regola che corrisponde a "/wiki/Special:Random" (il gruppo *); nessun gruppo nomina googlebot, quindi si applica il gruppo *.`}},
		{"id", []string{"(diambil, status HTTP 200, 2.052 byte)", "Kebijakan: aturan berlaku. robots.txt menjawab 200 OK: aturannya berlaku.",
			"DIBLOKIR baris 9", "Baris penentu:",
			`Tidak diizinkan: baris 9 "Disallow: /wiki/Special:" adalah satu-satunya aturan di grup * yang cocok dengan "/wiki/Special:Random"`}},
		{"ja", []string{"（取得済み、ステータス 200、2,052 バイト）", "ポリシー: ルールを適用。robots.txt は 200 OK を返しました。そのルールが適用されます。",
			"ブロック（行 9）", "決め手となった行:",
			`不許可: 行 9 の "Disallow: /wiki/Special:" は、* グループで "/wiki/Special:Random" に一致する唯一のルールです（googlebot を指定するグループがないため、* グループが適用されます）。`}},
		{"tr", []string{"(getirildi, durum 200, 2.052 bayt)", "Politika: kurallar uygulanır. robots.txt 200 OK yanıtını verdi: kuralları geçerlidir.",
			"ENGELLİ, satır 9", "Belirleyici satırlar:",
			`İzin verilmiyor: satır 9 "Disallow: /wiki/Special:", * grubu içinde "/wiki/Special:Random" ile eşleşen tek kuraldır; hiçbir grup googlebot adını taşımadığından * grubu geçerlidir.`}},
		{"fr", []string{"(récupéré, statut 200, 2\u202f052 octets)", "Politique\u00a0: règles appliquées. Le robots.txt a répondu 200 OK\u00a0: ses règles s’appliquent.",
			"BLOQUÉ ligne 9", "Lignes décisives\u00a0:",
			"Interdit\u00a0: la ligne 9 \"Disallow: /wiki/Special:\" est la seule règle qui correspond à \"/wiki/Special:Random\" (le groupe *)\u00a0; aucun groupe ne nomme googlebot, le groupe * s’applique donc."}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			text, codes := localizedReport(t, srv.URL)
			for _, want := range tt.want {
				if !strings.Contains(text, want) {
					t.Errorf("the report lacks %q:\n%s", want, text)
				}
			}
			if !slices.Equal(codes, englishCodes) {
				t.Errorf("verdicts, rules and codes changed with the language:\n%q\nEnglish:\n%q", codes, englishCodes)
			}
			for _, kept := range []string{"Disallow: /wiki/Special:", "googlebot"} {
				if !strings.Contains(text, kept) {
					t.Errorf("the report lost %q", kept)
				}
			}
			// The policy and the source are words here; JSON keeps their codes.
			for _, code := range []string{"parsed", "fetched"} {
				if strings.Contains(text, code) {
					t.Errorf("the report shows the code %q where a word belongs:\n%s", code, text)
				}
			}
		})
	}
}

// The why-trace is worked out once per crawler and kept: a language
// chosen afterwards must still get its own sentences.
func TestExplanationFollowsALanguageChosenLater(t *testing.T) {
	f := Parse([]byte("User-agent: *\nDisallow: /private\n"))
	en := f.Check("googlebot", "/private/x")
	prev := i18n.Use(i18n.Get("fr"))
	defer i18n.Use(prev)
	fr := f.Check("googlebot", "/private/x")
	if fr.Allowed != en.Allowed || fr.Line != en.Line || fr.Group != en.Group {
		t.Fatalf("the verdict changed with the language: %+v, English %+v", fr, en)
	}
	if !strings.Contains(strings.Join(fr.Trace, " "), "Groupe utilisé\u00a0: le groupe *, à la ligne 1.") {
		t.Errorf("the French trace is not French: %q", fr.Trace)
	}
}

// TestPolicySourceAndNotesAreWords checks, in every language, that the
// policy, the source of a robots.txt and the notes on tokens no crawler
// fetches with are the language's words, while JSON keeps the codes.
func TestPolicySourceAndNotesAreWords(t *testing.T) {
	tests := []struct {
		lang                                   string
		parsed, allowAll, disallowAll, invalid string
		fetched, file                          string
		control, retired                       string // the notes on google-extended and anthropic-ai
	}{
		{"en", "parsed", "allow-all", "disallow-all", "invalid", "fetched", "file",
			"Google-Extended: control token (fetches nothing)", "anthropic-ai: retired (now ClaudeBot, Claude-User, Claude-SearchBot)"},
		{"it", "regole applicate", "tutto consentito", "tutto vietato", "non valido", "recuperato", "da file",
			"Google-Extended: token di controllo (non recupera nulla)", "anthropic-ai: ritirato (ora ClaudeBot, Claude-User, Claude-SearchBot)"},
		{"id", "aturan berlaku", "semua diizinkan", "semua dilarang", "tidak valid", "diambil", "dari file",
			"Google-Extended: token kontrol (tidak mengambil apa pun)", "anthropic-ai: dihentikan (kini ClaudeBot, Claude-User, Claude-SearchBot)"},
		{"ja", "ルールを適用", "すべて許可", "すべて不許可", "無効", "取得済み", "ファイル",
			"Google-Extended: 制御用トークン（何も取得しません）", "anthropic-ai: 廃止（現在は ClaudeBot, Claude-User, Claude-SearchBot）"},
		{"tr", "kurallar uygulanır", "her şeye izin verilir", "her şey yasaklanır", "geçersiz", "getirildi", "dosya",
			"Google-Extended: denetim jetonu (hiçbir şey getirmez)", "anthropic-ai: kullanımdan kaldırıldı (yerine artık ClaudeBot, Claude-User, Claude-SearchBot kullanılıyor)"},
		{"fr", "règles appliquées", "tout autorisé", "tout interdit", "invalide", "récupéré", "fichier",
			"Google-Extended\u00a0: jeton de contrôle (ne récupère rien)", "anthropic-ai\u00a0: retiré (remplacé par ClaudeBot, Claude-User, Claude-SearchBot)"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			for p, want := range map[Policy]string{PolicyParsed: tt.parsed, PolicyAllowAll: tt.allowAll,
				PolicyDisallowAll: tt.disallowAll, PolicyInvalid: tt.invalid, "novel": "novel"} {
				if got := p.Text(); got != want {
					t.Errorf("Policy(%q).Text() = %q, want %q", p, got, want)
				}
			}
			for source, want := range map[string]string{SourceFetched: tt.fetched, SourceFile: tt.file, "novel": "novel"} {
				if got := SourceText(source); got != want {
					t.Errorf("SourceText(%q) = %q, want %q", source, got, want)
				}
			}
			notes := map[string]string{}
			for _, s := range AISpecs() {
				notes[s.Label] = s.Note
			}
			if notes["google-extended"] != tt.control || notes["anthropic-ai"] != tt.retired || notes["gptbot"] != "" {
				t.Errorf("notes: google-extended %q, anthropic-ai %q, gptbot %q; want %q, %q, none",
					notes["google-extended"], notes["anthropic-ai"], notes["gptbot"], tt.control, tt.retired)
			}
			file := ReportFile("robots.txt", []byte("User-agent: *\nDisallow: /a\n"), TokenSpecs([]string{"googlebot"}), []string{"/a"})
			unreachable := BuildReport(TokenSpecs([]string{"googlebot"}), []string{"https://a.example/b"},
				func(string) *Outcome { return DisallowAll("https://a.example/robots.txt", "down") })
			for _, r := range []*CommandReport{file, unreachable} {
				b, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				var text bytes.Buffer
				if err := r.WriteText(&text); err != nil {
					t.Fatal(err)
				}
				code, word := string(r.Robots.Policy), r.Robots.Policy.Text()
				if !strings.Contains(string(b), `"policy":"`+code+`"`) || !strings.Contains(string(b), `"source":"`+r.Robots.Source+`"`) {
					t.Errorf("the JSON lost the codes %q, %q: %s", code, r.Robots.Source, b)
				}
				if !strings.Contains(text.String(), word) || !strings.Contains(text.String(), SourceText(r.Robots.Source)) {
					t.Errorf("the text lacks the words %q, %q:\n%s", word, SourceText(r.Robots.Source), text.String())
				}
			}
		})
	}
}
