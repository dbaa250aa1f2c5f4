// Package historytab is the window's History tab: for the page the window
// shows, a small plot of its size against its limit over time, the list of
// its saved inspections (time, profile, bytes, cutoff, critical elements
// kept and lost), any of them opened read-only as its report's text, and
// two of them compared in sentences (history.Diff).
//
// The tab reads the history file (package history) off the UI thread on a
// runner of its own; it never writes it: the window saves its inspections.
// Like every tab it imports neither package app nor another tab.
package historytab
