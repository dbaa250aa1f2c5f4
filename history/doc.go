// Package history keeps every inspection and site run in a local SQLite
// database (modernc.org/sqlite: pure Go, so the binary still cross-compiles
// without cgo), says what changed between two inspections of a page, or two
// runs of one sitemap or crawl, in sentences a consultant can paste, and
// re-inspects a watch list, by hand (`cutoff watch --once`) or on a
// schedule (Scheduler, for the window).
//
// The history is best-effort: a file that is locked, unreadable or not a
// database is reported as one sentence (Sentence) and the inspection goes
// on. Several processes may write the same file at once: it runs in WAL
// mode with a busy timeout, and each write is one transaction.
//
// The package imports the engine (inspect, inspect/site, fetch) and
// internal/prose, never Fyne: the window and the command line use it alike.
package history
