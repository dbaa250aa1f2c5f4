package site

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch/demosite"
)

// The demo site's sitemap index: every kind of row the Site mode shows.
func TestDemoSitemap(t *testing.T) {
	if testing.Short() {
		t.Skip("inspects 350 generated pages")
	}
	srv := httptest.NewServer(demosite.Handler())
	t.Cleanup(srv.Close)
	cfg := testConfig(t)
	cfg.PerHost, cfg.Global = 4, 4
	rows, sum, err := collect(t, Input{Sitemap: srv.URL + "/site/sitemap.xml"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	deep, private := 0, 0
	for path, r := range rows {
		switch {
		case strings.HasPrefix(path, "/site/deep/"):
			deep++
		case strings.HasPrefix(path, "/private/site/"):
			private++
			if r.Fetched || r.RobotsAllowed {
				t.Errorf("%s fetched %v allowed %v, want a disallowed row", path, r.Fetched, r.RobotsAllowed)
			}
		}
	}
	if busy := rows["/site/busy"]; busy.Status != 200 || busy.Retries != 1 {
		t.Errorf("/site/busy: status %d after %d retries, want 200 after 1", busy.Status, busy.Retries)
	}
	if private != 12 || deep == 0 || sum.Truncated != deep || sum.Disallowed != 12 || sum.Errors != 0 {
		t.Errorf("%d private, %d deep; summary %+v", private, deep, sum)
	}
	if sum.NearLimit == 0 || sum.CriticalBeyond["canonical"] != deep || sum.CriticalBeyond["json-ld"] != deep {
		t.Errorf("near limit %d, past the cutoff %v, want %d canonicals and JSON-LD", sum.NearLimit, sum.CriticalBeyond, deep)
	}
	if len(sum.LinkedOnlyPastCutoff) != deep {
		t.Errorf("%d URLs linked only past the cutoff, want the %d deep pages", len(sum.LinkedOnlyPastCutoff), deep)
	}
	for _, o := range sum.LinkedOnlyPastCutoff {
		if !strings.Contains(o.URL, "/site/deep/") {
			t.Errorf("%s linked only past the cutoff, want only deep pages", o.URL)
		}
	}
}
