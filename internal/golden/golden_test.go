package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that keeps whether it failed instead of
// failing the test that uses it.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestCheck(t *testing.T) {
	if Updating() {
		t.Skip("under -update, Check writes instead of comparing")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "testdata", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "testdata", "sub", "a.txt"), []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	tests := []struct {
		name, file, got string
		wantFail        bool
	}{
		{"same bytes", "sub/a.txt", "kept\n", false},
		{"other bytes", "sub/a.txt", "kept", true},
		{"missing file", "sub/none.txt", "x", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			Check(r, tt.file, []byte(tt.got))
			if r.failed != tt.wantFail {
				t.Errorf("failed = %v, want %v", r.failed, tt.wantFail)
			}
		})
	}
}
