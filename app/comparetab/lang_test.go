package comparetab

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/compare"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The tab speaks the language in use when it is built: its first line,
// its buttons, and a real comparison's status line; many differences are
// counted with the language's digit grouping; the caveat under the
// differences is in the language from the start.
func TestCompareTabSpeaksTheLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, idle, cancel, status, many, caveat string
	}{
		{"ja", "プロファイル選択の横にある", "キャンセル", ": 相違点 ", "相違点 1,234 件", "これらの取得は"},
		{"fr", "Choisissez « Comparer avec… »", "Annuler", "\u00a0: ", "1\u202f234 différences", "Ces récupérations"},
		{"tr", "Bu URL'yi aynı anda", "İptal", ": ", "1.234 fark", "Bu getirme işlemleri"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(c.lang))
			defer i18n.Use(prev)
			test.NewTempApp(t)
			b := &job.Bridge{}
			area := New(context.Background(), b, DefaultEngine)
			done := make(chan struct{}, 2)
			area.onDone = func() { done <- struct{}{} }
			test.NewTempWindow(t, area.Content())
			t.Cleanup(area.Close)
			idle := strings.ReplaceAll(strings.ReplaceAll(c.idle, "« ", "«\u00a0"), " »", "\u00a0»")
			if !strings.HasPrefix(area.status.Text, idle) || area.stopBtn.Text != c.cancel {
				t.Errorf("status %q, cancel %q; want %q…, %q", area.status.Text, area.stopBtn.Text, idle, c.cancel)
			}
			if !strings.HasPrefix(area.caveat.Text, c.caveat) {
				t.Errorf("caveat %q, want it to start with %q", area.caveat.Text, c.caveat)
			}
			phone, _ := fetch.Lookup("googlebot-smartphone")
			bing, _ := fetch.Lookup("bingbot")
			url := botRuleSite(t) + "/"
			b.Sync(func() {
				area.start(url, []compare.Subject{compare.ProfileSubject(phone), compare.ProfileSubject(bing)})
			})
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the comparison did not finish")
			}
			var status string
			b.Sync(func() { status = area.status.Text })
			if !strings.Contains(status, c.status) || !strings.Contains(status, "≠") {
				t.Errorf("status %q does not say %q", status, c.status)
			}
			if got := compareStatus(&compare.Result{URL: "u", Differences: make([]compare.Difference, 1234)}); !strings.Contains(got, c.many) {
				t.Errorf("status of 1,234 differences %q, want %q", got, c.many)
			}
		})
	}
}
