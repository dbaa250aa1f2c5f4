package robots

import (
	"bytes"
	"context"
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
		{"it", []string{"(fetched, stato 200, 2.052 byte)", "Criterio: parsed. robots.txt ha risposto 200 OK: le sue regole si applicano.",
			"BLOCCATO riga 9", "Righe decisive:", "riga 9      Disallow: /wiki/Special:",
			`Non consentito: la riga 9 "Disallow: /wiki/Special:" è l'unica regola che corrisponde a "/wiki/Special:Random" (il gruppo *); nessun gruppo nomina googlebot, quindi si applica il gruppo *.`}},
		{"id", []string{"(fetched, status HTTP 200, 2.052 byte)", "Kebijakan: parsed. robots.txt menjawab 200 OK: aturannya berlaku.",
			"DIBLOKIR baris 9", "Baris penentu:",
			`Tidak diizinkan: baris 9 "Disallow: /wiki/Special:" adalah satu-satunya aturan di grup * yang cocok dengan "/wiki/Special:Random"`}},
		{"ja", []string{"（fetched, ステータス 200, 2,052 バイト）", "ポリシー: parsed。robots.txt は 200 OK を返しました: そのルールが適用されます。",
			"ブロック 行 9", "決め手となった行:",
			`不許可: 行 9 の "Disallow: /wiki/Special:" は、* グループで "/wiki/Special:Random" に一致する唯一のルールです（googlebot を指定するグループがないため、* グループが適用されます）。`}},
		{"tr", []string{"(fetched, durum 200, 2.052 bayt)", "Politika: parsed. robots.txt 200 OK yanıtını verdi: kuralları geçerlidir.",
			"ENGELLİ satır 9", "Belirleyici satırlar:",
			`İzin verilmiyor: satır 9 "Disallow: /wiki/Special:", * grubu içinde "/wiki/Special:Random" ile eşleşen tek kuraldır; hiçbir grup googlebot adını taşımadığından * grubu geçerlidir.`}},
		{"fr", []string{"(fetched, statut 200, 2\u202f052 octets)", "Politique\u00a0: parsed. robots.txt a répondu 200 OK\u00a0: ses règles s’appliquent.",
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
			for _, kept := range []string{"Disallow: /wiki/Special:", "googlebot", "parsed"} {
				if !strings.Contains(text, kept) {
					t.Errorf("the report lost %q", kept)
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
