// Command cutoff shows what a crawler really gets when it fetches a URL.
//
// With no arguments it opens the window; a subcommand (inspect, robots,
// verify, profiles, demo, ...) runs headless through package cli and exits
// before any window exists. See README.md and `cutoff help`.
package main

import (
	"os"

	fyneapp "fyne.io/fyne/v2/app"

	"github.com/cutoffapp/cutoff/app"
	"github.com/cutoffapp/cutoff/cli"
)

// appID is the application's reverse-DNS identifier; preferences live under it.
const appID = "io.github.cutoffapp.cutoff"

func main() {
	args := os.Args[1:]
	if cli.IsCommand(args) {
		os.Exit(cli.Run(args, os.Stdout, os.Stderr))
	}
	opts, code, ok := cli.ParseWindow(args, os.Stderr)
	if !ok {
		os.Exit(code)
	}
	a := fyneapp.NewWithID(appID)
	w := a.NewWindow("Cutoff")
	ui := app.New(a, w, app.Options{Demo: opts.Demo, URL: opts.URL, Profile: opts.Profile, Smoke: opts.Smoke,
		Screen: screenSize()})
	w.ShowAndRun()
	os.Exit(ui.ExitCode())
}
