package wintest

import (
	"bytes"
	"debug/pe"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dir is the folder .ci/test-windows fills: Cutoff.exe's path in exe, and
// one NAME.linux.json and NAME.windows.json per page.
func dir(t *testing.T) string {
	t.Helper()
	d := os.Getenv("CUTOFF_WINTEST")
	if d == "" {
		t.Skip("CUTOFF_WINTEST is not set: make test-windows runs this test")
	}
	return d
}

// TestExeIsWindowsGUI: the packaged exe is an x86-64 Windows program of
// the GUI subsystem (double-clicked, it opens no console window; from a
// terminal it attaches to the terminal's console itself). Wine runs either
// kind the same, so the header is read rather than trusted to Wine.
func TestExeIsWindowsGUI(t *testing.T) {
	path, err := os.ReadFile(filepath.Join(dir(t), "exe"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := pe.Open(strings.TrimSpace(string(path)))
	if err != nil {
		t.Fatalf("not a PE file: %v", err)
	}
	defer f.Close()
	if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
		t.Errorf("machine %#x, want AMD64", f.Machine)
	}
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	if !ok {
		t.Fatalf("optional header %T, want PE32+", f.OptionalHeader)
	}
	if oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		t.Errorf("subsystem %d, want %d (Windows GUI)", oh.Subsystem, pe.IMAGE_SUBSYSTEM_WINDOWS_GUI)
	}
	if f.Section(".rsrc") == nil {
		t.Error("no .rsrc section: the icon and the version information are missing")
	}
}

// compared are the report's keys that must agree, wherever they are.
var compared = []string{"body_bytes", "cutoff_offset", "binary_cutoff_offset", "code"}

// TestSameReportAsLinux: for every page, the Windows exe's JSON report has
// the same body size, cutoff, binary cutoff and finding codes as the Linux
// binary's.
func TestSameReportAsLinux(t *testing.T) {
	linux, err := filepath.Glob(filepath.Join(dir(t), "*.linux.json"))
	if err != nil || len(linux) == 0 {
		t.Fatalf("no *.linux.json reports in %s", dir(t))
	}
	codes := 0
	for _, lpath := range linux {
		name := strings.TrimSuffix(filepath.Base(lpath), ".linux.json")
		t.Run(name, func(t *testing.T) {
			want := values(t, lpath)
			got := values(t, strings.TrimSuffix(lpath, ".linux.json")+".windows.json")
			if len(want["body_bytes"]) == 0 {
				t.Fatalf("the Linux report has no body_bytes: %v", want)
			}
			codes += len(want["code"])
			for _, k := range compared {
				if !slices.Equal(got[k], want[k]) {
					t.Errorf("%s: Windows %v, Linux %v", k, got[k], want[k])
				}
			}
			t.Logf("%s: %v", name, want)
		})
	}
	if codes == 0 {
		t.Error("no Linux report has a finding: the pages compare nothing of the findings")
	}
}

// values reads a JSON report and collects the values of the compared keys
// at any depth, in document order.
func values(t *testing.T, path string) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // byte offsets print whole
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string][]string{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				if slices.Contains(compared, k) {
					out[k] = append(out[k], fmt.Sprint(v[k]))
				}
				walk(v[k])
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
	return out
}
