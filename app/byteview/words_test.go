package byteview

import (
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// catalogWords are the words the window gives the widgets, from the
// catalog (the test may import it; the package may not).
var catalogWords = Words{
	Say:     func(id string, args ...any) string { return i18n.T("byteview."+id, args...) },
	Int:     func(n int64) string { return i18n.Current().Int(n) },
	Percent: func(p string) string { return i18n.Current().Percent(p) },
	Decimal: func(v float64, prec int) string { return i18n.Current().Decimal(v, prec) },
}

// TestWordsFollowTheLanguage: the ruler's scale, cutoff label and hover
// words and the source view's sentences speak the language of the Words
// given, with its decimal mark, digit grouping and units.
func TestWordsFollowTheLanguage(t *testing.T) {
	defer words.Store(words.Load())
	cut := int64(1_999_860)
	m := &RulerModel{BodyBytes: 2_600_000, LimitBytes: 2_000_000, Cutoff: &cut}
	tests := []struct {
		lang                         string
		words                        *Words // nil: the English the package holds
		scale, small, label, kind    string
		rangeText, used, sourceEmpty string
	}{
		{"en", nil, "1.2 MB", "500 B", "cutoff at body byte 1,999,860", "markup",
			"bytes 2,000,000–2,000,099 (100 bytes)", "12.5%", "The body is empty."},
		{"en", &catalogWords, "1.2 MB", "500 B", "cutoff at body byte 1,999,860", "markup",
			"bytes 2,000,000–2,000,099 (100 bytes)", "12.5%", "The body is empty."},
		{"it", &catalogWords, "1,2 MB", "500 B", "soglia al byte 1.999.860 del corpo", "markup HTML",
			"byte 2.000.000–2.000.099 (100 byte)", "12,5%", "Il corpo è vuoto."},
		{"fr", &catalogWords, "1,2 Mo", "500 o", "seuil à l’octet 1\u202f999\u202f860 du corps", "balisage",
			"octets 2\u202f000\u202f000–2\u202f000\u202f099 (100 octets)", "12,5\u202f%", "Le corps est vide."},
		{"tr", &catalogWords, "1,2 MB", "500 B", "kesme noktası gövdenin 1.999.860. baytında", "işaretleme",
			"2.000.000–2.000.099. baytlar (100 bayt)", "%12,5", "Gövde boş."},
		{"ja", &catalogWords, "1.2 MB", "500 B", "カットオフは本文の 1,999,860 バイト目", "マークアップ",
			"2,000,000–2,000,099 バイト目（100 バイト）", "12.5%", "本文は空です。"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			words.Store(tt.words)
			label, _ := cutoffLabel(m, 0, m.BodyBytes)
			got := []string{shortBytes(1_200_000), shortBytes(500), label, KindName(RulerKindMarkup),
				ByteRange(2_000_000, 2_000_100), usedPercent(250_000, 2_000_000), sourceEmptyText()}
			want := []string{tt.scale, tt.small, tt.label, tt.kind, tt.rangeText, tt.used, tt.sourceEmpty}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("got %q, want %q", got[i], want[i])
				}
			}
		})
	}
}

// sourceEmptyText is what a source view of an empty body says.
func sourceEmptyText() string {
	s := NewSourceView()
	s.Show(SourceDocument{})
	return s.status.Text
}

// TestEnglishIsTheCatalogs: the English the package holds is the
// catalog's, message by message, forms and placeholders filled alike.
func TestEnglishIsTheCatalogs(t *testing.T) {
	defer words.Store(words.Load())
	prev := i18n.Use(i18n.English())
	defer i18n.Use(prev)
	for id, text := range EnglishMessages() {
		var args []any
		for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
			if m[1] != "Count" {
				args = append(args, m[1], "⟨"+m[1]+"⟩")
			}
		}
		for _, n := range []int64{1, 2_000_000} {
			a := append(append([]any(nil), args...), "Count", n)
			if got, want := English(id, a...), i18n.T("byteview."+id, a...); got != want {
				t.Errorf("%s: the package says %q, the catalog %q", id, got, want)
			}
		}
	}
}
