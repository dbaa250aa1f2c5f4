package history

import (
	"os"
	"path/filepath"
	"runtime"
)

// EnvFile names the environment variable that chooses the history file,
// as --history FILE does.
const EnvFile = "CUTOFF_HISTORY"

// fileName is the database's name inside the data folder.
const fileName = "history.sqlite"

// DefaultPath returns the history file: $CUTOFF_HISTORY when set, else
// history.sqlite in Cutoff's folder of the user's data folder. That folder
// is, on Windows, %LocalAppData% (os.UserCacheDir there: a database and its
// WAL file must not roam between machines); on macOS
// ~/Library/Application Support (os.UserConfigDir there; the cache folder
// may be emptied by the system); elsewhere $XDG_DATA_HOME, by default
// ~/.local/share (data, not configuration nor a cache to throw away).
func DefaultPath() (string, error) {
	if p := os.Getenv(EnvFile); p != "" {
		return p, nil
	}
	dir, err := dataDir(runtime.GOOS)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "cutoff", fileName), nil
}

// dataDir returns the user's data folder on goos.
func dataDir(goos string) (string, error) {
	switch goos {
	case "windows":
		return os.UserCacheDir()
	case "darwin", "ios":
		return os.UserConfigDir()
	}
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", catalogError("history.no-data-folder")
	}
	return filepath.Join(home, ".local", "share"), nil
}
