package history

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// migrations are the schema's versions in order: migrations[i] brings a
// file from version i to version i+1. A released migration never changes;
// a new schema is a new migration at the end.
var migrations = []string{
	// 1: inspections with their figures, site runs with their rows, settings.
	`CREATE TABLE inspections (
		id             INTEGER PRIMARY KEY,
		url            TEXT    NOT NULL,
		final_url      TEXT    NOT NULL,
		profile        TEXT    NOT NULL,
		inspected_at   INTEGER NOT NULL, -- Unix milliseconds
		status         INTEGER NOT NULL,
		header_bytes   INTEGER NOT NULL,
		body_bytes     INTEGER NOT NULL,
		counted_bytes  INTEGER NOT NULL, -- header (when the profile counts it) plus body
		limit_bytes    INTEGER NOT NULL,
		cutoff_offset  INTEGER,          -- NULL when nothing is cut
		read_complete  INTEGER NOT NULL,
		robots_allowed INTEGER NOT NULL,
		robots_skipped INTEGER NOT NULL,
		robots_line    INTEGER NOT NULL,
		robots_rule    TEXT    NOT NULL,
		findings_critical INTEGER NOT NULL,
		findings_warning  INTEGER NOT NULL,
		findings_info     INTEGER NOT NULL,
		report         BLOB    NOT NULL  -- the report's JSON, gzip-compressed
	);
	CREATE INDEX inspections_by_time ON inspections (inspected_at);
	CREATE TABLE critical_elements (
		inspection_id INTEGER NOT NULL REFERENCES inspections (id) ON DELETE CASCADE,
		seq           INTEGER NOT NULL,
		kind          TEXT    NOT NULL,
		name          TEXT    NOT NULL,
		value         TEXT    NOT NULL,
		body_offset   INTEGER NOT NULL,
		body_end      INTEGER NOT NULL,
		beyond_cutoff INTEGER NOT NULL,
		PRIMARY KEY (inspection_id, seq)
	);
	CREATE TABLE composition (
		inspection_id INTEGER NOT NULL REFERENCES inspections (id) ON DELETE CASCADE,
		kind          TEXT    NOT NULL,
		bytes         INTEGER NOT NULL,
		PRIMARY KEY (inspection_id, kind)
	);
	CREATE TABLE site_runs (
		id         INTEGER PRIMARY KEY,
		input_kind TEXT    NOT NULL, -- list, sitemap or crawl
		input      TEXT    NOT NULL, -- the sitemap URL, the crawl's start, or the list's file
		profile    TEXT    NOT NULL,
		started_at INTEGER NOT NULL,
		pages      INTEGER NOT NULL,
		summary    BLOB    NOT NULL  -- the summary's JSON, gzip-compressed
	);
	CREATE INDEX site_runs_by_time ON site_runs (started_at);
	CREATE TABLE site_rows (
		run_id         INTEGER NOT NULL REFERENCES site_runs (id) ON DELETE CASCADE,
		seq            INTEGER NOT NULL,
		url            TEXT    NOT NULL,
		final_url      TEXT    NOT NULL,
		status         INTEGER NOT NULL,
		fetched        INTEGER NOT NULL,
		robots_allowed INTEGER NOT NULL,
		header_bytes   INTEGER NOT NULL,
		body_bytes     INTEGER NOT NULL,
		limit_bytes    INTEGER NOT NULL,
		cutoff_offset  INTEGER,
		truncated      INTEGER NOT NULL,
		percent        REAL    NOT NULL,
		critical_beyond TEXT   NOT NULL, -- kinds, space-separated
		lost_links     INTEGER NOT NULL,
		linked_only_past_cutoff INTEGER NOT NULL,
		error          TEXT    NOT NULL,
		PRIMARY KEY (run_id, seq)
	);
	CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,

	// 2: the watch list, and the indexes the per-URL and per-input
	// queries use.
	`CREATE TABLE watch (
		url      TEXT    NOT NULL,
		profile  TEXT    NOT NULL,
		added_at INTEGER NOT NULL,
		PRIMARY KEY (url, profile)
	);
	CREATE INDEX inspections_by_url ON inspections (url, profile, inspected_at);
	CREATE INDEX site_runs_by_input ON site_runs (input_kind, input, profile, started_at);`,
}

// migrate brings db to schema version upTo, each migration in its own
// transaction with the version it records, so that a failure leaves the
// file at the last whole version and two processes opening a new file at
// once apply each migration once.
func migrate(ctx context.Context, db *sql.DB, upTo int) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_versions (
		version    INTEGER PRIMARY KEY,
		applied_at INTEGER NOT NULL)`); err != nil {
		return err
	}
	for v := 1; v <= upTo; v++ {
		if err := applyMigration(ctx, db, v); err != nil {
			return fmt.Errorf("%s: %w", i18n.T("history.schema-version", "Version", strconv.Itoa(v)), err)
		}
	}
	return nil
}

// applyMigration applies migration v unless the file already has it.
func applyMigration(ctx context.Context, db *sql.DB, v int) error {
	tx, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: the check and the change under one lock
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_versions WHERE version = ?`, v).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, migrations[v-1]); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_versions (version, applied_at) VALUES (?, ?)`,
		v, millis(time.Now())); err != nil {
		return err
	}
	return tx.Commit()
}

// SchemaVersion returns the highest schema version applied to the file.
func (h *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v sql.NullInt64
	err := h.db.QueryRowContext(ctx, `SELECT max(version) FROM schema_versions`).Scan(&v)
	return int(v.Int64), h.wrap(err)
}
