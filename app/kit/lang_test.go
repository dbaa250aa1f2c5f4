package kit

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestWordsFollowTheLanguage: byte counts, durations, limits and the
// fold's button speak the language in use, digits grouped its way.
func TestWordsFollowTheLanguage(t *testing.T) {
	tests := []struct {
		lang                       string
		bytes, duration, limit, ms string
		more                       string
	}{
		{"en", "2,000,000 bytes", "1.25 s", "2,000,000 bytes (2,097,152 if MB means MiB)", "12 ms", "Show more"},
		{"it", "2.000.000 byte", "1,25 s", "2.000.000 byte (2.097.152 se MB significa MiB)", "12 ms", "Mostra di più"},
		{"fr", "2\u202f000\u202f000 octets", "1,25\u00a0s", "2\u202f000\u202f000 octets (2\u202f097\u202f152 si Mo signifie Mio)", "12\u00a0ms", "Afficher plus"},
		{"ja", "2,000,000 バイト", "1.25 秒", "2,000,000 バイト（MB が MiB の意味なら 2,097,152）", "12 ミリ秒", "もっと見る"},
		{"tr", "2.000.000 bayt", "1,25 sn", "2.000.000 bayt (MB, MiB anlamına geliyorsa 2.097.152)", "12 ms", "Daha fazla göster"},
	}
	test.NewTempApp(t)
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			got := []string{BytesText(2_000_000), Duration(1250 * time.Millisecond), LimitText(2_000_000, 2_097_152),
				Duration(12 * time.Millisecond), NewFold(widget.NewLabel("x"), 1, 2).Toggle().Text}
			want := []string{tt.bytes, tt.duration, tt.limit, tt.ms, tt.more}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("got %q, want %q", got[i], want[i])
				}
			}
		})
	}
}
