package history

import (
	"context"
	"database/sql"
	"time"

	"github.com/cutoffapp/cutoff/inspect"
)

// Watched is a page on the watch list, with the profile it is inspected as.
type Watched struct {
	URL     string    `json:"url"`
	Profile string    `json:"profile"`
	Added   time.Time `json:"added"`
}

// AddWatch puts url on the watch list for profile; adding it again
// changes nothing.
func (h *DB) AddWatch(ctx context.Context, url, profile string) error {
	return h.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO watch (url, profile, added_at) VALUES (?, ?, ?)`,
			url, profile, millis(h.now()))
		return err
	})
}

// RemoveWatch takes url off the watch list (every profile when profile is
// ""), and reports whether it was on it.
func (h *DB) RemoveWatch(ctx context.Context, url, profile string) (bool, error) {
	var n int64
	err := h.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM watch WHERE url = ? AND (? = '' OR profile = ?)`,
			url, profile, profile)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n > 0, err
}

// WatchList returns the watch list in the order the pages were added.
func (h *DB) WatchList(ctx context.Context) ([]Watched, error) {
	rows, err := h.db.QueryContext(ctx, `SELECT url, profile, added_at FROM watch ORDER BY added_at, url`)
	if err != nil {
		return nil, h.wrap(err)
	}
	defer rows.Close()
	out := []Watched{}
	for rows.Next() {
		var w Watched
		var at int64
		if err := rows.Scan(&w.URL, &w.Profile, &at); err != nil {
			return nil, h.wrap(err)
		}
		w.Added = fromMillis(at)
		out = append(out, w)
	}
	return out, h.wrap(rows.Err())
}

// Inspector inspects url as the crawler profile; the command line and the
// window each pass their own (with their fetch options).
type Inspector func(ctx context.Context, url, profile string) (*inspect.Report, error)

// Check is the outcome of re-inspecting one watched page.
type Check struct {
	Page Watched
	// Report is the new inspection, nil when it failed (Err).
	Report *inspect.Report
	// Diff compares it with the page's previous inspection; nil when
	// there was none.
	Diff *Diff
	// SaveErr is set when the inspection could not be saved; Err when it
	// could not be made.
	SaveErr, Err error
}

// VerdictChanged reports whether the check found a change a watch list
// warns about.
func (c *Check) VerdictChanged() bool { return c.Diff != nil && c.Diff.VerdictChanged() }

// CheckPages re-inspects each page with inspectFn, one after the other,
// saves each inspection and compares it with the page's previous one (same
// URL and profile). onCheck, when not nil, is called after each page.
func (h *DB) CheckPages(ctx context.Context, pages []Watched, inspectFn Inspector, onCheck func(Check)) []Check {
	out := make([]Check, 0, len(pages))
	for _, p := range pages {
		if ctx.Err() != nil {
			break
		}
		c := h.checkPage(ctx, p, inspectFn)
		out = append(out, c)
		if onCheck != nil {
			onCheck(c)
		}
	}
	return out
}

func (h *DB) checkPage(ctx context.Context, p Watched, inspectFn Inspector) Check {
	c := Check{Page: p}
	prev, err := h.Inspections(ctx, Query{URL: p.URL, Profile: p.Profile, Limit: 1})
	if err != nil {
		c.SaveErr = err
	}
	if c.Report, c.Err = inspectFn(ctx, p.URL, p.Profile); c.Err != nil {
		return c
	}
	if _, err := h.Save(ctx, c.Report); err != nil {
		c.SaveErr = err
	}
	if len(prev) == 1 {
		d := Compare(prev[0], FromReport(c.Report))
		c.Diff = &d
	}
	return c
}
