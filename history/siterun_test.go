package history

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/golden"
)

// runSite runs a list of the server's / and /other and saves the run.
func runSite(t *testing.T, h *DB, srv *pageServer, at time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	p, _ := fetch.Lookup(googlebot)
	list := srv.URL + "/\n" + srv.URL + "/other\n"
	urls, err := site.ParseList(strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	var rows []site.Row
	sum, err := site.Run(ctx, site.Input{URLs: urls}, site.Config{Profile: p,
		Fetch: fetch.Options{Timeout: 10 * time.Second, LimitOverride: testLimit}}, func(r site.Row) {
		rows = append(rows, r)
	})
	if err != nil {
		t.Fatal(err)
	}
	site.MarkOrphans(rows, sum)
	id, err := h.SaveSiteRun(ctx, SiteRun{InputKind: InputList, Input: "urls.txt", Profile: googlebot, Time: at}, rows, sum)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestSiteRunCompare: the home page grows past the cutoff between two runs
// of one list; the second run says it is newly over its limit and that
// /other is now linked only past a cutoff; a third, after it shrank back,
// says it is fixed.
func TestSiteRunCompare(t *testing.T) {
	ctx := context.Background()
	h := openTemp(t)
	srv := newPageServer(t, 1000)
	day := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	first := runSite(t, h, srv, day)
	if _, err := h.CompareWithPrevious(ctx, first); err != ErrNoEarlierRun {
		t.Errorf("first run compared: %v, want ErrNoEarlierRun", err)
	}
	srv.set(20_000, "")
	second := runSite(t, h, srv, day.Add(24*time.Hour))
	srv.set(1000, "")
	third := runSite(t, h, srv, day.Add(48*time.Hour))

	var text strings.Builder
	for _, id := range []int64{second, third} {
		d, err := h.CompareWithPrevious(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		text.WriteString(strings.ReplaceAll(strings.Join(d.Sentences(), "\n"), srv.URL, "http://site") + "\n\n")
	}
	d, _ := h.CompareWithPrevious(ctx, second)
	if len(d.NewlyOver) != 1 || len(d.NewlyLinkedOnlyPastCutoff) != 1 {
		t.Errorf("second run: %+v", d)
	}
	golden.Check(t, "siterun/compare.txt", []byte(text.String()))

	runs, err := h.SiteRuns(ctx, InputList, "urls.txt", 0)
	if err != nil || len(runs) != 3 || runs[0].ID != third || runs[0].Pages != 2 {
		t.Errorf("site runs %+v, %v", runs, err)
	}
	rows, err := h.SiteRows(ctx, second)
	if err != nil || len(rows) != 2 {
		t.Fatalf("rows of the second run %+v, %v", rows, err)
	}
	for _, r := range rows {
		if home := r.URL == srv.URL+"/"; r.Truncated != home || (len(r.CriticalBeyond) > 0) != home {
			t.Errorf("row %+v: only the home page is cut", r)
		}
	}
}
