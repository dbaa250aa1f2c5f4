package whatif_test

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/inspect"
	. "github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// demoBig is the demo site's /big page.
func demoBig(t *testing.T) []byte {
	t.Helper()
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	res, err := srv.Client().Get(srv.URL + "/big")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// TestAdviceSpeaksEachLanguage makes the demo's advice, and the advice on
// a page longer than the part searched, in every language: the same
// kinds and moves as in English, whole sentences of the language (no
// English word, no element named in English) with its digit grouping.
func TestAdviceSpeaksEachLanguage(t *testing.T) {
	big := demoBig(t)
	css := "<style>" + strings.Repeat(".a{margin:0 auto}", 12) + "</style>\n"
	long := []byte("<!DOCTYPE html><html><head><title>Shoes</title>\n" + css + css +
		`<link rel="canonical" href="https://shop.example/shoes">` + "\n</head><body><h1>Shoes</h1>\n" +
		strings.Repeat("<p>Shoes for every day.</p>\n", 5000) + "</body></html>")
	cutoff := int64(400)
	longIn := inspect.Input{Body: long, Cutoff: &cutoff, Limit: 400, Crawler: "Googlebot"}
	advise := func(code string) (demo, scoped []Advice) {
		prev := i18n.Use(i18n.Get(code))
		defer i18n.Use(prev)
		return inspect.Analyze(googlebot(big)).Advice, inspect.Analyze(longIn).Advice
	}
	enDemo, enScoped := advise("en")
	if len(enDemo) == 0 || len(enScoped) == 0 {
		t.Fatalf("%d advice on the demo, %d on the long page: the test tests nothing", len(enDemo), len(enScoped))
	}
	scope := int64(2*400 + 64<<10)
	for _, tc := range []struct {
		code   string
		phrase string // in the demo's advice
		scope  string // in the long page's advice
	}{
		{"it", "su 17 script in linea fuori dall'HTML permette di conservare i blocchi JSON-LD", "sono stati cercati nei primi"},
		{"id", "dari 17 skrip inline ke file eksternal akan menempatkan blok JSON-LD", "byte pertama dari body"},
		{"ja", "インライン スクリプト 17 個のうち", "バイトの範囲で探しました"},
		{"tr", "17 satır içi komut dosyasından", "baytında arandı"},
		{"fr", "des 17 scripts intégrés hors du HTML permet de conserver les blocs JSON-LD", "premiers octets du corps"},
	} {
		t.Run(tc.code, func(t *testing.T) {
			demo, scoped := advise(tc.code)
			lang := i18n.Get(tc.code)
			for _, c := range []struct {
				en, got []Advice
				want    string
			}{{enDemo, demo, tc.phrase}, {enScoped, scoped, tc.scope}} {
				if len(c.got) != len(c.en) {
					t.Fatalf("%d advice, English %d", len(c.got), len(c.en))
				}
				found := false
				for i, a := range c.got {
					e := c.en[i]
					if a.Kind != e.Kind || len(a.Moves) != len(e.Moves) {
						t.Errorf("advice %d: %s with %d moves, English %s with %d", i, a.Kind, len(a.Moves), e.Kind, len(e.Moves))
					}
					for _, english := range []string{"Moving", " keeps ", "past the cutoff", "the JSON-LD blocks", "inline scripts"} {
						if strings.Contains(a.Message, english) {
							t.Errorf("advice %d says %q: %s", i, english, a.Message)
						}
					}
					found = found || strings.Contains(a.Message, c.want)
				}
				if !found {
					t.Errorf("no advice says %q: %q", c.want, messages(c.got))
				}
			}
			for _, a := range demo {
				if a.Result.CutoffOffset == nil && !strings.Contains(a.Message, lang.Int(a.Result.BodyBytes)) {
					t.Errorf("%q does not write the body's %d bytes as %q", a.Message, a.Result.BodyBytes, lang.Int(a.Result.BodyBytes))
				}
			}
			if !strings.Contains(scoped[0].Message, lang.Int(scope)) {
				t.Errorf("%q does not write the scope as %q", scoped[0].Message, lang.Int(scope))
			}
		})
	}
}

// TestKindWordsSpeakEachLanguage: the nouns of the kinds and the errors
// of ParseKinds follow the language; the kinds' codes do not.
func TestKindWordsSpeakEachLanguage(t *testing.T) {
	for _, tc := range []struct {
		code, one, many, unknown string
	}{
		{"en", "inline script", "inline scripts", "unknown kind \"fonts\""},
		{"it", "script in linea", "script in linea", "tipo sconosciuto \"fonts\""},
		{"id", "skrip inline", "skrip inline", "jenis tidak dikenal \"fonts\""},
		{"ja", "インライン スクリプト", "インライン スクリプト", "不明な種類 \"fonts\""},
		{"tr", "satır içi komut dosyası", "satır içi komut dosyaları", "bilinmeyen tür \"fonts\""},
		{"fr", "script intégré", "scripts intégrés", "type inconnu \"fonts\""},
	} {
		t.Run(tc.code, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.code))
			defer i18n.Use(prev)
			if one, many := Scripts.Noun(); one != tc.one || many != tc.many {
				t.Errorf("Scripts.Noun() = %q, %q, want %q, %q", one, many, tc.one, tc.many)
			}
			if Scripts.String() != "scripts" {
				t.Errorf("the code of Scripts is %q", Scripts.String())
			}
			_, err := ParseKinds("scripts,fonts")
			if err == nil || !strings.Contains(err.Error(), tc.unknown) || !strings.Contains(err.Error(), "style-attributes") {
				t.Errorf("ParseKinds error %v, want it to say %q and list the codes", err, tc.unknown)
			}
		})
	}
}
