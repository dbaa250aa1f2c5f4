// Command cutoff shows what a crawler really gets when it fetches a URL.
//
// With no arguments it opens the window; a subcommand (inspect, robots,
// verify, profiles, demo) runs headless and exits before any window exists.
// See README.md and the command-line contract in `cutoff help`.
package main

import (
	"os"

	fyneapp "fyne.io/fyne/v2/app"

	"github.com/cutoffapp/cutoff/app"
)

// appID is the application's reverse-DNS identifier; preferences live under it.
const appID = "io.github.cutoffapp.cutoff"

func main() {
	if code, handled := runCommand(os.Args[1:], os.Stdout, os.Stderr); handled {
		os.Exit(code)
	}
	opts, code, ok := parseWindowFlags(os.Args[1:], os.Stderr)
	if !ok {
		os.Exit(code)
	}
	a := fyneapp.NewWithID(appID)
	w := a.NewWindow("Cutoff")
	ui := app.New(a, w, opts)
	w.ShowAndRun()
	os.Exit(ui.ExitCode())
}
