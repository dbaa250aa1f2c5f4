// Package job runs the window's long tasks off the UI thread: Runner runs one
// job of a screen at a time (a new one stops the one before, the window's
// context cancels them all) and hands its throttled progress and its result
// to the UI thread; a batch runner (NewBatchRunner) hands over every report,
// merged into batches. Bridge is the one place that calls fyne.Do.
//
// The window (package app) and every tab package share one Bridge, so that
// every path from a goroutine to a widget goes through it.
package job
