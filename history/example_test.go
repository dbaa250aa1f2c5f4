package history_test

import (
	"context"
	"fmt"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/history"
	"github.com/cutoffapp/cutoff/inspect"
)

// The window's periodic watch: open the history once, re-inspect the
// watch list every six hours while the window is open, and notify when a
// verdict changed.
func ExampleScheduler() {
	ctx, closeWindow := context.WithCancel(context.Background())
	defer closeWindow()
	path, _ := history.DefaultPath()
	h, err := history.Open(ctx, path)
	if err != nil {
		fmt.Println(err) // one sentence for the status bar; the window works on without a history
		return
	}
	defer h.Close()
	inspectFn := func(ctx context.Context, url, profile string) (*inspect.Report, error) {
		p, _ := fetch.Lookup(profile)
		return inspect.Page(ctx, &fetch.Fetcher{}, url, p, inspect.Options{NoResources: true})
	}
	s := &history.Scheduler{Every: 6 * time.Hour, RunAtStart: true, Job: func(ctx context.Context, _ time.Time) {
		pages, err := h.WatchList(ctx)
		if err != nil {
			return
		}
		h.CheckPages(ctx, pages, inspectFn, func(c history.Check) {
			if c.VerdictChanged() {
				fmt.Println(c.Page.URL, c.Diff.Text()) // the window sends a notification
			}
		})
	}}
	go s.Run(ctx) // until the window closes
}
