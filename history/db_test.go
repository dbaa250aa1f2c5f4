package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/inspect"
)

func TestSaveAndList(t *testing.T) {
	ctx := context.Background()
	srv := newPageServer(t, 1000)
	h := openTemp(t)
	first := mustSave(t, h, mustInspect(t, srv.URL+"/"))
	srv.set(20_000, "")
	r := mustInspect(t, srv.URL+"/")
	second := mustSave(t, h, r)

	got, err := h.Inspections(ctx, Query{URL: srv.URL + "/"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != second || got[1].ID != first {
		t.Fatalf("inspections %+v, want ids %d then %d", got, second, first)
	}
	in := got[0]
	if in.BodyBytes != r.BodyBytes || in.LimitBytes != testLimit || in.CutoffOffset == nil ||
		*in.CutoffOffset != *r.Fetch.CutoffOffset || in.Profile != googlebot || in.Status != 200 {
		t.Errorf("figures %+v do not match the report", in)
	}
	if in.Composition["inline-script"] < 20_000 || len(in.Critical) != len(r.Critical) {
		t.Errorf("composition %v, %d critical elements, want the report's", in.Composition, len(in.Critical))
	}
	if !in.Time.Equal(r.Generated.UTC().Truncate(time.Millisecond)) {
		t.Errorf("time %v, want %v", in.Time, r.Generated)
	}
	if got[1].CutoffOffset != nil {
		t.Errorf("the first inspection was not cut, got cutoff %d", *got[1].CutoffOffset)
	}

	raw, err := h.ReportJSON(ctx, second)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil || m["url"] != srv.URL+"/" || m["critical"] == nil {
		t.Errorf("saved report JSON %.200s: %v", raw, err)
	}
	old, err := h.Report(ctx, second)
	if err != nil || old.BodyBytes != r.BodyBytes || len(old.Findings) != len(r.Findings) {
		t.Errorf("decoded report: %v", err)
	}
	if _, err := h.Inspection(ctx, 999); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing id: %v, want ErrNotFound", err)
	}
}

func TestCorruptFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.sqlite")
	garbage := []byte(strings.Repeat("not a database, just bytes\n", 400))
	if err := os.WriteFile(path, garbage, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), path)
	var he *Error
	if !errors.As(err, &he) {
		t.Fatalf("Open of garbage: %v, want an *Error", err)
	}
	want := "the history file " + path + " is damaged or is not a SQLite database"
	if err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
	if b, _ := os.ReadFile(path); string(b) != string(garbage) {
		t.Error("the damaged file was changed")
	}
}

func TestLockedFile(t *testing.T) {
	busyTimeout = 200 * time.Millisecond
	defer func() { busyTimeout = BusyTimeout }()
	ctx := context.Background()
	srv := newPageServer(t, 100)
	h := openTemp(t)
	other, err := sql.Open("sqlite", h.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = h.Save(ctx, mustInspect(t, srv.URL+"/"))
	if err == nil || !strings.HasSuffix(err.Error(), "is locked by another program") {
		t.Fatalf("Save under an exclusive lock: %v", err)
	}
	if waited := time.Since(start); waited < busyTimeout {
		t.Errorf("gave up after %v, before the busy timeout", waited)
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Save(ctx, mustInspect(t, srv.URL+"/")); err != nil {
		t.Errorf("Save once the lock is gone: %v", err)
	}
}

func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "history.sqlite")
	old, err := open(ctx, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	srv := newPageServer(t, 100)
	id := mustSave(t, old, mustInspect(t, srv.URL+"/"))
	if v, _ := old.SchemaVersion(ctx); v != 1 {
		t.Fatalf("old file at version %d, want 1", v)
	}
	if err := old.AddWatch(ctx, srv.URL, googlebot); err == nil {
		t.Fatal("version 1 has a watch table; the test no longer tests a migration")
	}
	old.Close()

	h, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if v, _ := h.SchemaVersion(ctx); v != len(migrations) {
		t.Errorf("version %d after Open, want %d", v, len(migrations))
	}
	if in, err := h.Inspection(ctx, id); err != nil || in.URL != srv.URL+"/" {
		t.Errorf("the version 1 inspection after migrating: %+v, %v", in, err)
	}
	if err := h.AddWatch(ctx, srv.URL, googlebot); err != nil {
		t.Errorf("watch after migrating: %v", err)
	}
	// Opening again applies nothing twice.
	again, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	again.Close()
}

// savedYearAgo saves, in a new file, an inspection made 400 days before
// now, and returns the file, the report and now.
func savedYearAgo(t *testing.T) (*DB, *inspect.Report, time.Time) {
	t.Helper()
	srv := newPageServer(t, 100)
	h := openTemp(t)
	r := mustInspect(t, srv.URL+"/")
	now := r.Generated
	r.Generated = now.Add(-400 * 24 * time.Hour)
	mustSave(t, h, r)
	return h, r, now
}

func TestPrune(t *testing.T) {
	ctx := context.Background()
	h, r, now := savedYearAgo(t)
	r.Generated = now.Add(-40 * 24 * time.Hour)
	mustSave(t, h, r)
	if p, err := h.Prune(ctx, now); err != nil || p.Inspections != 1 {
		t.Fatalf("prune with the default year: %+v, %v; want 1 deleted", p, err)
	}
	if err := h.SetRetention(ctx, 30); err != nil {
		t.Fatal(err)
	}
	if p, err := h.Prune(ctx, now); err != nil || p.Inspections != 1 {
		t.Fatalf("prune with 30 days: %+v, %v; want 1 deleted", p, err)
	}
	var n int
	h.db.QueryRow(`SELECT count(*) FROM critical_elements`).Scan(&n)
	if n != 0 {
		t.Errorf("%d critical elements left behind by the pruned inspections", n)
	}
}

func TestPruneIfDue(t *testing.T) {
	ctx := context.Background()
	h, r, now := savedYearAgo(t)
	if p, ran, err := h.PruneIfDue(ctx, now); !ran || err != nil || p.Inspections != 1 {
		t.Fatalf("first PruneIfDue: %+v, %v, %v; want the old inspection deleted", p, ran, err)
	}
	mustSave(t, h, r)
	if _, ran, _ := h.PruneIfDue(ctx, now.Add(23*time.Hour)); ran {
		t.Error("pruned again within a day")
	}
	if p, ran, _ := h.PruneIfDue(ctx, now.Add(25*time.Hour)); !ran || p.Inspections != 1 {
		t.Errorf("a day later: %+v, %v; want a prune", p, ran)
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv(EnvFile, "")
	t.Setenv("XDG_DATA_HOME", "/data")
	if p, _ := dataDir("linux"); p != "/data" {
		t.Errorf("linux data folder %q, want $XDG_DATA_HOME", p)
	}
	t.Setenv(EnvFile, "/tmp/h.sqlite")
	if p, _ := DefaultPath(); p != "/tmp/h.sqlite" {
		t.Errorf("DefaultPath with %s set: %q", EnvFile, p)
	}
}
