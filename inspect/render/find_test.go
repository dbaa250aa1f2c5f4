package render

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// unixOnly skips a test of fake trees on Windows, whose files have no
// execute bit and whose PATH lookups add .exe: every system's places are
// tested from Linux, on the same trees.
func unixOnly(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("fake trees of Unix executables")
	}
}

// fakeTree writes each file under root (0755 unless its name ends in
// "!noexec", which is dropped) and returns root.
func fakeTree(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		mode := os.FileMode(0o755)
		if name, ok := strings.CutSuffix(f, "!noexec"); ok {
			f, mode = name, 0o644
		}
		path := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestBrowserSearch(t *testing.T) {
	unixOnly(t)
	tests := []struct {
		name  string
		goos  string
		files []string
		env   map[string]string // values are under the tree's root
		path  string            // PATH, under the root
		reg   map[string]string // App Paths, under the root
		want  []string          // under the root
	}{
		{
			name:  "linux: PATH names in order, a file that cannot run skipped",
			goos:  "linux",
			files: []string{"bin/chromium-headless-shell!noexec", "bin/google-chrome", "bin/chromium", "other/chromium"},
			path:  "bin",
			want:  []string{"bin/chromium", "bin/google-chrome"},
		},
		{
			name:  "linux: nothing installed",
			goos:  "linux",
			files: []string{"bin/firefox"},
			path:  "bin",
		},
		{
			name: "windows: App Paths first, then Program Files (x86) and LocalAppData; Chrome before Edge",
			goos: "windows",
			files: []string{
				"pf86/Microsoft/Edge/Application/msedge.exe",
				"local/Google/Chrome/Application/chrome.exe",
				"reg/chrome.exe",
				"bin/chromium",
			},
			env:  map[string]string{"ProgramFiles": "pf", "ProgramFiles(x86)": "pf86", "LocalAppData": "local"},
			reg:  map[string]string{"chrome.exe": "reg/chrome.exe", "msedge.exe": "pf86/Microsoft/Edge/Application/msedge.exe"},
			path: "bin",
			want: []string{
				"reg/chrome.exe",
				"local/Google/Chrome/Application/chrome.exe",
				"pf86/Microsoft/Edge/Application/msedge.exe",
			},
		},
		{
			name:  "windows: Edge in Program Files alone, as on a new machine",
			goos:  "windows",
			files: []string{"pf/Microsoft/Edge/Application/msedge.exe"},
			env:   map[string]string{"ProgramFiles": "pf"},
			want:  []string{"pf/Microsoft/Edge/Application/msedge.exe"},
		},
		{
			name: "darwin: app bundles in /Applications and ~/Applications, then PATH",
			goos: "darwin",
			files: []string{
				"Applications/Chromium.app/Contents/MacOS/Chromium",
				"home/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
				"Applications/Safari.app/Contents/MacOS/Safari",
				"bin/chromium",
			},
			env:  map[string]string{"HOME": "home"},
			path: "bin",
			want: []string{
				"home/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
				"Applications/Chromium.app/Contents/MacOS/Chromium",
				"bin/chromium",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := fakeTree(t, tt.files...)
			under := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
			t.Setenv("PATH", under(tt.path))
			env := func(k string) string {
				if v, ok := tt.env[k]; ok {
					return under(v)
				}
				return ""
			}
			reg := func(exe string) string {
				if v, ok := tt.reg[exe]; ok {
					return under(v)
				}
				return ""
			}
			got := search(places(tt.goos, env, root), reg)
			var want []string
			for _, w := range tt.want {
				want = append(want, under(w))
			}
			if !slices.Equal(got, want) {
				t.Errorf("found\n%q\nwant\n%q", got, want)
			}
		})
	}
}

func TestFindBrowserNamed(t *testing.T) {
	unixOnly(t)
	root := fakeTree(t, "my/browser", "my/plain!noexec")
	t.Setenv("PATH", filepath.Join(root, "empty"))
	if got, err := FindBrowser(filepath.Join(root, "my/browser")); err != nil || got != filepath.Join(root, "my/browser") {
		t.Errorf("FindBrowser(my/browser) = %q, %v", got, err)
	}
	for _, bad := range []string{"my/plain", "my/missing"} {
		if _, err := FindBrowser(filepath.Join(root, bad)); err == nil || !strings.Contains(err.Error(), "cannot be run") {
			t.Errorf("FindBrowser(%s) error = %v, want 'cannot be run'", bad, err)
		}
	}
	_, err := FindBrowser("")
	if err != ErrNoBrowser || !strings.Contains(err.Error(), Install()) || !strings.Contains(err.Error(), "--browser") {
		t.Errorf("FindBrowser(\"\") with nothing installed: %v, want ErrNoBrowser naming %q and --browser", err, Install())
	}
}

func TestNoBrowserSentence(t *testing.T) {
	tests := []struct{ goos, want string }{
		{"linux", "sudo apt-get install chromium-headless-shell"},
		{"windows", "Microsoft Edge"},
		{"darwin", "in /Applications"},
	}
	for _, tt := range tests {
		if got := installText(tt.goos); !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q does not say %q", tt.goos, got, tt.want)
		}
	}
}
