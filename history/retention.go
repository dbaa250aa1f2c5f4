package history

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"
)

// DefaultRetention is how long inspections and site runs are kept unless
// the retention setting says otherwise: a year.
const DefaultRetention = 365 * 24 * time.Hour

const retentionKey = "retention_days"

// Retention returns the retention setting.
func (h *DB) Retention(ctx context.Context) (time.Duration, error) {
	var v string
	err := h.db.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, retentionKey).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultRetention, nil
	}
	if err != nil {
		return 0, h.wrap(err)
	}
	days, err := strconv.Atoi(v)
	if err != nil || days < 1 {
		return DefaultRetention, nil
	}
	return time.Duration(days) * 24 * time.Hour, nil
}

// SetRetention keeps inspections and site runs for days days from now on
// (days ≥ 1).
func (h *DB) SetRetention(ctx context.Context, days int) error {
	if days < 1 {
		return catalogError("history.retention-too-short")
	}
	return h.setSetting(ctx, retentionKey, strconv.Itoa(days))
}

// setSetting stores value under key in the settings table.
func (h *DB) setSetting(ctx context.Context, key, value string) error {
	return h.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES (?, ?)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value)
		return err
	})
}

// Pruned counts what Prune deleted.
type Pruned struct {
	Inspections int64 `json:"inspections"`
	SiteRuns    int64 `json:"site_runs"`
}

// Prune deletes the inspections and site runs older than the retention
// setting, as of now.
func (h *DB) Prune(ctx context.Context, now time.Time) (Pruned, error) {
	var p Pruned
	keep, err := h.Retention(ctx)
	if err != nil {
		return p, err
	}
	before := millis(now.Add(-keep))
	err = h.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM inspections WHERE inspected_at < ?`, before)
		if err != nil {
			return err
		}
		if p.Inspections, err = res.RowsAffected(); err != nil {
			return err
		}
		if res, err = tx.ExecContext(ctx, `DELETE FROM site_runs WHERE started_at < ?`, before); err != nil {
			return err
		}
		p.SiteRuns, err = res.RowsAffected()
		return err
	})
	return p, err
}

const lastPrunedKey = "last_pruned"

// PruneIfDue prunes as Prune does when the file was last pruned a day or
// more before now (or never), so that saving an inspection applies the
// retention setting without pruning each time. ran is false when it was
// not due.
func (h *DB) PruneIfDue(ctx context.Context, now time.Time) (p Pruned, ran bool, err error) {
	var v string
	err = h.db.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, lastPrunedKey).Scan(&v)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return p, false, h.wrap(err)
	}
	if last, perr := strconv.ParseInt(v, 10, 64); perr == nil && now.Sub(fromMillis(last)) < 24*time.Hour {
		return p, false, nil
	}
	if p, err = h.Prune(ctx, now); err != nil {
		return p, false, err
	}
	return p, true, h.setSetting(ctx, lastPrunedKey, strconv.FormatInt(millis(now), 10))
}
