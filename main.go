// Command cutoff shows what a crawler really gets when it fetches a URL.
//
// With no arguments it opens the window; a subcommand (inspect, robots,
// verify, profiles, demo, ...) runs headless through package cli and exits
// before any window exists. See README.md and `cutoff help`.
package main

import (
	"os"
	"runtime"
	"strings"

	fyneapp "fyne.io/fyne/v2/app"

	"github.com/cutoffapp/cutoff/app"
	"github.com/cutoffapp/cutoff/cli"
)

// appID is the application's reverse-DNS identifier; preferences live under it.
const appID = "io.github.cutoffapp.cutoff"

func main() {
	args := os.Args[1:]
	if cli.IsCommand(args) {
		attachParentConsole()
		os.Exit(cli.Run(args, os.Stdout, os.Stderr))
	}
	opts, code, ok := cli.ParseWindow(args, os.Stderr)
	if !ok {
		os.Exit(code)
	}
	if !cli.HasDisplay(runtime.GOOS, os.Getenv) {
		os.Exit(cli.DisplayProblem(os.Stderr, os.Getenv))
	}
	if p := cli.WindowPlatform(os.Getenv); p != "" {
		os.Setenv("FYNE_PLATFORM", p)
	}
	defer exitOnDisplayFailure()
	a := fyneapp.NewWithID(appID)
	w := a.NewWindow("Cutoff")
	ui := app.New(a, w, app.Options{Demo: opts.Demo, URL: opts.URL, Profile: opts.Profile, Smoke: opts.Smoke,
		Lang: opts.Lang, Screen: screenSize()})
	w.ShowAndRun()
	os.Exit(ui.ExitCode())
}

// exitOnDisplayFailure turns the panic GLFW raises when it could not start
// (a display that is set but cannot be opened) into one sentence and exit
// code 2; any other panic goes on as it was.
func exitOnDisplayFailure() {
	r := recover()
	if r == nil {
		return
	}
	if err, ok := r.(error); ok && strings.HasPrefix(err.Error(), "NotInitialized") {
		os.Exit(cli.DisplayProblem(os.Stderr, os.Getenv))
	}
	panic(r)
}
