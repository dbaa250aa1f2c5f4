// Package impacttab is the window's Impact tab: what the crawler loses,
// the full page (or the bytes read) beside the kept prefix parsed as a
// complete document, and the virtualised lists of every lost link and
// heading, which copy and export. The window prepares its Data with DataOf
// off the UI thread and shows it with Area.Show.
package impacttab
