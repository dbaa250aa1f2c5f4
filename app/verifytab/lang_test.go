package verifytab

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/verify"
)

// The tab speaks the language in use when it is built: buttons, column
// titles, a real run's summary and verdicts, counts with the language's
// digit grouping; the CSV keeps the verdicts' codes.
func TestVerifyTabSpeaksTheLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, button, title, summary, verdict, many string
	}{
		{"ja", "確認", "判定", "アドレス 2 件: 確認済み 1、偽物 1、不明 0。", "確認済み", "アドレス 1,234 件"},
		{"fr", "Vérifier", "Verdict", "2 adresses — vérifiées\u00a0: 1, fausses\u00a0: 1, inconnues\u00a0: 0.", "vérifiée", "1\u202f234 adresses"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
			if a.verifyBtn.Text != c.button || verifyColumns[verifyColVerdict].title() != c.title {
				t.Errorf("button %q, column %q; want %q, %q", a.verifyBtn.Text, verifyColumns[verifyColVerdict].title(), c.button, c.title)
			}
			verifyWait(t, a, func() {
				test.Type(a.input, "66.249.66.1 googlebot\n203.0.113.5 googlebot")
				test.Tap(a.verifyBtn)
			})
			if a.status.Text != c.summary {
				t.Errorf("status %q, want %q", a.status.Text, c.summary)
			}
			verdicts := verifyCell(&a.rows[0].res, verifyColVerdict) + " " + verifyCell(&a.rows[1].res, verifyColVerdict)
			if !strings.Contains(verdicts, c.verdict) {
				t.Errorf("verdicts %q, want %q among them", verdicts, c.verdict)
			}
			if csv := a.csvText(); !strings.Contains(csv, ",verified,") || !strings.Contains(csv, ",fake,") {
				t.Errorf("the CSV's verdicts are not the codes:\n%s", csv)
			}
			if got := verifyResultsText(make([]verify.Result, 1234), false); !strings.HasPrefix(got, c.many) {
				t.Errorf("summary of 1,234 results %q, want it to start with %q", got, c.many)
			}
		})
	}
}

// The verdict shows whole in languages whose verdicts are longer than
// English's ("doğrulandı", "terverifikasi"), and so do the column titles.
func TestVerdictsFitTheirColumn(t *testing.T) {
	for _, c := range []struct{ lang, verified string }{
		{"en", "verified"}, {"tr", "doğrulandı"}, {"id", "terverifikasi"}, {"it", "verificato"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
			if got := verdictWord(verify.Verified); got != c.verified {
				t.Fatalf("verdict %q, want %q", got, c.verified)
			}
			whole := widget.NewLabel(c.verified).MinSize().Width
			if w := verdictColumnWidth(); w < whole || w > verdictColumnMax {
				t.Errorf("verdict column %v wide, want %v to %v for %q", w, whole, verdictColumnMax, c.verified)
			}
			titles := 0
			for _, o := range test.LaidOutObjects(a.table) {
				if b, ok := o.(*kit.SortTitle); ok && b.Text != "" {
					titles++
					if whole := kit.CellTextWidth(b.Text, true); b.Size().Width < whole-1 {
						t.Errorf("title %q is %v wide in a %v column", b.Text, whole, b.Size().Width)
					}
				}
			}
			if titles < 3 {
				t.Errorf("found %d column titles on screen", titles)
			}
		})
	}
}
