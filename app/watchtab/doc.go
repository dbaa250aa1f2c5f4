// Package watchtab is the window's Watch tab: the watch list kept in the
// history file (pages and the crawler profile each is inspected as),
// re-inspected on a schedule while the window is open (history.Scheduler
// on a batch runner of app/job, the interval kept in app/prefs), each
// page's last check and what changed, and a desktop notification when a
// page's verdict changed: a critical element crossed the cutoff, robots.txt
// started or stopped blocking it, or it passed 90 % of its limit.
//
// Like every tab it imports neither package app nor another tab: the
// window gives it the history file, the inspection and the notification as
// functions.
package watchtab
