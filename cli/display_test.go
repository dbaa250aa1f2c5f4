package cli

import (
	"strings"
	"testing"
)

// env is a getenv over a fixed set of variables.
func env(vars map[string]string) func(string) string {
	return func(name string) string { return vars[name] }
}

func TestHasDisplay(t *testing.T) {
	tests := []struct {
		goos string
		vars map[string]string
		want bool
	}{
		{"linux", nil, false},
		{"linux", map[string]string{"DISPLAY": ":0"}, true},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, true},
		{"freebsd", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, false},
		{"darwin", nil, true},
		{"windows", nil, true},
	}
	for _, tt := range tests {
		if got := HasDisplay(tt.goos, env(tt.vars)); got != tt.want {
			t.Errorf("HasDisplay(%s, %v) = %v, want %v", tt.goos, tt.vars, got, tt.want)
		}
	}
}

func TestWindowPlatform(t *testing.T) {
	tests := []struct {
		vars map[string]string
		want string
	}{
		{map[string]string{"DISPLAY": ":99"}, "x11"},
		{map[string]string{"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, ""},
		{map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, ""},
		{map[string]string{"DISPLAY": ":0", "FYNE_PLATFORM": "wayland"}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := WindowPlatform(env(tt.vars)); got != tt.want {
			t.Errorf("WindowPlatform(%v) = %q, want %q", tt.vars, got, tt.want)
		}
	}
}

func TestDisplayProblemIsOneSentence(t *testing.T) {
	tests := []struct {
		vars map[string]string
		want string
	}{
		{nil, "no display was found (neither DISPLAY nor WAYLAND_DISPLAY is set)"},
		{map[string]string{"DISPLAY": ":99"}, `the display could not be opened (DISPLAY=":99")`},
		{map[string]string{"DISPLAY": ":1", "WAYLAND_DISPLAY": "w"}, `(DISPLAY=":1", WAYLAND_DISPLAY="w")`},
	}
	for _, tt := range tests {
		var b strings.Builder
		if code := DisplayProblem(&b, env(tt.vars)); code != exitUsage {
			t.Errorf("DisplayProblem(%v) = %d, want %d", tt.vars, code, exitUsage)
		}
		out := b.String()
		if !strings.Contains(out, tt.want) || !strings.Contains(out, "subcommands work headless") ||
			strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, ".\n") {
			t.Errorf("DisplayProblem(%v) wrote %q, want one line with %q", tt.vars, out, tt.want)
		}
	}
}
