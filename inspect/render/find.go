package render

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Package is the Debian package that provides the browser.
const Package = "chromium-headless-shell"

// Install names what to install on this system for the rendered view, in
// the language in use; commands and package names stay as they are.
func Install() string { return installText(runtime.GOOS) }

// ErrNoBrowser is returned by FindBrowser when no browser binary is found;
// its sentence, in the language in use when it is read, names what to
// install on this system.
var ErrNoBrowser error = noBrowser{}

type noBrowser struct{}

func (noBrowser) Error() string { return i18n.T("render.no-browser", "Install", Install()) }

// installText is Install on system goos.
func installText(goos string) string {
	switch goos {
	case "windows":
		return i18n.T("render.install-windows")
	case "darwin":
		return i18n.T("render.install-darwin")
	}
	return i18n.T("render.install-linux", "Package", Package)
}

// FindBrowser returns the browser binary to run: path when it is given
// (it must exist and be executable), else the first of Browsers.
func FindBrowser(path string) (string, error) {
	if path != "" {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", fmt.Errorf("%s: %w", i18n.T("render.browser-cannot-run", "Path", path), err)
		}
		return p, nil
	}
	if found := Browsers(); len(found) > 0 {
		return found[0], nil
	}
	return "", ErrNoBrowser
}

// Browsers returns the Chromium-based browsers installed here, best first,
// for a setting to choose from (Options.Browser takes the choice):
//   - Linux and the BSDs: chromium-headless-shell, chromium, google-chrome
//     and their other names, on PATH;
//   - Windows: Google Chrome, Chromium, then Microsoft Edge, from the
//     registry's App Paths and the Program Files and LocalAppData folders;
//   - macOS: the Google Chrome, Chromium and Microsoft Edge app bundles in
//     /Applications and ~/Applications, then the Linux names on PATH.
func Browsers() []string {
	return search(places(runtime.GOOS, os.Getenv, "/"), appPath)
}

// place is one place a browser may be: a name looked up on PATH, a file,
// or an executable registered in Windows' App Paths.
type place struct {
	name    string // on PATH
	file    string // an absolute path
	appPath string // an App Paths key, e.g. chrome.exe
}

// pathNames are the browsers' names on PATH, in order.
var pathNames = []string{"chromium-headless-shell", "chromium", "google-chrome", "google-chrome-stable",
	"chromium-browser", "microsoft-edge"}

// places lists where to look on system goos, in order: env reads the
// environment, and root is the folder macOS' /Applications is under
// (tests give a folder of their own).
func places(goos string, env func(string) string, root string) []place {
	var out []place
	switch goos {
	case "windows":
		type app struct {
			exe string
			dir []string // under Program Files or LocalAppData
		}
		apps := []app{
			{"chrome.exe", []string{"Google", "Chrome", "Application"}},
			{"chromium.exe", []string{"Chromium", "Application"}},
			{"msedge.exe", []string{"Microsoft", "Edge", "Application"}},
		}
		for _, a := range apps {
			out = append(out, place{appPath: a.exe})
			for _, base := range []string{"ProgramFiles", "ProgramFiles(x86)", "LocalAppData"} {
				if dir := env(base); dir != "" {
					out = append(out, place{file: filepath.Join(append(append([]string{dir}, a.dir...), a.exe)...)})
				}
			}
		}
		return out
	case "darwin":
		apps := []string{"Google Chrome", "Chromium", "Microsoft Edge"}
		dirs := []string{filepath.Join(root, "Applications")}
		if home := env("HOME"); home != "" {
			dirs = append(dirs, filepath.Join(home, "Applications"))
		}
		for _, a := range apps {
			for _, d := range dirs {
				out = append(out, place{file: filepath.Join(d, a+".app", "Contents", "MacOS", a)})
			}
		}
	}
	for _, n := range pathNames {
		out = append(out, place{name: n})
	}
	return out
}

// search returns the places that hold an executable file, in order and
// each once; appPath reads an App Paths entry ("" when there is none).
func search(ps []place, appPath func(exe string) string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range ps {
		var file string
		switch {
		case p.name != "":
			file, _ = exec.LookPath(p.name)
		case p.appPath != "":
			file = appPath(p.appPath)
		default:
			file = p.file
		}
		if file == "" || seen[file] || !executable(file) {
			continue
		}
		seen[file] = true
		out = append(out, file)
	}
	return out
}

// executable reports whether file is a regular file this system can run.
func executable(file string) bool {
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	return runtime.GOOS == "windows" || info.Mode().Perm()&0o111 != 0
}
