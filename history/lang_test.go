package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestDiffSpeaksTheLanguage saves two inspections of a page that grew past
// its cutoff in a real history file, reads them back and checks that what
// changed is said in each language, with its dates and digits, while the
// element kinds and JSON keys stay codes.
func TestDiffSpeaksTheLanguage(t *testing.T) {
	srv := newPageServer(t, 1000)
	h := openTemp(t)
	ctx := context.Background()
	older := mustInspect(t, srv.URL+"/")
	older.Generated = time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
	olderID := mustSave(t, h, older)
	srv.set(20_000, "")
	newer := mustInspect(t, srv.URL+"/")
	newer.Generated = time.Date(2026, 12, 3, 7, 0, 0, 0, time.UTC)
	newerID := mustSave(t, h, newer)
	o, err := h.Inspection(ctx, olderID)
	if err != nil {
		t.Fatal(err)
	}
	n, err := h.Inspection(ctx, newerID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang string
		want []string // in the sentences, in this order
	}{
		{"en", []string{"Since 2026-11-20 the page grew by 19,000 bytes (inline scripts +19,000); the cutoff now falls at body byte 9,857, and the canonical link (byte 20,079), the Product JSON-LD block (byte 20,136)",
			"The page now uses 231% of its 10,000-byte limit (it used 41%).", "2 critical findings and 8 warnings"}},
		{"it", []string{"Dal giorno 20 novembre 2026 la pagina è cresciuta di 19.000 byte (script in linea +19.000); la soglia ora cade al byte 9.857 del corpo, e il link canonical (al byte 20.079), il blocco JSON-LD Product (al byte 20.136)",
			"sono oltre.", "Quota del limite di 10.000 byte occupata dalla pagina: ora 231%, prima 41%.", "2 problemi critici e 8 avvisi"}},
		{"id", []string{"Sejak 20 November 2026, halaman bertambah 19.000 byte (skrip inline +19.000); cutoff kini jatuh di byte body 9.857, dan link kanonis (byte ke-20.079), blok JSON-LD Product (byte ke-20.136)",
			"Halaman kini memakai 231% dari batas 10.000 byte (sebelumnya 41%).", "2 temuan kritis dan 8 peringatan"}},
		{"ja", []string{"2026 年 11 月 20 日以降、ページは 19,000 バイト増えました（インライン スクリプト +19,000）。カットオフは本文の 9,857 バイト目になり、canonical リンク（20,079 バイト目）、Product の JSON-LD ブロック（20,136 バイト目）",
			"）はそれより後にあります。", "ページは 10,000 バイトの上限の 231% を使うようになりました（以前は 41%）。", "重大な問題 2 件、警告 8 件"}},
		{"tr", []string{"20 Kasım 2026 tarihinden bu yana sayfa 19.000 bayt büyüdü (satır içi komut dosyaları +19.000); kesme noktası artık gövdenin 9.857. baytında ve standart (canonical) bağlantı (20.079. bayt), Product JSON-LD bloğu (20.136. bayt)",
			"Sayfa artık 10.000 baytlık sınırının %231 kadarını kullanıyor (önceden %41).", "2 kritik bulgu ve 8 uyarı"}},
		{"fr", []string{"Depuis le 20 novembre 2026, la page a augmenté de 19\u202f000 octets (scripts intégrés +19\u202f000)\u00a0; le seuil se situe désormais à l’octet 9\u202f857 du corps, et le lien canonique (octet 20\u202f079), le bloc JSON-LD Product (octet 20\u202f136)",
			"se trouvent au-delà.", "La page utilise désormais 231\u202f% de sa limite de 10\u202f000 octets (contre 41\u202f% auparavant).", "2 constats critiques et 8 avertissements"}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.lang))
			defer i18n.Use(prev)
			d := Compare(o, n)
			text := d.Text()
			at := 0
			for _, w := range tc.want {
				i := strings.Index(text[at:], w)
				if i < 0 {
					t.Fatalf("%s lacks %q after byte %d:\n%s", tc.lang, w, at, text)
				}
				at += i + len(w)
			}
			if len(d.Crossed) == 0 || d.Crossed[0].Kind != "canonical" {
				t.Errorf("crossed %+v, want the canonical link's code first", d.Crossed)
			}
			js, err := json.Marshal(d.Newer)
			if err != nil || !strings.Contains(string(js), `"body_bytes":`) {
				t.Errorf("the inspection's JSON changed: %s (%v)", js, err)
			}
		})
	}
}

// TestDatesFollowTheLanguage: a date and a time of day the way each
// language writes them, the first of the month and one-digit days included.
func TestDatesFollowTheLanguage(t *testing.T) {
	first := time.Date(2026, 12, 1, 8, 5, 0, 0, time.UTC)
	ninth := time.Date(2026, 3, 9, 8, 5, 0, 0, time.UTC)
	for _, tc := range []struct{ lang, first, sameDay string }{
		{"en", "2026-12-01", "2026-03-09 08:05 UTC"},
		{"it", "1º dicembre 2026", "9 marzo 2026 alle ore 08:05 UTC"},
		{"id", "1 Desember 2026", "9 Maret 2026 pukul 08:05 UTC"},
		{"ja", "2026 年 12 月 1 日", "2026 年 3 月 9 日 08:05（UTC）"},
		{"tr", "1 Aralık 2026", "9 Mart 2026 08:05 (UTC)"},
		{"fr", "1er décembre 2026", "9 mars 2026 à 08:05 UTC"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.lang))
			defer i18n.Use(prev)
			if got := since(first, first.AddDate(0, 1, 0)); got != tc.first {
				t.Errorf("since another day: %q, want %q", got, tc.first)
			}
			if got := since(ninth, ninth.Add(time.Hour)); got != tc.sameDay {
				t.Errorf("since the same day: %q, want %q", got, tc.sameDay)
			}
		})
	}
}
