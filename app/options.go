package app

import (
	"time"

	"fyne.io/fyne/v2"
)

// Options say how the window starts; main fills them from the command line.
type Options struct {
	// Demo starts the embedded demo site and fills in the URL of its
	// truncated page, with the URL field focused.
	Demo bool
	// URL, when not empty, is filled into the URL field and inspected at
	// start: a URL or the path of a local HTML file.
	URL string
	// Profile selects a crawler profile by ID when not empty.
	Profile string
	// ProfilesPath is the saved-profiles JSON file shared with the command
	// line; empty means fetch.DefaultSavedProfiles.
	ProfilesPath string
	// Smoke, when positive, inspects the filled-in URL at start and quits
	// when the inspection ends or after Smoke, whichever is first; the exit
	// code says whether a report arrived. `make test` uses it under Xvfb.
	Smoke time.Duration
	// HistoryPath is the history file every inspection is saved to; empty
	// means history.DefaultPath ($CUTOFF_HISTORY, else the data folder's).
	HistoryPath string
	// Lang is the language --lang asked for; "" means the one chosen in
	// the Language menu, else the system's (LC_ALL, LC_MESSAGES, LANG).
	Lang string
	// Screen is the usable screen size; the window opens no larger. Zero
	// means unknown: the remembered or default size is used as it is.
	Screen fyne.Size
}
