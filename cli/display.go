package cli

import (
	"fmt"
	"io"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// HasDisplay reports whether the window has a display to open on: always on
// macOS and Windows; elsewhere (X11 or Wayland) when DISPLAY or
// WAYLAND_DISPLAY is set. It is checked before the GUI driver starts, since
// GLFW without a display fails with a panic rather than an error.
func HasDisplay(goos string, getenv func(string) string) bool {
	switch goos {
	case "darwin", "windows":
		return true
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}

// WindowPlatform is the FYNE_PLATFORM the window should start with: "x11"
// on an X11-only display, so GLFW does not probe for Wayland (the probe prints
// "XDG_RUNTIME_DIR is invalid" where no desktop session runs); "" leaves the
// choice to Fyne and GLFW, as does a FYNE_PLATFORM the user set.
func WindowPlatform(getenv func(string) string) string {
	if getenv("FYNE_PLATFORM") != "" || getenv("WAYLAND_DISPLAY") != "" || getenv("DISPLAY") == "" {
		return ""
	}
	return "x11"
}

// DisplayProblem says in one sentence why the window cannot open (no display
// set, or one set that could not be opened) and that the subcommands need
// none, and returns the exit code of a usage error.
func DisplayProblem(stderr io.Writer, getenv func(string) string) int {
	msg := i18n.T("cli.no-display")
	if names := displayNames(getenv); names != "" {
		msg = i18n.T("cli.display-failed", "Names", names)
	}
	fmt.Fprintln(stderr, "cutoff: "+msg)
	return exitUsage
}

// displayNames lists the display variables that are set, for DisplayProblem.
func displayNames(getenv func(string) string) string {
	var names string
	for _, name := range []string{"DISPLAY", "WAYLAND_DISPLAY"} {
		if v := getenv(name); v != "" {
			if names != "" {
				names += ", "
			}
			names += fmt.Sprintf("%s=%q", name, v)
		}
	}
	return names
}
