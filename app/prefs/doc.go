// Package prefs is what the window remembers between runs, kept in the
// app's Fyne preferences: the window's size, the last profile, the recent
// URLs, the robots.txt drafts, whether to render and the folder of the
// last export. Its keys are part of the saved state. Call a Store's
// methods on the UI thread.
package prefs
