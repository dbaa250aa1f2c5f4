// Package golden compares what a test produced with a file under the
// package's testdata/ folder and, under `go test -update`, rewrites that
// file instead. Every test tree of Cutoff uses it, so that -update means the
// same everywhere and a golden file is checked one way. (app/byteview keeps
// its own markup helper: it imports no Cutoff package.)
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }

// Check compares got with testdata/name, byte for byte, and fails t with
// what it got when they differ. Under -update it writes got there first
// (creating folders), so that the comparison passes and the diff is left
// to review.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update and review the diff); got:\n%s", path, got)
	}
}
