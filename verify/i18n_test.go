package verify

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// localizedScan reads testdata/access.log in the language in use: the
// text summary, and what must not change with the language (verdicts,
// families, range matches, reverse DNS names, counts).
func localizedScan(t *testing.T) (text string, codes []string) {
	t.Helper()
	sum := scanTestLog(t)
	var buf bytes.Buffer
	if err := sum.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, r := range sum.Results {
		codes = append(codes, r.IP, r.Claimed, string(r.Verdict), r.Family, r.Ranges.File, r.Ranges.Prefix, r.Ranges.Class,
			strings.Join(r.ReverseDNS, " "))
		text += r.Evidence + "\n"
	}
	for _, c := range sum.Crawlers {
		codes = append(codes, c.Claimed, i18n.English().Int(c.Requests), i18n.English().Int(int64(c.Fake)))
	}
	// The range files' notes, 45 days after testdata/googlebot.json's date.
	files := testRanges(t).Status(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	if err := WriteStatusText(&buf, files); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		codes = append(codes, f.Name, f.Crawlers, f.ReverseDNS, strconv.FormatBool(f.Loaded), strconv.FormatBool(f.Stale))
	}
	return buf.String() + text, codes
}

func TestLogSummarySpeaksTheLanguageInUse(t *testing.T) {
	englishText, englishCodes := localizedScan(t)
	for _, want := range []string{"Read 22 lines (4,141 bytes): 12 claim a known crawler; 7 junk lines.", "Fake googlebot addresses (requests):"} {
		if !strings.Contains(englishText, want) {
			t.Fatalf("the English summary lacks %q:\n%s", want, englishText)
		}
	}
	tests := []struct {
		lang string
		want []string
	}{
		{"it", []string{"Lette 22 righe (4.141 byte): 12 dichiarano un crawler noto; 7 righe illeggibili.",
			"Perché 203.0.113.21 è UNKNOWN: Non è stato possibile raggiungere il DNS (tempo scaduto dopo 100ms)",
			"Indirizzi falsi di googlebot (richieste):", "RICHIESTE", "googlebot.json (crawler comuni come Googlebot, caricato): 3 prefissi, creato in data 2026-01-15, vecchio di 44 giorni. Attenzione:",
			"bingbot.json (Bingbot) non è caricato", "crawl-***-***-***-***.googlebot.com o geo-crawl-"}},
		{"id", []string{"Telah dibaca 22 baris (4.141 byte): 12 mengaku sebagai crawler yang dikenal; 7 baris rusak.",
			"Mengapa 203.0.113.21 berstatus TIDAK DIKETAHUI: DNS tidak dapat dijangkau (waktu habis setelah 100ms)", "Alamat googlebot palsu (permintaan):",
			"googlebot.json (crawler umum seperti Googlebot, dimuat): 3 prefiks, dibuat 2026-01-15, berumur 44 hari."}},
		{"ja", []string{"22 行（4,141 バイト）を読み取りました: 12 行が既知のクローラーを名乗っています。読み取れない行は 7 行。",
			"203.0.113.21 が「不明」である理由: DNS に到達できませんでした（100ms 後にタイムアウトしました）。また、203.0.113.21 は公開されているどの Google の IP 範囲にも含まれていないため、判定できません。\n", "googlebot を名乗る偽物のアドレス（リクエスト数）:",
			"googlebot.json（Googlebot などの一般的なクローラー、読み込み済み）: 3 個のプレフィックス、2026-01-15 作成、44 日前。"}},
		{"tr", []string{"22 satır okundu (4.141 bayt): 12 satır bilinen bir tarayıcı olduğunu iddia ediyor; 7 satır okunamadı.",
			"203.0.113.21 neden UNKNOWN: DNS'e ulaşılamadı (100ms sonunda zaman aşımı)", "Sahte googlebot adresleri (istek sayısı):",
			"googlebot.json (Googlebot gibi genel tarayıcılar, yüklendi): 3 önek, oluşturulma: 2026-01-15, 44 günlük."}},
		{"fr", []string{"Lu 22 lignes (4\u202f141 octets)\u00a0: 12 se réclament d’un robot connu\u00a0; 7 lignes illisibles.",
			"Pourquoi 203.0.113.21 est UNKNOWN\u00a0: Le DNS n’a pas pu être joint (délai dépassé après 100ms)",
			"Adresses se faisant passer pour googlebot (requêtes)\u00a0:",
			"googlebot.json (robots courants comme Googlebot, chargé)\u00a0: 3 préfixes, créé le 2026-01-15, vieux de 44 jours."}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			text, codes := localizedScan(t)
			for _, want := range tt.want {
				if !strings.Contains(text, want) {
					t.Errorf("the summary lacks %q:\n%s", want, text)
				}
			}
			if !slices.Equal(codes, englishCodes) {
				t.Errorf("verdicts or counts changed with the language:\n%q\nEnglish:\n%q", codes, englishCodes)
			}
			for _, code := range []string{"verified", "fake", "unknown"} {
				if !slices.Contains(codes, code) {
					t.Errorf("no result has the verdict %q", code)
				}
			}
		})
	}
}
