package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Site run input kinds.
const (
	InputList    = "list"
	InputSitemap = "sitemap"
	InputCrawl   = "crawl"
)

// SiteRun is one saved site run: what it read and when.
type SiteRun struct {
	ID int64 `json:"id"`
	// InputKind is InputList, InputSitemap or InputCrawl; Input the
	// sitemap's URL or file, the crawl's start URL, or the list's file.
	InputKind string    `json:"input_kind"`
	Input     string    `json:"input"`
	Profile   string    `json:"profile"`
	Time      time.Time `json:"time"`
	Pages     int       `json:"pages"`
	// LinkedOnlyPastCutoff lists the URLs the run's pages link to only
	// from bytes past their cutoff.
	LinkedOnlyPastCutoff []string `json:"linked_only_past_cutoff"`
}

// SiteRow is one page of a saved site run.
type SiteRow struct {
	URL            string   `json:"url"`
	FinalURL       string   `json:"final_url,omitempty"`
	Status         int      `json:"status"`
	Fetched        bool     `json:"fetched"`
	RobotsAllowed  bool     `json:"robots_allowed"`
	HeaderBytes    int64    `json:"header_bytes"`
	BodyBytes      int64    `json:"body_bytes"`
	LimitBytes     int64    `json:"limit_bytes"`
	CutoffOffset   *int64   `json:"cutoff_offset"`
	Truncated      bool     `json:"truncated"`
	Percent        float64  `json:"percent_of_limit"`
	CriticalBeyond []string `json:"critical_beyond"`
	LostLinks      int64    `json:"lost_links"`
	Error          string   `json:"error,omitempty"`
}

// SaveSiteRun keeps a finished site run with its rows and summary, and
// returns its id. run's ID and Pages are ignored.
func (h *DB) SaveSiteRun(ctx context.Context, run SiteRun, rows []site.Row, sum *site.Summary) (int64, error) {
	summary, err := gzipJSON(sum)
	if err != nil {
		return 0, err
	}
	var id int64
	err = h.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO site_runs (input_kind, input, profile, started_at, pages, summary)
			VALUES (?, ?, ?, ?, ?, ?)`, run.InputKind, run.Input, run.Profile, millis(run.Time), len(rows), summary)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO site_rows (run_id, seq, url, final_url, status, fetched,
			robots_allowed, header_bytes, body_bytes, limit_bytes, cutoff_offset, truncated, percent,
			critical_beyond, lost_links, linked_only_past_cutoff, error)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i, r := range rows {
			if _, err := stmt.ExecContext(ctx, id, i, r.URL, r.FinalURL, r.Status, r.Fetched, r.RobotsAllowed,
				r.HeaderBytes, r.BodyBytes, r.LimitBytes, r.CutoffOffset, r.Truncated, r.Percent,
				strings.Join(r.CriticalBeyond, " "), r.LostLinks, r.HasFinding(site.CodeLinkedOnlyPastCutoff),
				r.Error); err != nil {
				return err
			}
		}
		return nil
	})
	return id, err
}

// SiteRuns returns the saved site runs, newest first, at most limit (0:
// all); with input set, only the runs of that input kind and input.
func (h *DB) SiteRuns(ctx context.Context, kind, input string, limit int) ([]SiteRun, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := h.db.QueryContext(ctx, `SELECT id, input_kind, input, profile, started_at, pages, summary
		FROM site_runs WHERE (? = '' OR (input_kind = ? AND input = ?))
		ORDER BY started_at DESC, id DESC LIMIT ?`, input, kind, input, limit)
	if err != nil {
		return nil, h.wrap(err)
	}
	defer rows.Close()
	var out []SiteRun
	for rows.Next() {
		var r SiteRun
		var at int64
		var blob []byte
		if err := rows.Scan(&r.ID, &r.InputKind, &r.Input, &r.Profile, &at, &r.Pages, &blob); err != nil {
			return nil, h.wrap(err)
		}
		r.Time = fromMillis(at)
		r.LinkedOnlyPastCutoff = orphansOf(blob)
		out = append(out, r)
	}
	return out, h.wrap(rows.Err())
}

// orphansOf reads the URLs linked only past a cutoff from a saved
// summary; none when it cannot be read.
func orphansOf(blob []byte) []string {
	out := []string{}
	b, err := gunzip(blob)
	if err != nil {
		return out
	}
	var sum site.Summary
	if json.Unmarshal(b, &sum) != nil {
		return out
	}
	for _, o := range sum.LinkedOnlyPastCutoff {
		out = append(out, o.URL)
	}
	return out
}

// SiteRows returns the rows of site run id, in the run's order.
func (h *DB) SiteRows(ctx context.Context, id int64) ([]SiteRow, error) {
	rows, err := h.db.QueryContext(ctx, `SELECT url, final_url, status, fetched, robots_allowed, header_bytes,
		body_bytes, limit_bytes, cutoff_offset, truncated, percent, critical_beyond, lost_links, error
		FROM site_rows WHERE run_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, h.wrap(err)
	}
	defer rows.Close()
	var out []SiteRow
	for rows.Next() {
		var r SiteRow
		var cutoff sql.NullInt64
		var beyond string
		if err := rows.Scan(&r.URL, &r.FinalURL, &r.Status, &r.Fetched, &r.RobotsAllowed, &r.HeaderBytes,
			&r.BodyBytes, &r.LimitBytes, &cutoff, &r.Truncated, &r.Percent, &beyond, &r.LostLinks, &r.Error); err != nil {
			return nil, h.wrap(err)
		}
		if cutoff.Valid {
			r.CutoffOffset = &cutoff.Int64
		}
		r.CriticalBeyond = strings.Fields(beyond)
		out = append(out, r)
	}
	return out, h.wrap(rows.Err())
}

// ErrNoEarlierRun is returned when a site run has no earlier run of the
// same input to compare with.
var ErrNoEarlierRun error = catalogError("history.no-earlier-run")

// CompareWithPrevious compares site run id with the last earlier run of
// the same input kind, input and profile.
func (h *DB) CompareWithPrevious(ctx context.Context, id int64) (SiteDiff, error) {
	if _, err := h.siteRun(ctx, id); err != nil {
		return SiteDiff{}, err
	}
	var prev int64
	err := h.db.QueryRowContext(ctx, `SELECT p.id FROM site_runs p JOIN site_runs r ON r.id = ?
		WHERE p.input_kind = r.input_kind AND p.input = r.input AND p.profile = r.profile AND p.id <> r.id
		AND (p.started_at < r.started_at OR (p.started_at = r.started_at AND p.id < r.id))
		ORDER BY p.started_at DESC, p.id DESC LIMIT 1`, id).Scan(&prev)
	if errors.Is(err, sql.ErrNoRows) {
		return SiteDiff{}, ErrNoEarlierRun
	}
	if err != nil {
		return SiteDiff{}, h.wrap(err)
	}
	return h.CompareSiteRuns(ctx, prev, id)
}

// CompareSiteRuns compares two saved site runs.
func (h *DB) CompareSiteRuns(ctx context.Context, olderID, newerID int64) (SiteDiff, error) {
	var d SiteDiff
	for _, side := range []struct {
		id   int64
		run  *SiteRun
		rows *[]SiteRow
	}{{olderID, &d.Older, &d.olderRows}, {newerID, &d.Newer, &d.newerRows}} {
		var err error
		if *side.run, err = h.siteRun(ctx, side.id); err != nil {
			return d, err
		}
		if *side.rows, err = h.SiteRows(ctx, side.id); err != nil {
			return d, err
		}
	}
	d.compare()
	return d, nil
}

// siteRun returns the saved run with id.
func (h *DB) siteRun(ctx context.Context, id int64) (SiteRun, error) {
	var r SiteRun
	var at int64
	var blob []byte
	err := h.db.QueryRowContext(ctx, `SELECT id, input_kind, input, profile, started_at, pages, summary
		FROM site_runs WHERE id = ?`, id).Scan(&r.ID, &r.InputKind, &r.Input, &r.Profile, &at, &r.Pages, &blob)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errors.New(i18n.T("history.no-site-run", "ID", strconv.FormatInt(id, 10)))
	}
	if err != nil {
		return r, h.wrap(err)
	}
	r.Time = fromMillis(at)
	r.LinkedOnlyPastCutoff = orphansOf(blob)
	return r, nil
}

// SiteDiff is what changed between two runs of one sitemap, crawl or
// list.
type SiteDiff struct {
	Older                SiteRun `json:"older"`
	Newer                SiteRun `json:"newer"`
	olderRows, newerRows []SiteRow
	// NewlyOver lists the pages over their limit now and not before;
	// Fixed those over it before and not now (both fetched both times).
	NewlyOver []string `json:"newly_over_limit"`
	Fixed     []string `json:"fixed"`
	// NewlyLinkedOnlyPastCutoff lists the URLs reachable now only through
	// links past a cutoff, and not before.
	NewlyLinkedOnlyPastCutoff []string `json:"newly_linked_only_past_cutoff"`
	// Added and Gone count the pages in one run and not the other.
	Added int `json:"added"`
	Gone  int `json:"gone"`
}

func (d *SiteDiff) compare() {
	d.NewlyOver, d.Fixed, d.NewlyLinkedOnlyPastCutoff = []string{}, []string{}, []string{}
	before := make(map[string]SiteRow, len(d.olderRows))
	for _, r := range d.olderRows {
		before[r.URL] = r
	}
	seen := map[string]bool{}
	for _, r := range d.newerRows {
		seen[r.URL] = true
		old, ok := before[r.URL]
		switch {
		case !ok:
			d.Added++
		case !old.Fetched || !r.Fetched || old.Truncated == r.Truncated:
		case r.Truncated:
			d.NewlyOver = append(d.NewlyOver, r.URL)
		default:
			d.Fixed = append(d.Fixed, r.URL)
		}
	}
	for u := range before {
		if !seen[u] {
			d.Gone++
		}
	}
	was := map[string]bool{}
	for _, u := range d.Older.LinkedOnlyPastCutoff {
		was[u] = true
	}
	for _, u := range d.Newer.LinkedOnlyPastCutoff {
		if !was[u] {
			d.NewlyLinkedOnlyPastCutoff = append(d.NewlyLinkedOnlyPastCutoff, u)
		}
	}
	sort.Strings(d.NewlyOver)
	sort.Strings(d.Fixed)
}

// Sentences says what changed since the older run, a sentence each, in
// the language in use.
func (d *SiteDiff) Sentences() []string {
	out := []string{i18n.T("history.site-since", "Since", since(d.Older.Time, d.Newer.Time),
		"Pages", i18n.T("history.pages", "Count", d.Older.Pages),
		"Over", countOrNone(len(d.NewlyOver), "history.pages-newly-over", "history.no-page-newly-over"),
		"Fixed", countOrNone(len(d.Fixed), "history.pages-fixed", "history.no-page-fixed"))}
	add := func(id string, urls []string) {
		if len(urls) > 0 {
			out = append(out, i18n.T(id, "Count", len(urls), "URLs", urlList(urls)))
		}
	}
	add("history.newly-over-list", d.NewlyOver)
	add("history.fixed-list", d.Fixed)
	add("history.newly-linked-past-cutoff-list", d.NewlyLinkedOnlyPastCutoff)
	if d.Added > 0 || d.Gone > 0 {
		out = append(out, i18n.T("history.added-gone", "Added", i18n.T("history.new-pages", "Count", d.Added),
			"Gone", i18n.T("history.pages", "Count", d.Gone)))
	}
	return out
}

// countOrNone writes n with the plural message id, or the message none
// when n is 0.
func countOrNone(n int, id, none string) string {
	if n == 0 {
		return i18n.T(none)
	}
	return i18n.T(id, "Count", n)
}

// urlList joins up to ten URLs and says how many more.
func urlList(urls []string) string {
	const most = 10
	sep := i18n.T("history.list-separator")
	if len(urls) <= most {
		return strings.Join(urls, sep)
	}
	return i18n.T("history.and-more", "List", strings.Join(urls[:most], sep), "Count", len(urls)-most)
}
