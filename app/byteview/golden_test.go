package byteview

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

var update = flag.Bool("update", false, "rewrite golden files")

// assertMarkup compares c's markup with testdata/name, rewriting the golden
// file first under -update.
func assertMarkup(t *testing.T, name string, c fyne.Canvas) {
	t.Helper()
	if *update {
		path := filepath.Join("testdata", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(test.RenderToMarkup(c)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	test.AssertRendersToMarkup(t, name, c)
}
