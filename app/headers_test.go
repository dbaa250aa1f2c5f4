package app

import (
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// The sizes and timings keep their values in one column in every
// language, even where a name is longer than the column English needs
// ("Toplam (yönlendirmeler dahil)", "Total (termasuk pengalihan)") or its
// characters take two terminal columns each (Japanese).
func TestHeaderBlocksKeepValuesInLine(t *testing.T) {
	r := &fetch.Result{URL: "http://h/", ContentType: "text/html",
		Timings: fetch.Timings{Connect: time.Millisecond, FirstByte: 20 * time.Millisecond, Total: 24 * time.Millisecond}}
	r.HeaderBytes, r.WireBodyBytes, r.BodyBytes, r.LimitBytes, r.ReadComplete = 140, 2600000, 2600000, 2000000, true
	for _, lang := range i18n.Codes {
		t.Run(lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(lang))
			defer i18n.Use(prev)
			column := -1
			for _, line := range strings.Split(sizesText(r)+"\n"+timingsText(r.Timings), "\n") {
				name := strings.TrimRight(line[:strings.Index(line, "  ")+1], " ")
				for _, id := range rowNames {
					if n := i18n.T(id); strings.HasPrefix(line, n+" ") && len(n) > len(name) {
						name = n
					}
				}
				rest := strings.TrimLeft(line[len(name):], " ")
				at := prose.Width(line) - prose.Width(rest)
				if column < 0 {
					column = at
				}
				if at != column || at <= prose.Width(name) {
					t.Errorf("value of %q starts at %d, want %d:\n%s", name, at, column, line)
				}
			}
		})
	}
}
