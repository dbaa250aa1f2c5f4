package history

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// BusyTimeout is how long a write waits for another process's write to
// finish before it gives up (the window and a command line at once).
const BusyTimeout = 5 * time.Second

// busyTimeout is BusyTimeout, shortened by the tests that wait on a lock.
var busyTimeout = BusyTimeout

// DB is an open history file. Its methods may be called from any
// goroutine; several DBs, in one process or several, may use one file.
type DB struct {
	db   *sql.DB
	path string
	now  func() time.Time
}

// Error is a history file that could not be used: locked, damaged, not a
// database, or out of reach. Its text is a sentence fragment naming the
// file and the problem, for one line on stderr or a status bar.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string {
	id, reason := problem(e.Err)
	return i18n.T(id, "Path", e.Path, "Reason", reason)
}

func (e *Error) Unwrap() error { return e.Err }

// problem is the message saying what is wrong with the file, from
// SQLite's result code, and the system's words for it when the message
// quotes them.
func problem(err error) (id, reason string) {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return "history.file-locked", ""
		case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
			return "history.file-damaged", ""
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM:
			return "history.file-read-only", ""
		case sqlite3.SQLITE_CANTOPEN:
			return "history.file-cannot-open", ""
		case sqlite3.SQLITE_FULL:
			return "history.file-disk-full", ""
		}
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return "history.file-cannot-create", pe.Err.Error()
	}
	return "history.file-unusable", err.Error()
}

// catalogError is an error whose text is a message of the catalog, said in
// the language in use when it is read; it compares equal to itself, so
// errors.Is finds it.
type catalogError string

func (e catalogError) Error() string { return i18n.T(string(e)) }

// Open opens the history file at path, creating it and its folder when
// missing, and brings its schema up to date. Its error is an *Error.
func Open(ctx context.Context, path string) (*DB, error) {
	return open(ctx, path, len(migrations))
}

// open opens path and applies the migrations up to version upTo.
func open(ctx context.Context, path string, upTo int) (*DB, error) {
	fail := func(err error) (*DB, error) { return nil, &Error{Path: path, Err: err} }
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fail(err)
	}
	dsn := path + "?_pragma=busy_timeout(" + strconv.FormatInt(busyTimeout.Milliseconds(), 10) + ")" +
		"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return fail(err)
	}
	h := &DB{db: db, path: path, now: time.Now}
	err = retryBusy(ctx, func() error {
		// WAL lets readers and one writer work at once; the mode is kept in
		// the file. Switching to it needs the file to itself, and SQLite
		// answers busy at once rather than waiting, hence the retries.
		if _, err := db.ExecContext(ctx, "PRAGMA journal_mode=WAL"); err != nil {
			return err
		}
		return migrate(ctx, db, upTo)
	})
	if err != nil {
		db.Close()
		return fail(err)
	}
	return h, nil
}

// Path returns the file's path.
func (h *DB) Path() string { return h.path }

// Close closes the file.
func (h *DB) Close() error { return h.db.Close() }

// retryBusy calls fn until it does not fail on a lock, for at most the
// busy timeout: for the steps where SQLite reports a lock at once instead
// of waiting (another process creating the same file).
func retryBusy(ctx context.Context, fn func() error) error {
	deadline := time.Now().Add(busyTimeout)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		err := fn()
		if !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// isBusy reports whether err is SQLite's "the file is locked".
func isBusy(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
}

// wrap turns a SQLite error into an *Error naming the file.
func (h *DB) wrap(err error) error {
	if err == nil {
		return nil
	}
	var he *Error
	if errors.As(err, &he) {
		return err
	}
	return &Error{Path: h.path, Err: err}
}

// write runs fn in one transaction, which takes the write lock at once
// (BEGIN IMMEDIATE), so that two writers wait for each other through the
// busy timeout instead of failing on a lock upgrade.
func (h *DB) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return h.wrap(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return h.wrap(err)
	}
	return h.wrap(tx.Commit())
}

// millis is t as Unix milliseconds, the form times are stored in.
func millis(t time.Time) int64 { return t.UnixMilli() }

// fromMillis is the inverse of millis, in UTC.
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
