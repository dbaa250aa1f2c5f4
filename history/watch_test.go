package history

import (
	"context"
	"testing"
)

func TestWatchList(t *testing.T) {
	ctx := context.Background()
	h := openTemp(t)
	for _, u := range []string{"https://a.example/", "https://b.example/", "https://a.example/"} {
		if err := h.AddWatch(ctx, u, googlebot); err != nil {
			t.Fatal(err)
		}
	}
	list, err := h.WatchList(ctx)
	if err != nil || len(list) != 2 {
		t.Fatalf("watch list %+v, %v; want the two URLs once each", list, err)
	}
	if ok, err := h.RemoveWatch(ctx, "https://a.example/", ""); !ok || err != nil {
		t.Errorf("remove: %v, %v", ok, err)
	}
	if ok, _ := h.RemoveWatch(ctx, "https://a.example/", ""); ok {
		t.Error("removed a URL that was not on the list")
	}
	if list, _ := h.WatchList(ctx); len(list) != 1 || list[0].URL != "https://b.example/" {
		t.Errorf("after remove: %+v", list)
	}
}

// TestCheckPages re-inspects a watched page that changed: the second
// check says the canonical link crossed the cutoff.
func TestCheckPages(t *testing.T) {
	ctx := context.Background()
	srv := newPageServer(t, 1000)
	h := openTemp(t)
	pages := []Watched{{URL: srv.URL + "/", Profile: googlebot}}
	first := h.CheckPages(ctx, pages, inspectPage, nil)
	if len(first) != 1 || first[0].Err != nil || first[0].Diff != nil || first[0].SaveErr != nil {
		t.Fatalf("first check %+v: want an inspection and no previous one", first)
	}
	srv.set(20_000, "")
	var seen int
	second := h.CheckPages(ctx, pages, inspectPage, func(Check) { seen++ })
	c := second[0]
	if seen != 1 || c.Diff == nil || !c.VerdictChanged() {
		t.Fatalf("second check %+v: want a verdict change", c)
	}
	if len(c.Diff.Crossed) == 0 || c.Diff.Crossed[0].Kind != "canonical" {
		t.Errorf("crossed %+v, want the canonical link first", c.Diff.Crossed)
	}
	if all, _ := h.Inspections(ctx, Query{URL: srv.URL + "/"}); len(all) != 2 {
		t.Errorf("%d inspections saved, want 2", len(all))
	}
}
