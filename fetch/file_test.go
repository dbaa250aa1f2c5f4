package fetch

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join("testdata", "page.html")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		opt         Options
		wantHeader  int64
		wantBody    int64
		wantCutoff  string
		wantComplte bool
	}{
		{"whole file", Options{}, 0, int64(len(want)), "nil", true},
		{"header bytes count", Options{HeaderBytes: 100, LimitOverride: 150}, 100, int64(len(want)), "50", true},
		{"capped", Options{LimitOverride: 20, Cap: 40}, 0, 40, "20", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ReadFile(path, mustProfile(t, DefaultProfileID), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.HeaderBytes; got != tt.wantHeader {
				t.Errorf("HeaderBytes = %d, want %d", got, tt.wantHeader)
			}
			if got := res.BodyBytes; got != tt.wantBody || string(res.Body) != string(want[:got]) {
				t.Errorf("BodyBytes = %d, want %d bytes of the file", got, tt.wantBody)
			}
			if got := fmtOffset(res.CutoffOffset); got != tt.wantCutoff {
				t.Errorf("CutoffOffset = %s, want %s", got, tt.wantCutoff)
			}
			if got := res.ReadComplete; got != tt.wantComplte {
				t.Errorf("ReadComplete = %v, want %v", got, tt.wantComplte)
			}
			if !res.Local || res.Kind != KindHTML || !strings.HasPrefix(res.FinalURL, "file:///") {
				t.Errorf("Local, Kind, FinalURL = %v, %q, %q; want true, html, a file URL", res.Local, res.Kind, res.FinalURL)
			}
		})
	}
}

func TestReadFileErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, path string
		wantMsg    string
	}{
		{"missing", filepath.Join("testdata", "no-such-file.html"), "does not exist"},
		{"folder", "testdata", "is a folder, not a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadFile(tt.path, mustProfile(t, DefaultProfileID), Options{})
			if !errors.Is(err, ErrFile) || !IsUsageError(err) {
				t.Fatalf("error = %v, want ErrFile, a usage error", err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error = %q, want it to contain %q", err, tt.wantMsg)
			}
			if tt.name == "missing" && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("errors.Is(err, fs.ErrNotExist) = false for %v", err)
			}
		})
	}
}

func TestReadFilePDFByExtension(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(path, []byte("%PDF-1.4\n%%EOF\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ReadFile(path, mustProfile(t, DefaultProfileID), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.LimitBytes, int64(64_000_000); res.Kind != KindPDF || got != want {
		t.Errorf("Kind, LimitBytes = %q, %d; want pdf, %d", res.Kind, got, want)
	}
}

// TestReadFileReadsWholeFile reads a local file past the default cap, so
// a far cutoff still shows what lies beyond it.
func TestReadFileReadsWholeFile(t *testing.T) {
	t.Parallel()
	p, _ := Lookup(DefaultProfileID)
	size := DefaultCap(p.LimitFor(KindHTML).Bytes) + 1000
	path := filepath.Join(t.TempDir(), "big.html")
	if err := os.WriteFile(path, bytes.Repeat([]byte("a"), int(size)), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ReadFile(path, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.BodyBytes != size || !res.ReadComplete {
		t.Errorf("ReadFile read %d bytes (complete %v), want all %d", res.BodyBytes, res.ReadComplete, size)
	}
	res, err = ReadFile(path, p, Options{Cap: 3_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if res.BodyBytes != 3_000_000 || res.ReadComplete {
		t.Errorf("with --cap 3,000,000: read %d bytes (complete %v)", res.BodyBytes, res.ReadComplete)
	}
}

// TestReadFileCapBound: a cap far above MaxCap is lowered to it, so that
// an endless source cannot grow the body without bound.
func TestReadFileCapBound(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		opt     Options
		wantCap int64
	}{
		{"huge cap", Options{Cap: 1 << 46}, MaxCap},
		{"cap just over", Options{Cap: MaxCap + 1}, MaxCap},
		{"cap under", Options{Cap: 1000, LimitOverride: 10}, 1000},
		{"limit above MaxCap", Options{Cap: 1 << 46, LimitOverride: MaxCap + 5}, MaxCap + 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ReadFile(filepath.Join("testdata", "page.html"), mustProfile(t, DefaultProfileID), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := res.CapBytes, tt.wantCap; got != want {
				t.Errorf("CapBytes = %d, want %d", got, want)
			}
		})
	}
}
